import { useMemo } from 'react';
import { useAppServices } from '../app/servicesContext.ts';
import { FlowServicesContext } from './flowServices.ts';
import { NewDepositFlow } from './NewDepositFlow.tsx';

export { ContactStep } from './ContactStep.tsx';
export { CriteriaStep } from './CriteriaStep.tsx';
export { InfoStep } from './InfoStep.tsx';
export { ValidationPage } from './ValidationPage.tsx';

/** The flow inside the app, on the app's clients (a signed-in caller's token goes along). */
export function AppDepositFlow() {
  const { clients, gouv } = useAppServices();
  const services = useMemo(() => ({ clients, gouv }), [clients, gouv]);
  return (
    <FlowServicesContext.Provider value={services}>
      <NewDepositFlow />
    </FlowServicesContext.Provider>
  );
}
