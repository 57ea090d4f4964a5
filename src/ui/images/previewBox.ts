/** Spec: the hover preview is 3 times the tile, at most 500 px (2-business-data.md §2). */
export const PREVIEW_MAX = 500;
export const PREVIEW_FACTOR = 3;

export interface Rect {
  readonly left: number;
  readonly top: number;
  readonly width: number;
  readonly height: number;
}

/**
 * Where the enlarged photo goes, in viewport pixels: beside the tile (right, else left, else
 * over it), kept inside the screen, and never larger than the screen allows.
 */
export function previewBox(
  tile: Rect,
  viewport: { readonly width: number; readonly height: number },
  gap = 8,
): Rect {
  const wanted = Math.min(PREVIEW_MAX, PREVIEW_FACTOR * Math.max(tile.width, tile.height));
  const size = Math.max(0, Math.min(wanted, viewport.width - 2 * gap, viewport.height - 2 * gap));
  const right = tile.left + tile.width + gap;
  const left =
    right + size <= viewport.width - gap
      ? right
      : tile.left - gap - size >= gap
        ? tile.left - gap - size
        : Math.max(gap, Math.min(tile.left, viewport.width - gap - size));
  const top = Math.max(gap, Math.min(tile.top, viewport.height - gap - size));
  return { left, top, width: size, height: size };
}
