import { generatePath, Navigate, useLocation, useParams, type RouteObject } from 'react-router';
import { ROUTES } from '../../../domain/routing/routeTable.ts';

/** Every path the areas declare, joined through nested and pathless routes, without slashes. */
export function declaredPaths(routes: readonly RouteObject[], parent = ''): string[] {
  return routes.flatMap((route) => {
    const own = route.path?.replace(/^\/+|\/+$/g, '');
    const path = own ? [parent, own].filter(Boolean).join('/') : parent;
    return [...(own ? [path] : []), ...declaredPaths(route.children ?? [], path)];
  });
}

/** Sends an alias to its route's own path, keeping the parameters, the rest, the query and hash. */
function AliasRedirect({ to }: { to: string }) {
  const { '*': rest, ...params } = useParams();
  const { search, hash } = useLocation();
  const base = generatePath(`/${to}`, params);
  const tail = rest ? `/${rest}` : '';
  return <Navigate to={`${base.replace(/\/$/, '')}${tail}${search}${hash}` || '/'} replace />;
}

/**
 * One redirect per alias of the route table (French and English paths reach the same screen),
 * except aliases an area already serves itself (the public new-deposit flow keeps its base).
 */
export function aliasRoutes(served: readonly RouteObject[]): RouteObject[] {
  const declared = new Set(declaredPaths(served));
  return ROUTES.flatMap((route) =>
    (route.aliases ?? [])
      .filter((alias) => !declared.has(alias))
      .map((alias) => ({ path: `${alias}/*`, element: <AliasRedirect to={route.path} /> })),
  );
}
