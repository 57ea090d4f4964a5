import type { ComponentType } from 'react';
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

// Each page wrapped in the record it needs (vendor children or the customer one).
function vendor(Page: ComponentType): ComponentType {
  return function VendorPage() {
    return (
      <ForVendor>
        <Page />
      </ForVendor>
    );
  };
}

export { EditProfileLayout };
export const VendorProfilePage = vendor(ProfileView);
export function CustomerProfilePage() {
  return (
    <ForCustomer>
      <CustomerProfileView />
    </ForCustomer>
  );
}
export const SubscriptionPage = vendor(SubscriptionView);
export const PlansPage = vendor(PlansView);
export const CompanyPage = vendor(CompanyView);
export const RatesPage = vendor(RatesView);
export const CompanyRatesPage = vendor(CompanyRatesView);
export const AnnouncementsPage = vendor(AnnouncementsView);
export const ConnectorsPage = vendor(ConnectorsView);
export const DeliveryPlacesPage = vendor(DeliveryPlacesView);
