import type { RouteObject } from 'react-router';
import { Dashboard } from '../views/Dashboard/Dashboard.tsx';
import { NoGroupView } from '../views/NoGroup/NoGroupView.tsx';
import { NotFoundView } from '../views/NotFound/NotFoundView.tsx';
import { UnrecognizedUserView } from '../views/UnrecognizedUser/UnrecognizedUserView.tsx';
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
      { path: 'oidc-callback', element: <OidcCallbackRoute /> },
      { path: 'no-group', element: <NoGroupView /> },
      { path: 'unrecognized-user', element: <UnrecognizedUserView /> },
      { path: '*', element: <NotFoundView /> },
    ],
  },
];
