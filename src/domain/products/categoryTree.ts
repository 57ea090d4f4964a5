/**
 * The category picker's grouping: categories under their family, families in a fixed order,
 * categories by their `order` then name. Pure, so the grouping is tested without a browser.
 */

import { FAMILIES } from '../newDeposit/depositForm.ts';

export interface TreeCategory {
  readonly uuid: string;
  readonly name: string;
  /** Family name without prefix ('WOMAN'...); '' or 'UNSPECIFIED' for categories of every family. */
  readonly family: string;
  readonly order: number;
  readonly active: boolean;
}

export interface CategoryGroup<C extends TreeCategory> {
  readonly family: string;
  readonly categories: C[];
}

/** The families in the deposit form's order, then the categories of every family. */
export const FAMILY_ORDER = [...FAMILIES, 'UNSPECIFIED'] as const;

/**
 * Groups active categories by family. An inactive category stays listed only when it is the one
 * the product already has (`keep`), so an older product never loses its category silently.
 */
export function groupCategories<C extends TreeCategory>(
  categories: readonly C[],
  keep?: string,
): CategoryGroup<C>[] {
  const groups = new Map<string, C[]>();
  for (const c of categories) {
    if (!c.active && c.uuid !== keep) continue;
    const family = c.family && c.family !== '' ? c.family : 'UNSPECIFIED';
    const list = groups.get(family) ?? [];
    list.push(c);
    groups.set(family, list);
  }
  const rank = (f: string) => {
    const i = (FAMILY_ORDER as readonly string[]).indexOf(f);
    return i === -1 ? FAMILY_ORDER.length : i;
  };
  return [...groups.entries()]
    .sort(([a], [b]) => rank(a) - rank(b) || a.localeCompare(b))
    .map(([family, list]) => ({
      family,
      categories: list.sort((a, b) => a.order - b.order || a.name.localeCompare(b.name, 'fr')),
    }));
}
