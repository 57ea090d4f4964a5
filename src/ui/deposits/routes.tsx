import type { RouteObject } from 'react-router';
import { lazyView } from '../app/routing/lazyView.tsx';

const depositPage = () => import('./DepositPage.tsx');
const DepositListView = lazyView(() =>
  import('./DepositListView.tsx').then((m) => m.DepositListView),
);
const DepositPage = lazyView(() => depositPage().then((m) => m.DepositPage));
const DepositOverview = lazyView(() =>
  import('./DepositOverview.tsx').then((m) => m.DepositOverview),
);
const DepositDetails = lazyView(() => import('./DepositDetails.tsx').then((m) => m.DepositDetails));
const DepositRates = lazyView(() => import('./DepositRates.tsx').then((m) => m.DepositRates));

/**
 * This area's routes (paths of 1-app-shell.md §2), mounted by the app's router. Who may open them
 * comes from the route table (deposits: every recognised group; a deposit: Developer, Admin,
 * Vendor).
 */
export const depositRoutes: RouteObject[] = [
  { path: 'deposits', element: <DepositListView /> },
  {
    path: 'deposit/:depositUuid',
    element: <DepositPage />,
    children: [
      { index: true, element: <DepositOverview /> },
      { path: 'details', element: <DepositDetails /> },
      { path: 'rates', element: <DepositRates /> },
    ],
  },
];
