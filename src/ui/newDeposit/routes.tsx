import { useMemo, type ReactNode } from 'react';
import type { RouteObject } from 'react-router';
import { useAppServices } from '../app/servicesContext.ts';
import { ContactStep } from './ContactStep.tsx';
import { CriteriaStep } from './CriteriaStep.tsx';
import { FlowServicesContext } from './flowServices.ts';
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
 * The flow's routes (paths and aliases of 1-app-shell.md §2) under `flow`, the element that
 * provides its services and renders `NewDepositFlow`. The steps and the validation page share one
 * flow actor, so the end of the flow keeps its toast.
 */
export function depositFlowRoutes(flow: ReactNode): RouteObject[] {
  return [
    {
      element: flow,
      children: [
        ...FLOW_BASES.map(steps),
        ...FLOW_BASES.map((base) => ({
          path: `${base.slice(1)}-validation`,
          element: <ValidationPage />,
        })),
      ],
    },
  ];
}

/** The flow inside the app, on the app's clients (a signed-in caller's token goes along). */
function AppDepositFlow() {
  const { clients, gouv } = useAppServices();
  const services = useMemo(() => ({ clients, gouv }), [clients, gouv]);
  return (
    <FlowServicesContext.Provider value={services}>
      <NewDepositFlow />
    </FlowServicesContext.Provider>
  );
}

/** This area's routes, mounted by the app's router. */
export const newDepositRoutes: RouteObject[] = depositFlowRoutes(<AppDepositFlow />);
