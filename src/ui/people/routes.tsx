import type { RouteObject } from 'react-router';
import { lazyView } from '../app/routing/lazyView.tsx';

// Each screen is its own chunk; the tabs of a page come with it.
const customerPage = () => import('./CustomerPage.tsx');
const vendorPage = () => import('./VendorPage.tsx');
const ownAccount = () => import('./OwnAccount.tsx');
const CustomerListView = lazyView(() =>
  import('./CustomerListView.tsx').then((m) => m.CustomerListView),
);
const CustomerPage = lazyView(() => customerPage().then((m) => m.CustomerPage));
const CustomerInfoTab = lazyView(() => customerPage().then((m) => m.CustomerInfoTab));
const CustomerDressingTab = lazyView(() => customerPage().then((m) => m.CustomerDressingTab));
const CustomerInvoicesTab = lazyView(() => customerPage().then((m) => m.CustomerInvoicesTab));
const CustomerBalanceTab = lazyView(() => customerPage().then((m) => m.CustomerBalanceTab));
const VendorListView = lazyView(() => import('./VendorListView.tsx').then((m) => m.VendorListView));
const VendorPage = lazyView(() => vendorPage().then((m) => m.VendorPage));
const VendorInfoTab = lazyView(() => vendorPage().then((m) => m.VendorInfoTab));
const VendorCompanyTab = lazyView(() => vendorPage().then((m) => m.VendorCompanyTab));
const VendorDepositsTab = lazyView(() => vendorPage().then((m) => m.VendorDepositsTab));
const VendorDressingTab = lazyView(() => vendorPage().then((m) => m.VendorDressingTab));
const VendorInvoicesTab = lazyView(() => vendorPage().then((m) => m.VendorInvoicesTab));
const OwnDressingView = lazyView(() => ownAccount().then((m) => m.OwnDressingView));
const OwnInformationView = lazyView(() => ownAccount().then((m) => m.OwnInformationView));

/**
 * This area's routes (paths of 1-app-shell.md §2), mounted by the app's router. Who may open them
 * and their aliases (customers, customer/:customerUuid) come from the route table.
 */
export const peopleRoutes: RouteObject[] = [
  { path: 'contacts', element: <CustomerListView /> },
  {
    path: 'contact/:customerUuid',
    element: <CustomerPage />,
    children: [
      { index: true, element: <CustomerInfoTab /> },
      { path: 'dressing/:depositUuid?', element: <CustomerDressingTab /> },
      { path: 'invoices', element: <CustomerInvoicesTab /> },
      { path: 'balance', element: <CustomerBalanceTab /> },
    ],
  },
  { path: 'vendors', element: <VendorListView /> },
  {
    path: 'vendor/:vendorUuid',
    element: <VendorPage />,
    children: [
      { index: true, element: <VendorInfoTab /> },
      { path: 'company', element: <VendorCompanyTab /> },
      { path: 'deposits', element: <VendorDepositsTab /> },
      { path: 'dressing/:depositUuid?', element: <VendorDressingTab /> },
      { path: 'invoices', element: <VendorInvoicesTab /> },
    ],
  },
  { path: 'dressing/:depositUuid?', element: <OwnDressingView /> },
  { path: 'my-information', element: <OwnInformationView /> },
];
