import { describe, expect, it } from 'vitest';
import { previewBox } from './previewBox.ts';

describe('previewBox', () => {
  const screen = { width: 1280, height: 800 };

  it('is three times the tile beside it, on the right when it fits', () => {
    expect(previewBox({ left: 100, top: 100, width: 150, height: 150 }, screen)).toEqual({
      left: 258,
      top: 100,
      width: 450,
      height: 450,
    });
  });

  it('stops at 500 px and goes left near the right edge, kept on screen', () => {
    const box = previewBox({ left: 1000, top: 600, width: 200, height: 200 }, screen);
    expect(box).toEqual({ left: 492, top: 292, width: 500, height: 500 });
  });

  it('shrinks to a phone screen and overlaps the tile when neither side fits', () => {
    const box = previewBox(
      { left: 100, top: 50, width: 150, height: 150 },
      { width: 375, height: 700 },
    );
    expect(box.width).toBe(359);
    expect(box.left).toBe(8);
  });
});
