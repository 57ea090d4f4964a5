import type { ReactNode } from 'react';
import { Navigate, type RouteObject } from 'react-router';
import { selectMayOpenDeposit } from '../../../machines/deposit/viewer.ts';
import { RequireSession } from '../../app/RequireSession.tsx';
import { useSession } from '../../app/sessionContext.ts';
import { DepositDetails } from './DepositDetails.tsx';
import { DepositListView } from './DepositListView.tsx';
import { DepositOverview } from './DepositOverview.tsx';
import { DepositPage } from './DepositPage.tsx';

/** Deposit pages admit Developer, Admin and Vendor; others go to the Dashboard (1-app-shell.md §6). */
function StaffOrVendor({ children }: { children: ReactNode }) {
  const allowed = useSession(selectMayOpenDeposit);
  return allowed ? children : <Navigate to="/" replace />;
}

/** This area's routes (paths and aliases of 1-app-shell.md §2), mounted by the app's router. */
export const depositRoutes: RouteObject[] = [
  {
    path: 'deposits',
    element: (
      <RequireSession>
        <DepositListView />
      </RequireSession>
    ),
  },
  {
    path: 'deposit/:depositUuid',
    element: (
      <RequireSession>
        <StaffOrVendor>
          <DepositPage />
        </StaffOrVendor>
      </RequireSession>
    ),
    children: [
      { index: true, element: <DepositOverview /> },
      { path: 'details', element: <DepositDetails /> },
    ],
  },
];
