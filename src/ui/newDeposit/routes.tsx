import type { RouteObject } from 'react-router';
import { ContactStep } from './ContactStep.tsx';
import { CriteriaStep } from './CriteriaStep.tsx';
import { InfoStep } from './InfoStep.tsx';
import { NewDepositFlow } from './NewDepositFlow.tsx';
import { FLOW_BASES } from './paths.ts';
import { ValidationPage } from './ValidationPage.tsx';

const steps = (base: string): RouteObject => ({
  path: base.slice(1),
  children: [
    { index: true, element: <ContactStep /> },
    { path: ':customerUuid', element: <ContactStep /> },
    { path: 'deposit-criteria/:customerUuid', element: <CriteriaStep /> },
    { path: 'deposit-info/:customerUuid', element: <InfoStep /> },
  ],
});

/**
 * This area's routes (paths and aliases of 1-app-shell.md §2), mounted by the app's router. The
 * steps and the validation page share one flow actor, so the end of the flow keeps its toast.
 */
export const newDepositRoutes: RouteObject[] = [
  {
    element: <NewDepositFlow />,
    children: [
      ...FLOW_BASES.map(steps),
      ...FLOW_BASES.map((base) => ({
        path: `${base.slice(1)}-validation`,
        element: <ValidationPage />,
      })),
    ],
  },
];
