/** The people pages' tabs are the shell's shared route tabs (chosen by path prefix). */
export { RouteTabs, type RouteTab } from '../shell/RouteTabs.tsx';
