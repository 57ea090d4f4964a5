// `npm test`: every check in order, then one summary line `N passed, N failed`.
// Vitest runs report their test counts; typecheck, lint and format count as one check each.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ensureSystemPackages } from './systemPackages.mjs';

// First, in milliseconds: the system programs the tests use, installed or asked for.
if (!ensureSystemPackages()) {
  console.log('\nFailed: system packages');
  console.log('\n0 passed, 1 failed');
  process.exit(1);
}

const out = mkdtempSync(path.join(tmpdir(), 'seconde-test-'));
let passed = 0;
let failed = 0;
const failures = [];

function run(label, command, args, env = process.env) {
  console.log(`\n=== ${label} ===`);
  const result = spawnSync(command, args, { stdio: 'inherit', env });
  return result.status === 0;
}

function check(label, command, args) {
  if (run(label, command, args)) passed += 1;
  else {
    failed += 1;
    failures.push(label);
  }
}

function vitest(label, project, env = process.env) {
  const file = path.join(out, `${label.replace(/\W+/g, '-')}.json`);
  const ok = run(
    label,
    'npx',
    [
      'vitest',
      'run',
      '--project',
      project,
      '--reporter=default',
      '--reporter=json',
      `--outputFile.json=${file}`,
    ],
    env,
  );
  if (existsSync(file)) {
    const report = JSON.parse(readFileSync(file, 'utf8'));
    passed += report.numPassedTests;
    failed += report.numFailedTests;
    if (report.numFailedTests > 0 || !ok) failures.push(label);
    if (!ok && report.numFailedTests === 0) failed += 1; // a suite that failed to load
  } else {
    failed += 1;
    failures.push(label);
  }
}

const withoutDatabaseUrl = { ...process.env };
delete withoutDatabaseUrl.DATABASE_URL;

check('typecheck', 'npx', ['tsc', '-b']);
check('lint', 'npx', ['eslint', '--max-warnings', '0', '.']);
check('format', 'npx', ['prettier', '--check', '.']);
vitest('unit and machine tests', 'unit', withoutDatabaseUrl);
vitest('server tests on PGlite', 'server', withoutDatabaseUrl);
if (process.env.DATABASE_URL) vitest('server tests on PostgreSQL', 'server', process.env);
else console.log('\n(DATABASE_URL is not set: the PostgreSQL pass is skipped; .ci/run sets it.)');
if (run('build the web app', 'npx', ['vite', 'build', '--logLevel', 'warn'])) {
  vitest('browser tests', 'browser', withoutDatabaseUrl);
} else {
  failed += 1;
  failures.push('build');
}

if (failures.length) console.log(`\nFailed: ${failures.join(', ')}`);
console.log(`\n${passed} passed, ${failed} failed`);
process.exit(failed === 0 ? 0 : 1);
