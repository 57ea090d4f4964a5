import { Outlet } from 'react-router';

/** Where the route guard (1-app-shell.md §6) decides between the page and a redirect. */
export function GuardedOutlet() {
  return <Outlet />;
}
