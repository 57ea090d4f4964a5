import type { ReactNode } from 'react';
import { Navigate, useParams, type RouteObject } from 'react-router';
import {
  selectCanSeeContacts,
  selectIsAdminLevel,
  selectIsCustomer,
} from '../../../machines/people/access.ts';
import {
  CustomerDressingTab,
  CustomerInfoTab,
  CustomerInvoicesTab,
  CustomerPage,
} from './CustomerPage.tsx';
import { CustomerListView } from './CustomerListView.tsx';
import { Gate } from './Gate.tsx';
import { OwnDressingView, OwnInformationView } from './OwnAccount.tsx';
import {
  VendorCompanyTab,
  VendorDepositsTab,
  VendorDressingTab,
  VendorInfoTab,
  VendorInvoicesTab,
  VendorPage,
} from './VendorPage.tsx';
import { VendorListView } from './VendorListView.tsx';

/** `/customer/:uuid/...` is an alias of `/contact/:uuid/...` (1-app-shell.md §2). */
function CustomerAlias() {
  const params = useParams();
  const rest = params['*'] ? `/${params['*']}` : '';
  return <Navigate to={`/contact/${params.customerUuid ?? ''}${rest}`} replace />;
}

const contacts = (page: ReactNode) => <Gate allowed={selectCanSeeContacts}>{page}</Gate>;
const staff = (page: ReactNode) => <Gate allowed={selectIsAdminLevel}>{page}</Gate>;
const customer = (page: ReactNode) => <Gate allowed={selectIsCustomer}>{page}</Gate>;

/** This area's routes (paths and aliases of 1-app-shell.md §2), mounted by the app's router. */
export const peopleRoutes: RouteObject[] = [
  { path: 'contacts', element: contacts(<CustomerListView />) },
  { path: 'customers', element: <Navigate to="/contacts" replace /> },
  {
    path: 'contact/:customerUuid',
    element: contacts(<CustomerPage />),
    children: [
      { index: true, element: <CustomerInfoTab /> },
      { path: 'dressing/:depositUuid?', element: <CustomerDressingTab /> },
      { path: 'invoices', element: <CustomerInvoicesTab /> },
    ],
  },
  { path: 'customer/:customerUuid/*', element: <CustomerAlias /> },
  { path: 'vendors', element: staff(<VendorListView />) },
  {
    path: 'vendor/:vendorUuid',
    element: staff(<VendorPage />),
    children: [
      { index: true, element: <VendorInfoTab /> },
      { path: 'company', element: <VendorCompanyTab /> },
      { path: 'deposits', element: <VendorDepositsTab /> },
      { path: 'dressing/:depositUuid?', element: <VendorDressingTab /> },
      { path: 'invoices', element: <VendorInvoicesTab /> },
    ],
  },
  { path: 'dressing/:depositUuid?', element: customer(<OwnDressingView />) },
  { path: 'my-information', element: customer(<OwnInformationView />) },
];
