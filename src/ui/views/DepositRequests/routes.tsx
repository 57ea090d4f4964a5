import { Navigate, type RouteObject } from 'react-router';
import { selectCanSeeMarketplace, selectIsAdminLevel } from '../../../machines/people/access.ts';
import { Gate } from '../People/Gate.tsx';
import { DepositRequestsView } from './DepositRequestsView.tsx';
import { MarketplaceView } from './MarketplaceView.tsx';
import { OutboxView } from './OutboxView.tsx';

/** This area's routes (paths and aliases of 1-app-shell.md §2), mounted by the app's router. */
export const depositRequestRoutes: RouteObject[] = [
  {
    path: 'marketplace',
    element: (
      <Gate allowed={selectCanSeeMarketplace}>
        <MarketplaceView />
      </Gate>
    ),
  },
  { path: 'deposits-available', element: <Navigate to="/marketplace" replace /> },
  {
    path: 'deposit-requests',
    element: (
      <Gate allowed={selectIsAdminLevel}>
        <DepositRequestsView />
      </Gate>
    ),
  },
  {
    path: 'outbox',
    element: (
      <Gate allowed={selectIsAdminLevel}>
        <OutboxView />
      </Gate>
    ),
  },
];
