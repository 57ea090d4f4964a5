import type { RouteObject } from 'react-router';
import { lazyView } from '../app/routing/lazyView.tsx';

// Each screen is its own chunk: the statistics are the heaviest and load only when opened.
const statsView = () => import('./StatsView.tsx');
const StatsView = lazyView(() => statsView().then((m) => m.StatsView));
const MyStatsView = lazyView(() => statsView().then((m) => m.MyStatsView));
const statsNew = () => import('./StatsNewView.tsx');
const StatsNewView = lazyView(() => statsNew().then((m) => m.StatsNewView));
const AcquisitionView = lazyView(() => statsNew().then((m) => m.AcquisitionView));
const VendorHiringView = lazyView(() =>
  import('./VendorHiringView.tsx').then((m) => m.VendorHiringView),
);

/**
 * This area's routes (paths of 1-app-shell.md §2), mounted by the app's router: stats, a
 * vendor's my-stats, and stats-new with vendor hiring. Who may open them and the alias inventory come from the route
 * table.
 */
export const statsRoutes: RouteObject[] = [
  { path: 'stats', element: <StatsView /> },
  { path: 'my-stats', element: <MyStatsView /> },
  {
    path: 'stats-new',
    element: <StatsNewView />,
    children: [
      { index: true, element: <AcquisitionView /> },
      { path: 'vendor-hiring', element: <VendorHiringView /> },
    ],
  },
];
