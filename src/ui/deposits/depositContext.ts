import { createActorContext } from '@xstate/react';
import { depositMachine } from '../../machines/deposit/depositMachine.ts';

/** The deposit actor of `/deposit/:uuid`, shared by the page's panels and its child routes. */
export const DepositContext = createActorContext(depositMachine);
export const useDeposit = DepositContext.useSelector;
export const useDepositActor = DepositContext.useActorRef;
