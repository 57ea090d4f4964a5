/** Whose photos a list shows. */
export type ImageOwner =
  | { readonly kind: 'deposit'; readonly uuid: string }
  | { readonly kind: 'product'; readonly uuid: string };

export interface ImageListProps {
  readonly owner: ImageOwner;
  /** Shows a select checkbox on each tile. */
  readonly selectable?: boolean;
  readonly selected?: ReadonlySet<string>;
  readonly onSelectedChange?: (selected: ReadonlySet<string>) => void;
  /** Read-only lists (invoiced product, customer) show tiles without rotate, delete or drag. */
  readonly readOnly?: boolean;
  /** Changing it reloads the list (after an upload, say). */
  readonly reloadKey?: number;
}

/**
 * A sortable list of image tiles (rotate, delete, hover preview, drag to reorder and to move to
 * another list inside the same ImageBoard). Placeholder until the tiles work lands.
 */
export function ImageList(_props: ImageListProps) {
  return null;
}
