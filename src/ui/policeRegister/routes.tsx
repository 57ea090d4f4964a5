import type { RouteObject } from 'react-router';
import { lazyView } from '../app/routing/lazyView.tsx';

const PoliceRegisterView = lazyView(() =>
  import('./PoliceRegisterView.tsx').then((m) => m.PoliceRegisterView),
);

/** The police register page, mounted by the app's router; who may open it comes from the route table. */
export const policeRegisterRoutes: RouteObject[] = [
  { path: 'police-register/:vendorUuid?', element: <PoliceRegisterView /> },
];
