/**
 * What a photo list shows and the pure rules of ordering and rotation, shared by the tile, the
 * list and the cluster walk. Kept free of RPC types so views can use it.
 */

/** Whose photos a list shows (the same shape as the UI's `ImageOwner`). */
export type ImageListOwner =
  | { readonly kind: 'deposit'; readonly uuid: string }
  | { readonly kind: 'product'; readonly uuid: string };

/** One photo of a list, as plain data. */
export interface ImageItem {
  readonly uuid: string;
  /** Storage key of the full image. */
  readonly image: string;
  /** Storage key of the 256 px thumbnail (empty while not made). */
  readonly image256: string;
  /** 1-based position. */
  readonly order: number;
  /** Stored rotation in degrees, a multiple of 90 below 360. */
  readonly rotation: number;
  /** Deposit photos only: the vendor's group number, 0 when not grouped. */
  readonly cluster: number;
  /** Capture time in ms (deposit photos), else the creation time, else 0. */
  readonly takenAt: number;
}

/** Degrees added by one click on the rotate icon. */
export const ROTATE_STEP = 90;

/** One key per list, for the drag and drop containers and the board's registry. */
export const ownerKey = (owner: ImageListOwner): string => `${owner.kind}:${owner.uuid}`;

/** An angle brought into 0..359 (ten quarter turns, 900, are 180). */
export function normalizeRotation(degrees: number): number {
  return ((Math.round(degrees) % 360) + 360) % 360;
}

/**
 * Address of a stored photo. The rotation goes on the URL: the server serves the photo turned by
 * that angle, and a new angle is a new address, so caches never show the old one.
 */
export function mediaUrl(key: string, rotation: number): string {
  if (!key) return '';
  if (/^(https?:|data:|blob:)/.test(key)) return key;
  const path = key.startsWith('/')
    ? key
    : `/media/${key.split('/').map(encodeURIComponent).join('/')}`;
  return `${path}?rotation=${normalizeRotation(rotation)}`;
}

/** Items sorted by position, renumbered from 1. */
export function renumber(items: readonly ImageItem[]): ImageItem[] {
  return items.map((item, index) =>
    item.order === index + 1 ? item : { ...item, order: index + 1 },
  );
}

/** The list in the order of `uuids` (renumbered), or null when `uuids` is not the same set or not a change. */
export function applyOrder(
  items: readonly ImageItem[],
  uuids: readonly string[],
): ImageItem[] | null {
  if (uuids.length !== items.length) return null;
  const byUuid = new Map(items.map((item) => [item.uuid, item]));
  if (new Set(uuids).size !== uuids.length || uuids.some((uuid) => !byUuid.has(uuid))) return null;
  if (uuids.every((uuid, index) => items[index]!.uuid === uuid)) return null;
  return renumber(uuids.map((uuid) => byUuid.get(uuid)!));
}

/** The uuids after moving the item at `from` to `to` (dnd-kit's arrayMove, on uuids). */
export function moveUuid(uuids: readonly string[], from: number, to: number): string[] {
  const next = [...uuids];
  if (from < 0 || from >= next.length || to < 0 || to >= next.length) return next;
  const [moved] = next.splice(from, 1);
  next.splice(to, 0, moved!);
  return next;
}

/** The list without one photo, renumbered. */
export function withoutItem(items: readonly ImageItem[], uuid: string): ImageItem[] {
  return renumber(items.filter((item) => item.uuid !== uuid));
}
