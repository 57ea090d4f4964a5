import type { RouteObject } from 'react-router';
import { lazyView } from '../app/routing/lazyView.tsx';

const SepaBatchView = lazyView(() => import('./SepaBatchView.tsx').then((m) => m.SepaBatchView));

/** The batch payouts page, mounted by the app's router; who may open it comes from the route table. */
export const payoutRoutes: RouteObject[] = [{ path: 'payouts', element: <SepaBatchView /> }];
