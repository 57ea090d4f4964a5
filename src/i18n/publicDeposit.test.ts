import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { en } from './en.ts';
import { fr } from './fr.ts';
import { publicDepositTexts } from './publicDeposit.ts';

/** `{ a: { b: 'x' } }` → `['a.b']`. */
const keysOf = (tree: object, prefix = ''): string[] =>
  Object.entries(tree).flatMap(([key, value]) =>
    typeof value === 'string' ? [`${prefix}${key}`] : keysOf(value as object, `${prefix}${key}.`),
  );

/** The files the light page renders (besides Blueprint): the flow, its frame and shared parts. */
const PAGE_FILES = [
  'src/ui/newDeposit',
  'src/ui/publicDeposit',
  'src/ui/components/address',
  'src/ui/components/form',
  'src/ui/components/LanguageButtons.tsx',
  'src/ui/components/PageState.tsx',
  'src/ui/account/NotificationStack.tsx',
  'src/ui/app/StartupFailed.tsx',
];

const sources = (entry: string): string[] =>
  entry.endsWith('.tsx') || entry.endsWith('.ts')
    ? [entry]
    : readdirSync(entry)
        .filter((name) => /\.tsx?$/.test(name) && !name.includes('.test.'))
        .map((name) => path.join(entry, name));

describe('the light public page’s texts', () => {
  const light = new Set(keysOf(publicDepositTexts.fr));

  it('are the app’s own, in both languages', () => {
    const all = new Set(keysOf(fr));
    for (const key of light) expect(all.has(key), key).toBe(true);
    expect(keysOf(publicDepositTexts.en).sort()).toEqual([...light].sort());
    expect(new Set(keysOf(en)).size).toBe(all.size);
  });

  it('hold every key the page’s files name', () => {
    const named = PAGE_FILES.flatMap(sources).flatMap((file) =>
      [...readFileSync(file, 'utf8').matchAll(/\bt\(\s*'([a-zA-Z]+\.[a-zA-Z]+)'/g)].map(
        (m) => m[1]!,
      ),
    );
    expect(named.length).toBeGreaterThan(20);
    for (const key of named) expect(light.has(key), key).toBe(true);
  });
});
