import { useTranslation } from 'react-i18next';
import { Navigate, Outlet } from 'react-router';
import { selectCustomerUuid, selectVendorUuid } from '../../machines/people/access.ts';
import { useSession } from '../app/sessionContext.ts';
import { RouteTabs, type RouteTab } from '../shell/RouteTabs.tsx';

/** The vendor's children of edit-profile, in the order of 1-app-shell.md §2. */
const VENDOR_TABS: readonly (RouteTab & { key: string })[] = [
  { key: 'tabVendor', to: '/edit-profile', label: '', end: true },
  { key: 'tabSubscription', to: '/edit-profile/subscription', label: '' },
  { key: 'tabCompany', to: '/edit-profile/company', label: '' },
  { key: 'tabRates', to: '/edit-profile/rates', label: '' },
  { key: 'tabRatesCompany', to: '/edit-profile/rates-company', label: '' },
  { key: 'tabAnnouncements', to: '/edit-profile/announcements', label: '' },
  { key: 'tabConnectors', to: '/edit-profile/connectors', label: '' },
  { key: 'tabDeliveryPlaces', to: '/edit-profile/delivery-places', label: '' },
];

function ProfileTabs() {
  const { t } = useTranslation();
  const vendorUuid = useSession(selectVendorUuid);
  // A customer has one child only: no tabs to choose from.
  if (!vendorUuid) return null;
  return (
    <RouteTabs
      label={t('profile.tabsLabel')}
      tabs={VENDOR_TABS.map(({ key, ...tab }) => ({ ...tab, label: t(`profile.${key}`) }))}
    />
  );
}

/**
 * `/edit-profile/*`: the children's tabs, chosen by route prefix, then the child. Vendors see the
 * vendor children, customers only their own information (1-app-shell.md §2).
 */
export function EditProfileLayout() {
  return (
    <div className="seconde-page">
      <ProfileTabs />
      <Outlet />
    </div>
  );
}

/** A vendor child: a customer is sent to their own child instead. */
export function ForVendor({ children }: { children: React.ReactNode }) {
  const vendorUuid = useSession(selectVendorUuid);
  const customerUuid = useSession(selectCustomerUuid);
  if (!vendorUuid && customerUuid) return <Navigate to="/edit-profile/customer" replace />;
  return children;
}

/** The customer child: a vendor is sent to their vendor information instead. */
export function ForCustomer({ children }: { children: React.ReactNode }) {
  const vendorUuid = useSession(selectVendorUuid);
  if (vendorUuid) return <Navigate to="/edit-profile" replace />;
  return children;
}
