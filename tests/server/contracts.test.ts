import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

function listFiles(dir: string, prefix = ''): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory()
      ? listFiles(path.join(dir, entry.name), `${prefix}${entry.name}/`)
      : [`${prefix}${entry.name}`],
  );
}

describe('generated contracts', () => {
  it('match what buf generates from proto/ (no drift, no hand edits)', () => {
    const out = mkdtempSync(path.join(tmpdir(), 'seconde-gen-'));
    try {
      execFileSync('npx', ['buf', 'generate', '--output', out], { stdio: 'pipe' });
      const fresh = path.join(out, 'src/rpc/gen');
      const committed = path.resolve('src/rpc/gen');
      const files = listFiles(fresh).sort();
      expect(listFiles(committed).sort()).toEqual(files);
      for (const file of files) {
        expect(readFileSync(path.join(committed, file), 'utf8'), file).toBe(
          readFileSync(path.join(fresh, file), 'utf8'),
        );
      }
    } finally {
      rmSync(out, { recursive: true, force: true });
    }
  });

  it('pass buf lint', () => {
    expect(() => execFileSync('npx', ['buf', 'lint'], { stdio: 'pipe' })).not.toThrow();
  });
});
