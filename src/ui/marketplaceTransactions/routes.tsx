import type { RouteObject } from 'react-router';
import { lazyView } from '../app/routing/lazyView.tsx';

const TransactionsView = lazyView(() =>
  import('./TransactionsView.tsx').then((m) => m.TransactionsView),
);

/** The marketplace sales page; who may open it comes from the route table. */
export const transactionRoutes: RouteObject[] = [
  { path: 'marketplace-transactions', element: <TransactionsView /> },
];
