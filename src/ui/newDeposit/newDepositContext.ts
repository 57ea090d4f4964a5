import { createActorContext } from '@xstate/react';
import { newDepositMachine } from '../../machines/newDeposit/newDepositMachine.ts';

/** The flow's one actor, shared by its steps and its validation page. */
export const NewDepositContext = createActorContext(newDepositMachine);
export const useNewDeposit = NewDepositContext.useSelector;
export const useNewDepositActor = NewDepositContext.useActorRef;
