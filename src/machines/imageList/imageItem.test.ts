import { describe, expect, it } from 'vitest';
import { applyOrder, mediaUrl, moveUuid, normalizeRotation, withoutItem } from './imageItem.ts';
import { testPhoto } from '../testing/photos.ts';

const photo = (n: number) => testPhoto(n);
const three = [photo(1), photo(2), photo(3)];

describe('photo order and rotation', () => {
  it('brings any angle into 0..359', () => {
    expect([900, 360, -90, 270, 45.2].map(normalizeRotation)).toEqual([180, 0, 270, 270, 45]);
  });

  it('puts the stored rotation on the media URL', () => {
    expect(mediaUrl('ab/cd e.webp', 450)).toBe('/media/ab/cd%20e.webp?rotation=90');
    expect(mediaUrl('', 90)).toBe('');
    expect(mediaUrl('https://cdn.test/x.jpg', 90)).toBe('https://cdn.test/x.jpg');
  });

  it('renumbers from 1 after a reorder, and refuses no-ops and foreign uuids', () => {
    const moved = applyOrder(three, moveUuid(['p1', 'p2', 'p3'], 0, 2));
    expect(moved?.map((p) => [p.uuid, p.order])).toEqual([
      ['p2', 1],
      ['p3', 2],
      ['p1', 3],
    ]);
    expect(applyOrder(three, ['p1', 'p2', 'p3'])).toBeNull();
    expect(applyOrder(three, ['p1', 'p2', 'p9'])).toBeNull();
    expect(applyOrder(three, ['p1', 'p1', 'p2'])).toBeNull();
    expect(moveUuid(['a', 'b'], 0, 5)).toEqual(['a', 'b']);
  });

  it('renumbers after a photo leaves', () => {
    expect(withoutItem(three, 'p1').map((p) => p.order)).toEqual([1, 2]);
  });
});
