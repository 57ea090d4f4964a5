// Preflight of `npm test`: the programs the tests take from the system, checked in milliseconds
// before any long step. Missing ones are installed with apt-get when running as root on Debian;
// otherwise the run stops at once with the exact command to type.
import { spawnSync } from 'node:child_process';
import { accessSync, constants, statSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

export const DEFAULT_CHROMIUM = '/usr/bin/chromium';
export const LIBERATION_FONT = '/usr/share/fonts/truetype/liberation/LiberationSans-Regular.ttf';

/**
 * What the tests need from the system, each with the Debian package that provides it. `file` is
 * a path that must exist, `command` a program that must be on PATH.
 */
export function requirements(env = process.env) {
  const chromium = env.CHROMIUM_PATH || DEFAULT_CHROMIUM;
  return [
    {
      what: `Chromium at ${chromium} (browser tests)`,
      file: chromium,
      package: 'chromium',
      ...(chromium !== DEFAULT_CHROMIUM && {
        hint: `CHROMIUM_PATH is set: the chromium package installs ${DEFAULT_CHROMIUM}; unset CHROMIUM_PATH or point it at a Chromium`,
      }),
    },
    {
      what: 'Liberation fonts (browser tests)',
      file: LIBERATION_FONT,
      package: 'fonts-liberation',
    },
    {
      what: 'LibreOffice headless, `soffice` (spreadsheet export tests)',
      command: 'soffice',
      package: 'libreoffice-calc-nogui',
    },
    {
      what: 'Poppler utilities, `pdftotext` `pdftoppm` `pdfdetach` (invoice and receipt PDF tests)',
      command: 'pdftotext',
      package: 'poppler-utils',
    },
    {
      what: '`xmllint` (Factur-X and SEPA XML schema tests)',
      command: 'xmllint',
      package: 'libxml2-utils',
    },
  ];
}

function isFile(file) {
  try {
    return statSync(file).isFile();
  } catch {
    return false;
  }
}

/** The first executable `name` on `searchPath` (a PATH value), or undefined. */
export function findCommand(name, searchPath = process.env.PATH ?? '') {
  for (const dir of searchPath.split(path.delimiter)) {
    if (!dir) continue;
    const candidate = path.join(dir, name);
    try {
      accessSync(candidate, constants.X_OK);
      if (isFile(candidate)) return candidate;
    } catch {
      // not here
    }
  }
  return undefined;
}

/** The requirements that the system does not meet. */
export function findMissing(env = process.env, probe = { isFile, findCommand }) {
  return requirements(env).filter((r) =>
    r.file ? !probe.isFile(r.file) : !probe.findCommand(r.command, env.PATH ?? ''),
  );
}

/**
 * What to do about `missing`: nothing; install (root with apt-get: the commands to run, in
 * order); or stop, with the exact command for the user.
 */
export function decide(missing, { isRoot, hasAptGet }) {
  if (missing.length === 0) return { action: 'none' };
  const packages = [...new Set(missing.map((r) => r.package))];
  const install = ['apt-get', 'install', '-y', '--no-install-recommends', ...packages];
  if (isRoot && hasAptGet) {
    return { action: 'install', packages, steps: [['apt-get', 'update'], install] };
  }
  const sudo = isRoot ? '' : 'sudo ';
  return {
    action: 'stop',
    packages,
    command: `${sudo}apt-get update && ${sudo}${install.join(' ')}`,
  };
}

function describe(missing, log) {
  for (const r of missing) log(`  missing: ${r.what} (Debian package ${r.package})`);
  for (const r of missing) if (r.hint) log(`  ${r.hint}`);
}

/**
 * Checks the system, installs what is missing when it can, and says so. Returns true when the
 * tests can go on.
 */
export function ensureSystemPackages({
  env = process.env,
  log = console.log,
  probe = { isFile, findCommand },
  isRoot = process.getuid?.() === 0,
  hasAptGet = Boolean(probe.findCommand('apt-get', env.PATH ?? '')),
  run = (args) =>
    spawnSync(args[0], args.slice(1), {
      stdio: 'inherit',
      env: { ...env, DEBIAN_FRONTEND: 'noninteractive' },
    }).status === 0,
} = {}) {
  log('=== system packages ===');
  const missing = findMissing(env, probe);
  const decision = decide(missing, { isRoot, hasAptGet });
  if (decision.action === 'none') {
    log('Chromium, Liberation fonts, LibreOffice (soffice), Poppler and xmllint are present.');
    return true;
  }
  describe(missing, log);
  if (decision.action === 'stop') {
    log(`\nThe tests need ${decision.packages.join(', ')}. Run this, then npm test again:`);
    log(`\n  ${decision.command}`);
    return false;
  }
  for (const step of decision.steps) {
    log(`$ DEBIAN_FRONTEND=noninteractive ${step.join(' ')}`);
    if (!run(step)) {
      log(`\n${step.join(' ')} failed.`);
      return false;
    }
  }
  const still = findMissing(env, probe);
  if (still.length > 0) {
    log('\nStill missing after the installation:');
    describe(still, log);
    return false;
  }
  log(`Installed ${decision.packages.join(', ')}.`);
  return true;
}

// `node scripts/systemPackages.mjs` runs the preflight alone.
if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  process.exit(ensureSystemPackages() ? 0 : 1);
}
