import type { RouteObject } from 'react-router';
import { Dashboard } from '../views/Dashboard/Dashboard.tsx';
import { NoGroupView } from '../views/NoGroup/NoGroupView.tsx';
import { NotFoundView } from '../views/NotFound/NotFoundView.tsx';
import { UnrecognizedUserView } from '../views/UnrecognizedUser/UnrecognizedUserView.tsx';
import { depositRequestRoutes } from '../views/DepositRequests/routes.tsx';
import { depositRoutes } from '../views/Deposits/routes.tsx';
import { newDepositRoutes } from '../views/NewDeposit/routes.tsx';
import { peopleRoutes } from '../views/People/routes.tsx';
import { profileRoutes } from '../views/Profile/routes.tsx';
import { Layout } from './Layout.tsx';
import { OidcCallbackRoute } from './OidcCallbackRoute.tsx';
import { RequireSession } from './RequireSession.tsx';
import { RouteError } from './RouteError.tsx';

/** The running spine's routes; the public ones (1-app-shell.md §2) need no session. */
export const appRoutes: RouteObject[] = [
  {
    element: <Layout />,
    errorElement: <RouteError />,
    children: [
      {
        index: true,
        element: (
          <RequireSession>
            <Dashboard />
          </RequireSession>
        ),
      },
      ...depositRoutes,
      ...depositRequestRoutes,
      ...peopleRoutes,
      ...newDepositRoutes,
      ...profileRoutes,
      { path: 'oidc-callback', element: <OidcCallbackRoute /> },
      { path: 'no-group', element: <NoGroupView /> },
      { path: 'unrecognized-user', element: <UnrecognizedUserView /> },
      { path: '*', element: <NotFoundView /> },
    ],
  },
];
