import type { ReactNode } from 'react';
import type { RouteObject } from 'react-router';
import { AnnouncementsView } from './AnnouncementsView.tsx';
import { CompanyView } from './CompanyView.tsx';
import { ConnectorsView } from './ConnectorsView.tsx';
import { CustomerProfileView } from './CustomerProfileView.tsx';
import { EditProfileLayout, ForCustomer, ForVendor } from './EditProfileLayout.tsx';
import { CompanyRatesView, RatesView } from './RatesView.tsx';
import { ProfileView } from './ProfileView.tsx';
import { SubscriptionView } from './SubscriptionView.tsx';
import { PlansView } from './PlansView.tsx';
import { DeliveryPlacesView } from '../shipping/DeliveryPlacesView.tsx';

const vendor = (page: ReactNode) => <ForVendor>{page}</ForVendor>;

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
      { index: true, element: vendor(<ProfileView />) },
      {
        path: 'customer',
        element: (
          <ForCustomer>
            <CustomerProfileView />
          </ForCustomer>
        ),
      },
      { path: 'subscription', element: vendor(<SubscriptionView />) },
      { path: 'plans', element: vendor(<PlansView />) },
      { path: 'company', element: vendor(<CompanyView />) },
      { path: 'rates', element: vendor(<RatesView />) },
      { path: 'rates-company', element: vendor(<CompanyRatesView />) },
      { path: 'announcements', element: vendor(<AnnouncementsView />) },
      { path: 'connectors', element: vendor(<ConnectorsView />) },
      { path: 'delivery-places', element: vendor(<DeliveryPlacesView />) },
    ],
  },
];
