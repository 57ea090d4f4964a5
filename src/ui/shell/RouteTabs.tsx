import { Classes } from '@blueprintjs/core';
import { Link, useLocation } from 'react-router';
import { choosePrefix } from './routePrefix.ts';

export interface RouteTab {
  readonly to: string;
  readonly label: string;
  /** Only the exact path is current (a page's first tab at its root). */
  readonly end?: boolean;
}

const trimPath = (path: string) => path.replace(/\/+$/, '') || '/';

/** The current tab of a path: exact for `end` tabs, else the longest path prefix (routePrefix). */
export function currentTab(tabs: readonly RouteTab[], pathname: string): string | null {
  const here = trimPath(pathname);
  const exact = tabs.find((tab) => tab.end && trimPath(tab.to) === here);
  if (exact) return exact.to;
  const prefixes = tabs.filter((tab) => !tab.end).map((tab) => tab.to);
  return choosePrefix(prefixes, pathname, '/');
}

/**
 * Tabs that are routes (tab and navigation cards, 1-app-shell.md §2): links, so they open in a new
 * tab and the back button works; the current one, chosen by path prefix, is marked `aria-current`.
 */
export function RouteTabs({ label, tabs }: { label: string; tabs: readonly RouteTab[] }) {
  const { pathname } = useLocation();
  const current = currentTab(tabs, pathname);
  return (
    <nav aria-label={label} className="seconde-route-tabs">
      {tabs.map((tab) => {
        const active = tab.to === current;
        return (
          <Link
            key={tab.to}
            to={tab.to}
            aria-current={active ? 'page' : undefined}
            className={`${Classes.BUTTON} ${Classes.MINIMAL}${active ? ` ${Classes.ACTIVE}` : ''}`}
          >
            {tab.label}
          </Link>
        );
      })}
    </nav>
  );
}
