import type { RouteObject } from 'react-router';
import { lazyView } from '../app/routing/lazyView.tsx';
import { DepositorReceiptView } from './DepositorReceiptView.tsx';

const RestitutionListView = lazyView(() =>
  import('./RestitutionListView.tsx').then((m) => m.RestitutionListView),
);

/**
 * The depositor's receipt page and the vendor's list of receipts; the mail link's page stands
 * outside the shell (app/routes.tsx).
 */
export const restitutionRoutes: RouteObject[] = [
  { path: 'restitution/:depositUuid', element: <DepositorReceiptView /> },
  { path: 'restitutions', element: <RestitutionListView /> },
];
