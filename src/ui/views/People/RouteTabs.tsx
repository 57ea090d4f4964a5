import { Classes } from '@blueprintjs/core';
import { NavLink } from 'react-router';

export interface RouteTab {
  readonly to: string;
  readonly label: string;
  /** Only the exact path is active (the information tab at the page's root). */
  readonly end?: boolean;
}

/**
 * The tabs of a person's page, one route each: links (so they open in a new tab, and the back
 * button works) marked `aria-current` by the router.
 */
export function RouteTabs({ label, tabs }: { label: string; tabs: readonly RouteTab[] }) {
  return (
    <nav aria-label={label} className="seconde-route-tabs">
      {tabs.map((tab) => (
        <NavLink
          key={tab.to}
          to={tab.to}
          end={tab.end}
          className={({ isActive }) =>
            `${Classes.BUTTON} ${Classes.MINIMAL}${isActive ? ` ${Classes.ACTIVE}` : ''}`
          }
        >
          {tab.label}
        </NavLink>
      ))}
    </nav>
  );
}
