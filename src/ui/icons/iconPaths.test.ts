import { readFileSync } from 'node:fs';
import { format, resolveConfig } from 'prettier';
import { describe, expect, it } from 'vitest';
import { appIconNames, iconNamesIn, pathsModule } from '../../../scripts/iconNames.ts';
import { appIconLoader } from './iconLoader.ts';

describe('the icons the app names', () => {
  it('finds names on icon lines and on the lines continuing them, and nothing else', () => {
    const text = [
      `<Button icon="refresh" text="Recharger" />`,
      `const icon = done`,
      `  ? 'tick-circle'`,
      `  : 'error';`,
      `const label = 'add';`,
      `<Icon icon={'not-an-icon'} />`,
    ].join('\n');
    expect([...iconNamesIn(text)].sort()).toEqual(['error', 'refresh', 'tick-circle']);
  });

  it.each([16, 20] as const)(
    'are all in the %i-pixel paths module (run `npm run icons` after adding one)',
    async (size) => {
      const file = `src/ui/icons/paths${size}.gen.ts`;
      const expected = await format(await pathsModule(appIconNames(), size), {
        ...(await resolveConfig(file)),
        filepath: file,
      });
      expect(readFileSync(file, 'utf8')).toBe(expected);
    },
  );

  it('loads a listed icon at both sizes and refuses one the app does not name', async () => {
    const small = await appIconLoader('tick', 16);
    expect(small[0]).toMatch(/^M/);
    expect(await appIconLoader('tick', 20)).not.toEqual(small);
    await expect(appIconLoader('airplane', 16)).rejects.toThrow(/airplane/);
  });
});
