import { describe, expect, it } from 'vitest';
import {
  DEFAULT_CHROMIUM,
  LIBERATION_FONT,
  decide,
  ensureSystemPackages,
  findMissing,
} from './systemPackages.mjs';

/** A system with the given files and commands, nothing else. */
function system({ files = [], commands = [] } = {}) {
  const have = new Set(files);
  return {
    isFile: (file) => have.has(file),
    findCommand: (name) => (commands.includes(name) ? `/usr/bin/${name}` : undefined),
    install(packages) {
      if (packages.includes('chromium')) have.add(DEFAULT_CHROMIUM);
      if (packages.includes('fonts-liberation')) have.add(LIBERATION_FONT);
      if (packages.includes('libreoffice-calc-nogui')) commands.push('soffice');
      if (packages.includes('poppler-utils')) commands.push('pdftotext');
      if (packages.includes('libxml2-utils')) commands.push('xmllint');
    },
  };
}

const complete = () =>
  system({
    files: [DEFAULT_CHROMIUM, LIBERATION_FONT],
    commands: ['soffice', 'pdftotext', 'xmllint', 'apt-get'],
  });

describe('findMissing', () => {
  it('finds nothing missing on a complete system', () => {
    expect(findMissing({ PATH: '/usr/bin' }, complete())).toEqual([]);
  });

  it('names the package of each missing program', () => {
    const missing = findMissing({ PATH: '/usr/bin' }, system({ commands: ['apt-get'] }));
    expect(missing.map((r) => r.package)).toEqual([
      'chromium',
      'fonts-liberation',
      'libreoffice-calc-nogui',
      'poppler-utils',
      'libxml2-utils',
    ]);
  });

  it('looks for Chromium where CHROMIUM_PATH says', () => {
    const env = { PATH: '/usr/bin', CHROMIUM_PATH: '/opt/nowhere/chromium' };
    const missing = findMissing(env, complete());
    expect(missing).toHaveLength(1);
    expect(missing[0]).toMatchObject({ package: 'chromium', file: '/opt/nowhere/chromium' });
    expect(missing[0].hint).toMatch(/CHROMIUM_PATH/);
    expect(findMissing({ ...env, CHROMIUM_PATH: DEFAULT_CHROMIUM }, complete())).toEqual([]);
  });
});

describe('decide', () => {
  const chromium = { package: 'chromium' };
  const soffice = { package: 'libreoffice-calc-nogui' };

  it('does nothing when nothing is missing', () => {
    expect(decide([], { isRoot: false, hasAptGet: false })).toEqual({ action: 'none' });
  });

  it('installs as root with apt-get: one update, then one install', () => {
    expect(decide([chromium, soffice], { isRoot: true, hasAptGet: true })).toEqual({
      action: 'install',
      packages: ['chromium', 'libreoffice-calc-nogui'],
      steps: [
        ['apt-get', 'update'],
        [
          'apt-get',
          'install',
          '-y',
          '--no-install-recommends',
          'chromium',
          'libreoffice-calc-nogui',
        ],
      ],
    });
  });

  it('stops with the sudo command when not root', () => {
    expect(decide([chromium, chromium, soffice], { isRoot: false, hasAptGet: true })).toEqual({
      action: 'stop',
      packages: ['chromium', 'libreoffice-calc-nogui'],
      command:
        'sudo apt-get update && sudo apt-get install -y --no-install-recommends chromium libreoffice-calc-nogui',
    });
  });

  it('stops with the plain command as root without apt-get', () => {
    expect(decide([soffice], { isRoot: true, hasAptGet: false })).toMatchObject({
      action: 'stop',
      command:
        'apt-get update && apt-get install -y --no-install-recommends libreoffice-calc-nogui',
    });
  });
});

describe('ensureSystemPackages', () => {
  function runWith(probe, { isRoot, env = { PATH: '/usr/bin' } }) {
    const lines = [];
    const steps = [];
    const ok = ensureSystemPackages({
      env,
      probe,
      isRoot,
      log: (line) => lines.push(line),
      run: (step) => {
        steps.push(step.join(' '));
        if (step[1] === 'install') probe.install(step);
        return true;
      },
    });
    return { ok, output: lines.join('\n'), steps };
  }

  it('says everything is present and goes on', () => {
    const { ok, output, steps } = runWith(complete(), { isRoot: false });
    expect(ok).toBe(true);
    expect(output).toMatch(/present/);
    expect(steps).toEqual([]);
  });

  it('stops without running anything when not root, printing the exact command', () => {
    const { ok, output, steps } = runWith(system({ commands: ['apt-get'] }), { isRoot: false });
    expect(ok).toBe(false);
    expect(steps).toEqual([]);
    expect(output).toContain(
      'sudo apt-get update && sudo apt-get install -y --no-install-recommends chromium fonts-liberation libreoffice-calc-nogui poppler-utils libxml2-utils',
    );
  });

  it('installs as root, then checks again', () => {
    const probe = system({
      files: [LIBERATION_FONT],
      commands: ['pdftotext', 'xmllint', 'apt-get'],
    });
    const { ok, output, steps } = runWith(probe, { isRoot: true });
    expect(ok).toBe(true);
    expect(steps).toEqual([
      'apt-get update',
      'apt-get install -y --no-install-recommends chromium libreoffice-calc-nogui',
    ]);
    expect(output).toMatch(/Installed chromium, libreoffice-calc-nogui/);
  });

  it('fails when the installation leaves a program missing', () => {
    const env = { PATH: '/usr/bin', CHROMIUM_PATH: '/opt/nowhere/chromium' };
    const { ok, output } = runWith(complete(), { isRoot: true, env });
    expect(ok).toBe(false);
    expect(output).toMatch(/Still missing[\s\S]*unset CHROMIUM_PATH/);
  });
});
