import { describe, expect, it } from 'vitest';
import { CLUSTER_GAP_MS, groupPhotos, type ClusterPhoto } from './clusters.ts';

const at = (uuid: string, order: number, seconds: number, cluster = 0): ClusterPhoto => ({
  uuid,
  order,
  takenAt: seconds * 1000,
  cluster,
});

describe('groupPhotos', () => {
  it('starts a new item after a pause longer than the gap', () => {
    const photos = [at('a', 1, 0), at('b', 2, 5), at('c', 3, 5 + CLUSTER_GAP_MS / 1000 + 1)];
    expect(groupPhotos(photos)).toEqual([['a', 'b'], ['c']]);
  });

  it('follows the list order, not the order given', () => {
    expect(groupPhotos([at('b', 2, 1), at('a', 1, 0)])).toEqual([['a', 'b']]);
  });

  it('keeps the vendor grouping over the capture times', () => {
    const photos = [at('a', 1, 0, 2), at('b', 2, 1), at('c', 3, 500, 2), at('d', 4, 501)];
    expect(groupPhotos(photos)).toEqual([['a', 'c'], ['b'], ['d']]);
  });

  it('answers no item for no photo', () => {
    expect(groupPhotos([])).toEqual([]);
  });
});
