import type { RouteObject } from 'react-router';
import { lazyView } from '../app/routing/lazyView.tsx';

const PaymentView = lazyView(() => import('./PaymentView.tsx').then((m) => m.PaymentView));

/**
 * This area's route, mounted by the app's router: the waiting screen of one payment, where the
 * provider's checkout page returns. Who may open it comes from the route table.
 */
export const paymentRoutes: RouteObject[] = [
  { path: 'payments/:paymentUuid', element: <PaymentView /> },
];
