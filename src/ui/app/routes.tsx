import type { RouteObject } from 'react-router';
import { Dashboard } from '../views/Dashboard/Dashboard.tsx';
import { depositRequestRoutes } from '../views/DepositRequests/routes.tsx';
import { depositRoutes } from '../views/Deposits/routes.tsx';
import { messagingRoutes } from '../views/Messaging/routes.tsx';
import { newDepositRoutes } from '../views/NewDeposit/routes.tsx';
import { NoGroupView } from '../views/NoGroup/NoGroupView.tsx';
import { NotFoundView } from '../views/NotFound/NotFoundView.tsx';
import { onboardingRoutes } from '../views/Onboarding/routes.tsx';
import { pagesRoutes } from '../views/Pages/routes.tsx';
import { peopleRoutes } from '../views/People/routes.tsx';
import { profileRoutes } from '../views/Profile/routes.tsx';
import { productRoutes } from '../products/routes.tsx';
import { SubscriptionConfirmedView } from '../views/Public/SubscriptionConfirmedView.tsx';
import { UnrecognizedUserView } from '../views/UnrecognizedUser/UnrecognizedUserView.tsx';
import { Layout } from './Layout.tsx';
import { OidcCallbackRoute } from './OidcCallbackRoute.tsx';
import { RouteError } from './RouteError.tsx';
import { aliasRoutes } from './routing/aliasRoutes.tsx';
import { RouteRoot } from './routing/RouteRoot.tsx';

/** The areas' own routes: paths and screens only; access and aliases come from the route table. */
const areaRoutes: RouteObject[] = [
  ...depositRoutes,
  ...depositRequestRoutes,
  ...peopleRoutes,
  ...newDepositRoutes,
  ...profileRoutes,
  ...onboardingRoutes,
  ...messagingRoutes,
  ...pagesRoutes,
  ...productRoutes,
];

/**
 * Every route of 1-app-shell.md §2. The root sets the page title and the scroll; the shell's
 * outlet runs the route guard before any page renders. The confirmation page after a payment has
 * its own public layout, outside the shell.
 */
export const appRoutes: RouteObject[] = [
  {
    element: <RouteRoot />,
    errorElement: <RouteError />,
    children: [
      { path: 'subscription-confirmed', element: <SubscriptionConfirmedView /> },
      {
        element: <Layout />,
        errorElement: <RouteError />,
        children: [
          { index: true, element: <Dashboard /> },
          ...areaRoutes,
          ...aliasRoutes(areaRoutes),
          { path: 'oidc-callback', element: <OidcCallbackRoute /> },
          { path: 'no-group', element: <NoGroupView /> },
          { path: 'unrecognized-user', element: <UnrecognizedUserView /> },
          // The guard answers it with a redirect before anything renders.
          { path: 'nouveau-vendeur-seconde-main', element: null },
          { path: '*', element: <NotFoundView /> },
        ],
      },
    ],
  },
];
