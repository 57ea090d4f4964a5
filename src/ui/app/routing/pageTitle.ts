import { matchRoute } from '../../../domain/routing/routeTable.ts';

/** Title of a path the route table does not know. */
export const NOT_FOUND_TITLE_KEY = 'routes.notFound';

/**
 * The title key of a path from the route table (aliases included); null for a route without one,
 * which shows the brand title alone.
 */
export function titleKeyOf(pathname: string): string | null {
  const match = matchRoute(pathname);
  if (!match) return NOT_FOUND_TITLE_KEY;
  return match.route.titleKey ?? null;
}

/** `Contacts · Seconde`, or the brand alone. */
export const pageTitle = (title: string | null, brand: string): string =>
  title ? `${title} · ${brand}` : brand;

/** The route name of a path, to tell a new screen from a new query or parameter. */
export const routeNameOf = (pathname: string): string | null =>
  matchRoute(pathname)?.route.name ?? null;
