import { createActorContext } from '@xstate/react';
import { connectorsMachine } from '../../machines/connectors/connectorsMachine.ts';

/** The connectors page's actor, shared by its channel cards. */
export const ConnectorsContext = createActorContext(connectorsMachine);
export const useConnectors = ConnectorsContext.useSelector;
export const useConnectorsActor = ConnectorsContext.useActorRef;
