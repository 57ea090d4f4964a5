import type { ReactNode } from 'react';

/**
 * Former per-view session check. The route guard (`routing/GuardedOutlet.tsx`) now decides every
 * route from the route table before any view renders, so this only passes its children through;
 * it stays for views not yet rid of it.
 *
 * @deprecated Access comes from the route table; do not wrap new routes.
 */
export function RequireSession({ children }: { children: ReactNode }) {
  return children;
}
