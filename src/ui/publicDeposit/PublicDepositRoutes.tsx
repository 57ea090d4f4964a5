import { useState } from 'react';
import { useRoutes } from 'react-router';
import {
  anonymousFlowServices,
  type AppConfig,
} from '../../machines/newDeposit/anonymousServices.ts';
import { notificationsMachine } from '../../machines/notifications/notificationsMachine.ts';
import { NotificationsContext } from '../account/notificationsContext.ts';
import { NotificationStack } from '../account/NotificationStack.tsx';
import { FlowServicesContext } from '../newDeposit/flowServices.ts';
import { ContactStep } from '../newDeposit/ContactStep.tsx';
import { CriteriaStep } from '../newDeposit/CriteriaStep.tsx';
import { InfoStep } from '../newDeposit/InfoStep.tsx';
import { NewDepositFlow } from '../newDeposit/NewDepositFlow.tsx';
import { depositFlowRoutes } from '../newDeposit/routes.tsx';
import { ValidationPage } from '../newDeposit/ValidationPage.tsx';

const routes = depositFlowRoutes(<NewDepositFlow />, {
  ContactStep,
  CriteriaStep,
  InfoStep,
  ValidationPage,
});

/**
 * The light page's flow, loaded after its frame (see PublicDepositApp): the anonymous clients,
 * the flow's routes and the notification stack its confirmation shows on.
 */
export default function PublicDepositRoutes({ config }: { config: AppConfig }) {
  const [services] = useState(() => anonymousFlowServices(config));
  const element = useRoutes(routes);
  return (
    <NotificationsContext.Provider logic={notificationsMachine}>
      <FlowServicesContext.Provider value={services}>{element}</FlowServicesContext.Provider>
      <NotificationStack />
    </NotificationsContext.Provider>
  );
}
