/**
 * Picking in a chip selector (1-app-shell.md §5): a picked chip is unpicked; in multiple mode
 * with a maximum, a new pick when full replaces the entry at the last position; in single mode a
 * pick replaces the choice. Pure.
 */
export function toggleChip<T>(
  selected: readonly T[],
  value: T,
  options: { multiple: boolean; max?: number },
): T[] {
  if (selected.includes(value)) return selected.filter((v) => v !== value);
  if (!options.multiple) return [value];
  const max = options.max ?? Infinity;
  if (max <= 0) return [...selected];
  if (selected.length >= max) return [...selected.slice(0, max - 1), value];
  return [...selected, value];
}
