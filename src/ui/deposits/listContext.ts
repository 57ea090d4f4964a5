import { createActorContext } from '@xstate/react';
import { depositListMachine } from '../../machines/depositList/depositListMachine.ts';

/** The deposit list actor of the page, shared by its filter bar and table. */
export const DepositListContext = createActorContext(depositListMachine);
export const useList = DepositListContext.useSelector;
export const useListActor = DepositListContext.useActorRef;
