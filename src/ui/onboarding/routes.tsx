import type { RouteObject } from 'react-router';
import { lazyView } from '../app/routing/lazyView.tsx';

// The onboarding screens come as one chunk, with the first of them.
const pages = () => import('./onboardingPages.tsx');
const UserTypeView = lazyView(() => pages().then((m) => m.UserTypeView));
const VendorIntroView = lazyView(() => pages().then((m) => m.VendorIntroView));
const VendorSteps = lazyView(() => pages().then((m) => m.VendorSteps));
const CustomerSteps = lazyView(() => pages().then((m) => m.CustomerSteps));

/** This area's routes: the user-type choice and the vendor and customer onboarding (/onboarding...). Access comes from the route table, not from here. */
export const onboardingRoutes: RouteObject[] = [
  {
    path: 'onboarding',
    element: <UserTypeView />,
  },
  {
    path: 'onboarding/vendor-onboarding',
    element: <VendorIntroView />,
  },
  {
    path: 'onboarding/vendor-onboarding-steps',
    element: <VendorSteps />,
  },
  {
    path: 'onboarding/customer-onboarding',
    element: <CustomerSteps />,
  },
];
