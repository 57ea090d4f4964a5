import type { RouteObject } from 'react-router';
import { selectCanSeeMarketplace } from '../../../machines/people/access.ts';
import { Gate } from '../People/Gate.tsx';
import { ProfileView } from './ProfileView.tsx';
import { SubscriptionView } from './SubscriptionView.tsx';

/** The vendor's own profile and subscription (1-app-shell.md §2 edit-profile routes). */
export const profileRoutes: RouteObject[] = [
  {
    path: 'edit-profile',
    element: (
      <Gate allowed={selectCanSeeMarketplace}>
        <ProfileView />
      </Gate>
    ),
  },
  {
    path: 'edit-profile/subscription',
    element: (
      <Gate allowed={selectCanSeeMarketplace}>
        <SubscriptionView />
      </Gate>
    ),
  },
];
