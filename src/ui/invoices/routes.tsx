import type { RouteObject } from 'react-router';
import { lazyView } from '../app/routing/lazyView.tsx';

const InvoicesView = lazyView(() => import('./InvoicesView.tsx').then((m) => m.InvoicesView));

/**
 * This area's route (path of 1-app-shell.md §2), mounted by the app's router. Who may open it and
 * the alias inventory come from the route table.
 */
export const invoicesRoutes: RouteObject[] = [{ path: 'invoices', element: <InvoicesView /> }];
