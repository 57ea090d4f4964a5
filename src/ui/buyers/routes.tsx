import type { RouteObject } from 'react-router';
import { lazyView } from '../app/routing/lazyView.tsx';

const BuyersView = lazyView(() => import('./BuyersView.tsx').then((m) => m.BuyersView));

/** The buyers page, mounted by the app's router; who may open it comes from the route table. */
export const buyerRoutes: RouteObject[] = [{ path: 'buyers', element: <BuyersView /> }];
