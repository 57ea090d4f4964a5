import { readFile } from 'node:fs/promises';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { parseExifDate, readExif, swapsSides } from './exif.ts';

const fixture = (name: string) =>
  readFile(new URL(`../../../tests/fixtures/images/${name}`, import.meta.url));

describe('readExif', () => {
  it('reads the orientation of a rotated phone photo', async () => {
    expect(readExif(new Uint8Array(await fixture('exif-orientation-6.jpg')))).toEqual({
      orientation: 6,
      takenAt: null,
    });
  });

  it('defaults without EXIF', async () => {
    expect(readExif(new Uint8Array(await fixture('photo-12mp.jpg')))).toEqual({
      orientation: 1,
      takenAt: null,
    });
    expect(readExif(new Uint8Array(await fixture('photo.png')))).toEqual({
      orientation: 1,
      takenAt: null,
    });
    expect(readExif(new Uint8Array([1, 2, 3]))).toEqual({ orientation: 1, takenAt: null });
  });

  it('reads DateTimeOriginal with its offset, in JPEG and WebP', async () => {
    const exif = {
      IFD0: { Orientation: '8' },
      IFD2: { DateTimeOriginal: '2024:05:01 14:30:12', OffsetTimeOriginal: '+02:00' },
    };
    const base = sharp({ create: { width: 8, height: 6, channels: 3, background: 'red' } });
    for (const bytes of [
      await base.clone().jpeg().withExif(exif).toBuffer(),
      await base.clone().webp().withExif(exif).toBuffer(),
    ]) {
      const facts = readExif(new Uint8Array(bytes));
      expect(facts.takenAt).toBe(Date.UTC(2024, 4, 1, 12, 30, 12));
    }
  });
});

describe('parseExifDate', () => {
  it('reads local time without an offset and refuses nonsense', () => {
    expect(parseExifDate('2024:05:01 14:30:12')).toBe(new Date(2024, 4, 1, 14, 30, 12).getTime());
    expect(parseExifDate('2024:05:01 14:30:12', '-05:00')).toBe(Date.UTC(2024, 4, 1, 19, 30, 12));
    expect(parseExifDate('0000:00:00 00:00:00')).toBeNull();
    expect(parseExifDate('yesterday')).toBeNull();
  });

  it('orientations 5 to 8 swap the sides', () => {
    expect([1, 2, 3, 4, 5, 6, 7, 8].map(swapsSides)).toEqual([
      false,
      false,
      false,
      false,
      true,
      true,
      true,
      true,
    ]);
  });
});
