import type { RouteObject } from 'react-router';
import { lazyView } from '../app/routing/lazyView.tsx';

const StockView = lazyView(() => import('./StockView.tsx').then((m) => m.StockView));

/**
 * This area's route (path of 1-app-shell.md §2), mounted by the app's router. Who may open it and
 * the alias inventory come from the route table.
 */
export const stockRoutes: RouteObject[] = [{ path: 'stock', element: <StockView /> }];
