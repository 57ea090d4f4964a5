import type { RouteObject } from 'react-router';
import { Dashboard } from '../dashboard/Dashboard.tsx';
import { buyerRoutes } from '../buyers/routes.tsx';
import { transactionRoutes } from '../marketplaceTransactions/routes.tsx';
import { depositRequestRoutes } from '../depositRequests/routes.tsx';
import { dac7Routes } from '../dac7/routes.tsx';
import { depositRoutes } from '../deposits/routes.tsx';
import { invoicesRoutes } from '../invoices/routes.tsx';
import { policeRegisterRoutes } from '../policeRegister/routes.tsx';
import { messagingRoutes } from '../messaging/routes.tsx';
import { newDepositRoutes } from '../newDeposit/appRoutes.tsx';
import { onboardingRoutes } from '../onboarding/routes.tsx';
import { peopleRoutes } from '../people/routes.tsx';
import { payoutRoutes } from '../payouts/routes.tsx';
import { paymentRoutes } from '../payments/routes.tsx';
import { productRoutes } from '../products/routes.tsx';
import { profileRoutes } from '../profile/routes.tsx';
import { restitutionRoutes } from '../restitution/routes.tsx';
import { statsRoutes } from '../stats/routes.tsx';
import { stockRoutes } from '../stock/routes.tsx';
import { Layout } from './Layout.tsx';
import { NotFoundView } from './NotFoundView.tsx';
import { OidcCallbackRoute } from './OidcCallbackRoute.tsx';
import { RouteError } from './RouteError.tsx';
import { aliasRoutes } from './routing/aliasRoutes.tsx';
import { lazyView } from './routing/lazyView.tsx';
import { RouteRoot } from './routing/RouteRoot.tsx';

// Screens outside the areas, each loaded with its route.
const SubscriptionConfirmedView = lazyView(() =>
  import('../public/SubscriptionConfirmedView.tsx').then((m) => m.SubscriptionConfirmedView),
);
const RestitutionReceiptLinkView = lazyView(() =>
  import('../restitution/RestitutionReceiptLinkView.tsx').then((m) => m.RestitutionReceiptLinkView),
);
const NoGroupView = lazyView(() => import('../session/NoGroupView.tsx').then((m) => m.NoGroupView));
const UnrecognizedUserView = lazyView(() =>
  import('../session/UnrecognizedUserView.tsx').then((m) => m.UnrecognizedUserView),
);

/** The areas' own routes: paths and screens only; access and aliases come from the route table. */
const areaRoutes: RouteObject[] = [
  ...depositRoutes,
  ...depositRequestRoutes,
  ...peopleRoutes,
  ...payoutRoutes,
  ...buyerRoutes,
  ...transactionRoutes,
  ...paymentRoutes,
  ...newDepositRoutes,
  ...profileRoutes,
  ...onboardingRoutes,
  ...messagingRoutes,
  ...stockRoutes,
  ...statsRoutes,
  ...invoicesRoutes,
  ...policeRegisterRoutes,
  ...dac7Routes,
  ...productRoutes,
  ...restitutionRoutes,
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
      { path: 'restitution-receipt/:token', element: <RestitutionReceiptLinkView /> },
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
