/**
 * How a deposit's photos are grouped into items (2-business-data.md §7 names clusters but not how
 * they form; the rule is in docs/decisions.md). A vendor photographs one item from a few angles in
 * quick succession, then sets up the next one: a pause longer than CLUSTER_GAP_MS between two
 * consecutive photos starts a new item. A vendor's correction (a cluster number set on the photo)
 * always wins over the automatic grouping.
 */
export const CLUSTER_GAP_MS = 30_000;

export interface ClusterPhoto {
  readonly uuid: string;
  /** 1-based position in the deposit's list. */
  readonly order: number;
  /** Capture time in ms (EXIF, else the file's date, else the upload time). */
  readonly takenAt: number;
  /** The vendor's grouping: photos sharing a number > 0 form one item; 0 is "not grouped yet". */
  readonly cluster: number;
}

/** The photos' items, in the order of their first photo; each item lists its photos in order. */
export function groupPhotos(photos: readonly ClusterPhoto[]): string[][] {
  const sorted = [...photos].sort((a, b) => a.order - b.order || a.takenAt - b.takenAt);
  const manual = new Map<number, string[]>();
  const groups: string[][] = [];
  let current: string[] | null = null;
  let last = Number.NEGATIVE_INFINITY;
  for (const photo of sorted) {
    if (photo.cluster > 0) {
      const group = manual.get(photo.cluster);
      if (group) group.push(photo.uuid);
      else {
        const created = [photo.uuid];
        manual.set(photo.cluster, created);
        groups.push(created);
      }
      continue;
    }
    if (!current || Math.abs(photo.takenAt - last) > CLUSTER_GAP_MS) {
      current = [];
      groups.push(current);
    }
    current.push(photo.uuid);
    last = photo.takenAt;
  }
  return groups;
}
