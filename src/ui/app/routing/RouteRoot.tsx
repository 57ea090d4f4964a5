import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, useLocation } from 'react-router';
import { pageTitle, routeNameOf, titleKeyOf } from './pageTitle.ts';

/**
 * The root of every route: sets the page title from the route table (re-set when the language
 * changes) and scrolls to the top only when the route name changes, not on a new query or
 * parameter (1-app-shell.md §2).
 */
export function RouteRoot() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const titleKey = titleKeyOf(pathname);
  const title = pageTitle(titleKey && t(titleKey), t('app.title'));
  const routeName = routeNameOf(pathname);

  useEffect(() => {
    document.title = title;
  }, [title]);

  useEffect(() => {
    window.scrollTo(0, 0);
  }, [routeName]);

  return <Outlet />;
}
