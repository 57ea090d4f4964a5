import { createContext, useContext } from 'react';
import type { FlowServices } from '../../machines/newDeposit/flowServices.ts';

export type { FlowServices };

/** The deposit flow's services, from the app or from the light public page. */
export const FlowServicesContext = createContext<FlowServices | null>(null);

export function useFlowServices(): FlowServices {
  const services = useContext(FlowServicesContext);
  if (!services) throw new Error('The deposit flow needs <FlowServicesContext.Provider>');
  return services;
}
