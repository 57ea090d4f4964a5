import { describe, expect, it } from 'vitest';
import { testPhoto } from '../testing/photos.ts';
import { groupsOf, indexAfterMove, moveToNeighbour, withClusters } from './clusterSteps.ts';

const photo = (n: number, seconds: number, cluster = 0) => testPhoto(n, seconds, cluster);

describe('cluster corrections', () => {
  const photos = [photo(1, 0), photo(2, 5), photo(3, 100), photo(4, 110), photo(5, 300)];
  const groups = groupsOf(photos);

  it('groups by pauses over 30 seconds', () => {
    expect(groups).toEqual([['p1', 'p2'], ['p3', 'p4'], ['p5']]);
  });

  it('moves a photo to the previous group, at its end', () => {
    expect(moveToNeighbour(groups, 1, 'p3', -1)).toEqual([['p1', 'p2', 'p3'], ['p4'], ['p5']]);
  });

  it('moves a photo to the next group, at its start, and drops an emptied group', () => {
    expect(moveToNeighbour(groups, 2, 'p5', 1)).toBeNull();
    expect(moveToNeighbour(groups, 0, 'p9', 1)).toBeNull();
    const next = moveToNeighbour([['p1'], ['p2', 'p3']], 0, 'p1', 1);
    expect(next).toEqual([['p1', 'p2', 'p3']]);
  });

  it('keeps a saved grouping when the photos are grouped again', () => {
    const moved = moveToNeighbour(groups, 1, 'p4', 1)!;
    const saved = withClusters(photos, moved);
    expect(saved.map((p) => p.cluster)).toEqual([1, 1, 2, 3, 3]);
    expect(groupsOf(saved)).toEqual(moved);
    expect(indexAfterMove(groupsOf(saved), ['p3', 'p4'], 'p4')).toBe(1);
    expect(indexAfterMove([['p1', 'p2', 'p3']], ['p3'], 'p3')).toBe(0);
  });
});
