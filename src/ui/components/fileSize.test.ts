import { describe, expect, it } from 'vitest';
import { fileSize } from './fileSize.ts';

describe('fileSize', () => {
  it.each([
    [0, 'fr', 'forms.kilobytes', '0'],
    [200, 'fr', 'forms.kilobytes', '1'],
    [1024, 'fr', 'forms.kilobytes', '1'],
    [500 * 1024, 'fr', 'forms.kilobytes', '500'],
    [1024 * 1024 - 1, 'en', 'forms.kilobytes', '1,024'],
    [1024 * 1024, 'fr', 'forms.megabytes', '1,00'],
    [1.5 * 1024 * 1024, 'en', 'forms.megabytes', '1.50'],
    [12.345 * 1024 * 1024, 'fr', 'forms.megabytes', '12,35'],
  ])('%i bytes in %s: %s %s', (bytes, language, key, size) => {
    expect(fileSize(bytes, language)).toEqual({ key, size });
  });
});
