/** A select with a maximum keeps the first `max` entries of a selection (1-app-shell.md §5). */
export function truncateSelection<T>(values: readonly T[], max: number | undefined): T[] {
  if (max === undefined || values.length <= max) return [...values];
  return values.slice(0, Math.max(0, max));
}

/** Adds or removes one entry, keeping the order of the options and the maximum. */
export function toggleSelection<T>(
  selected: readonly T[],
  value: T,
  on: boolean,
  order: readonly T[],
  max?: number,
): T[] {
  const next = on
    ? [...selected.filter((v) => v !== value), value]
    : selected.filter((v) => v !== value);
  const kept = truncateSelection(next, max);
  return order.filter((v) => kept.includes(v));
}
