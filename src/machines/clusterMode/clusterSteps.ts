import { groupPhotos } from '../../domain/images/clusters.ts';
import type { ImageItem } from '../imageList/imageItem.ts';

/** The items a deposit's photos form (the server groups them the same way), as uuids. */
export const groupsOf = (photos: readonly ImageItem[]): string[][] => groupPhotos(photos);

/**
 * The groups after moving one photo of group `index` into the previous (-1) or next (+1) group;
 * null when there is no such neighbour. A group left empty disappears.
 */
export function moveToNeighbour(
  groups: readonly (readonly string[])[],
  index: number,
  uuid: string,
  direction: -1 | 1,
): string[][] | null {
  const target = index + direction;
  const source = groups[index];
  if (!source?.includes(uuid) || target < 0 || target >= groups.length) return null;
  const next = groups.map((group) => [...group]);
  next[index] = next[index]!.filter((candidate) => candidate !== uuid);
  if (direction < 0) next[target]!.push(uuid);
  else next[target]!.unshift(uuid);
  return next.filter((group) => group.length > 0);
}

/** The photos numbered by their group (1-based), as the server stores a saved grouping. */
export function withClusters(
  photos: readonly ImageItem[],
  groups: readonly (readonly string[])[],
): ImageItem[] {
  const clusterOf = new Map(groups.flatMap((group, i) => group.map((uuid) => [uuid, i + 1])));
  return photos.map((photo) => ({ ...photo, cluster: clusterOf.get(photo.uuid) ?? 0 }));
}

/** Where the walk stands after a correction: the group still holding `anchor`'s photos. */
export function indexAfterMove(
  groups: readonly (readonly string[])[],
  before: readonly string[],
  moved: string,
): number {
  const stay = before.filter((uuid) => uuid !== moved);
  const look = stay.length > 0 ? stay : [moved];
  const found = groups.findIndex((group) => group.some((uuid) => look.includes(uuid)));
  return Math.max(0, found);
}
