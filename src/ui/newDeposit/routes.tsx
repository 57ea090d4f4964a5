import type { ComponentType, ReactNode } from 'react';
import type { RouteObject } from 'react-router';
import { FLOW_BASES } from './paths.ts';

/** The flow's screens: the public page passes them as they are, the app loads them with the route. */
export interface FlowPages {
  readonly ContactStep: ComponentType;
  readonly CriteriaStep: ComponentType;
  readonly InfoStep: ComponentType;
  readonly ValidationPage: ComponentType;
}

const steps = (base: string, { ContactStep, CriteriaStep, InfoStep }: FlowPages): RouteObject => ({
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
export function depositFlowRoutes(flow: ReactNode, pages: FlowPages): RouteObject[] {
  const { ValidationPage } = pages;
  return [
    {
      element: flow,
      children: [
        ...FLOW_BASES.map((base) => steps(base, pages)),
        ...FLOW_BASES.map((base) => ({
          path: `${base.slice(1)}-validation`,
          element: <ValidationPage />,
        })),
      ],
    },
  ];
}
