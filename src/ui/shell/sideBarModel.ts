import {
  ROUTES,
  admitsGroups,
  matchRoute,
  type RouteSpec,
} from '../../domain/routing/routeTable.ts';
import type { GroupName } from '../../domain/roles.ts';
import { choosePrefix } from './routePrefix.ts';

/** One side-bar entry (1-app-shell.md §2 "Side bar"). */
export interface SideBarItem {
  /** The route's name (or the appended item's own). */
  readonly name: string;
  readonly to: string;
  /** Blueprint icon name. */
  readonly icon: string;
  readonly labelKey: string;
  readonly subtitleKey?: string;
  readonly children: readonly SideBarItem[];
  readonly disabled: boolean;
  /** Opens in a new tab (a page outside the signed-in area). */
  readonly external: boolean;
}

interface Appended extends Omit<SideBarItem, 'children' | 'disabled' | 'external'> {
  readonly roles: readonly GroupName[];
  readonly external: boolean;
}

/**
 * Items after the route table's: the public new-deposit form, which vendors share with their
 * customers and customers use to deposit more; it opens in a new tab so the app stays open.
 */
const APPENDED: readonly Appended[] = [
  {
    name: 'newDeposit',
    to: '/nouveau-depot-seconde-main',
    icon: 'add',
    labelKey: 'nav.newDeposit',
    subtitleKey: 'shell.newDepositSubtitle',
    roles: ['Vendor', 'Customer'],
    external: true,
  },
];

/** `dressing/:depositUuid?` → `/dressing`; null when the path needs a parameter. */
function linkOf(route: RouteSpec): string | null {
  const parts = route.path.split('/').filter(Boolean);
  if (parts.some((part) => part.startsWith(':') && !part.endsWith('?'))) return null;
  return `/${parts.filter((part) => !part.startsWith(':')).join('/')}`;
}

function visible(route: RouteSpec, groups: readonly string[], role: GroupName): boolean {
  const { nav, access } = route;
  if (!nav || linkOf(route) === null) return false;
  if (access.kind === 'public' || access.kind === 'onboarding') return false;
  if (!admitsGroups(route, groups)) return false;
  return !nav.roles || nav.roles.includes(role);
}

function itemOf(route: RouteSpec, groups: readonly string[], role: GroupName): SideBarItem {
  const nav = route.nav!;
  return {
    name: route.name,
    to: linkOf(route)!,
    icon: nav.icon,
    labelKey: nav.labelKey,
    ...(nav.subtitleKey && { subtitleKey: nav.subtitleKey }),
    children: ROUTES.filter(
      (child) =>
        child.name.startsWith(`${route.name}.`) &&
        !child.name.slice(route.name.length + 1).includes('.') &&
        visible(child, groups, role),
    ).map((child) => itemOf(child, groups, role)),
    disabled: nav.disabled ?? false,
    external: false,
  };
}

const byOrder = (a: RouteSpec, b: RouteSpec) => a.nav!.order - b.nav!.order;

/**
 * The side bar of a signed-in user, from the one route table: routes with a side-bar entry whose
 * access admits the user's groups and whose entry is meant for their main role, in order, then
 * the appended items. Nothing before the role is known.
 */
export function sideBarItems(groups: readonly string[], role: GroupName | null): SideBarItem[] {
  if (!role) return [];
  const top = ROUTES.filter((r) => !r.name.includes('.') && visible(r, groups, role)).sort(byOrder);
  return [
    ...top.map((route) => itemOf(route, groups, role)),
    ...APPENDED.filter((item) => item.roles.includes(role)).map(
      ({ roles: _roles, ...item }): SideBarItem => ({ ...item, children: [], disabled: false }),
    ),
  ];
}

/** Every item with its children, flat. */
function flatten(items: readonly SideBarItem[]): SideBarItem[] {
  return items.flatMap((item) => [item, ...flatten(item.children)]);
}

/**
 * The item of the current path: the one whose route name is the current route's or a prefix of
 * it, so the dashboard is current only on '/'. Appended items (pages outside) never are.
 */
export function currentItem(items: readonly SideBarItem[], pathname: string): string | null {
  const current = matchRoute(pathname)?.route.name ?? null;
  const names = flatten(items)
    .filter((item) => !item.external)
    .map((item) => item.name);
  return choosePrefix(names, current, '.');
}
