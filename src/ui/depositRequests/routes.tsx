import type { RouteObject } from 'react-router';
import { lazyView } from '../app/routing/lazyView.tsx';

const MarketplaceView = lazyView(() =>
  import('./MarketplaceView.tsx').then((m) => m.MarketplaceView),
);
const DepositRequestsView = lazyView(() =>
  import('./DepositRequestsView.tsx').then((m) => m.DepositRequestsView),
);
const OutboxView = lazyView(() => import('./OutboxView.tsx').then((m) => m.OutboxView));

/**
 * This area's routes (paths of 1-app-shell.md §2), mounted by the app's router. Who may open them
 * and the alias deposits-available come from the route table.
 */
export const depositRequestRoutes: RouteObject[] = [
  { path: 'marketplace', element: <MarketplaceView /> },
  { path: 'deposit-requests', element: <DepositRequestsView /> },
  { path: 'outbox', element: <OutboxView /> },
];
