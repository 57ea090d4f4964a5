import type { RouteObject } from 'react-router';
import { lazyView } from '../../app/routing/lazyView.tsx';

// Each screen is its own chunk; the statistics (the heaviest) load only when opened.
const StockView = lazyView(() => import('./StockView.tsx').then((m) => m.StockView));
const InvoicesView = lazyView(() => import('./InvoicesView.tsx').then((m) => m.InvoicesView));
const StatsView = lazyView(() => import('./StatsView.tsx').then((m) => m.StatsView));
const statsNew = () => import('./StatsNewView.tsx');
const StatsNewView = lazyView(() => statsNew().then((m) => m.StatsNewView));
const AcquisitionView = lazyView(() => statsNew().then((m) => m.AcquisitionView));
const VendorHiringView = lazyView(() =>
  import('./VendorHiringView.tsx').then((m) => m.VendorHiringView),
);

/**
 * This area's routes (paths of 1-app-shell.md §2), mounted by the app's router: stock, stats,
 * stats-new with vendor hiring, and invoices. Who may open them and the alias inventory come from
 * the route table.
 */
export const pagesRoutes: RouteObject[] = [
  { path: 'stock', element: <StockView /> },
  { path: 'stats', element: <StatsView /> },
  {
    path: 'stats-new',
    element: <StatsNewView />,
    children: [
      { index: true, element: <AcquisitionView /> },
      { path: 'vendor-hiring', element: <VendorHiringView /> },
    ],
  },
  { path: 'invoices', element: <InvoicesView /> },
];
