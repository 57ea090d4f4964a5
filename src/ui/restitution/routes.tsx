import type { RouteObject } from 'react-router';
import { DepositorReceiptView } from './DepositorReceiptView.tsx';

/** The depositor's receipt page; the mail link's page stands outside the shell (app/routes.tsx). */
export const restitutionRoutes: RouteObject[] = [
  { path: 'restitution/:depositUuid', element: <DepositorReceiptView /> },
];
