import type { ImageItem } from '../imageList/imageItem.ts';

/** A stored photo for tests: uuid `p<n>`, key `k<n>`, taken `seconds` after a start, in `cluster`. */
export const testPhoto = (n: number, seconds = 0, cluster = 0): ImageItem => ({
  uuid: `p${n}`,
  image: `k${n}`,
  image256: '',
  order: n,
  rotation: 0,
  cluster,
  takenAt: seconds * 1000,
});
