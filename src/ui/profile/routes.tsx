import type { RouteObject } from 'react-router';
import { lazyView } from '../app/routing/lazyView.tsx';

// Edit profile's layout and pages come as one chunk, with the first of them.
const pages = () => import('./profilePages.tsx');
const EditProfileLayout = lazyView(() => pages().then((m) => m.EditProfileLayout));
const ProfileView = lazyView(() => pages().then((m) => m.VendorProfilePage));
const CustomerProfileView = lazyView(() => pages().then((m) => m.CustomerProfilePage));
const SubscriptionView = lazyView(() => pages().then((m) => m.SubscriptionPage));
const PlansView = lazyView(() => pages().then((m) => m.PlansPage));
const CompanyView = lazyView(() => pages().then((m) => m.CompanyPage));
const RatesView = lazyView(() => pages().then((m) => m.RatesPage));
const CompanyRatesView = lazyView(() => pages().then((m) => m.CompanyRatesPage));
const AnnouncementsView = lazyView(() => pages().then((m) => m.AnnouncementsPage));
const ConnectorsView = lazyView(() => pages().then((m) => m.ConnectorsPage));
const DeliveryPlacesView = lazyView(() => pages().then((m) => m.DeliveryPlacesPage));

/**
 * Edit profile and its children (1-app-shell.md §2): vendor info, customer, subscription, company,
 * rates, rates-company, announcements, connectors. Who may open edit-profile is the route table's
 * call; which children a user sees follows their record (vendor children or the customer one).
 */
export const profileRoutes: RouteObject[] = [
  {
    path: 'edit-profile',
    element: <EditProfileLayout />,
    children: [
      { index: true, element: <ProfileView /> },
      { path: 'customer', element: <CustomerProfileView /> },
      { path: 'subscription', element: <SubscriptionView /> },
      { path: 'plans', element: <PlansView /> },
      { path: 'company', element: <CompanyView /> },
      { path: 'rates', element: <RatesView /> },
      { path: 'rates-company', element: <CompanyRatesView /> },
      { path: 'announcements', element: <AnnouncementsView /> },
      { path: 'connectors', element: <ConnectorsView /> },
      { path: 'delivery-places', element: <DeliveryPlacesView /> },
    ],
  },
];
