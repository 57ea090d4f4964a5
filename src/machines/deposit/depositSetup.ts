import { fromPromise, setup } from 'xstate';
import type { Deposit } from '../../rpc/gen/seconde/v1/deposit_pb.ts';
import { depositActions } from './depositActions.ts';
import { depositGuards } from './depositGuards.ts';
import { depositProductsMachine } from './depositProductsMachine.ts';
import type {
  AdminOnlyData,
  BulkInput,
  BulkOutput,
  ChangeStatusInput,
  DepositContext,
  DepositEvent,
  DepositInput,
  LoadedDeposit,
  MovedDeposit,
} from './depositTypes.ts';

const notProvided = (name: string) => () =>
  Promise.reject(new Error(`The deposit actor "${name}" was not provided`));

/**
 * The deposit machine's parts, named so its states can refer to them and `machine.provide()` can
 * swap them: the page provides the real actors (depositActors.ts), tests provide theirs.
 */
export const depositSetup = setup({
  types: {
    context: {} as DepositContext,
    events: {} as DepositEvent,
    input: {} as DepositInput,
  },
  actors: {
    loadDeposit: fromPromise<LoadedDeposit, { uuid: string; withAdmin: boolean }>(
      notProvided('loadDeposit'),
    ),
    changeStatus: fromPromise<MovedDeposit, ChangeStatusInput>(notProvided('changeStatus')),
    changeSaleStatus: fromPromise<BulkOutput, BulkInput>(notProvided('changeSaleStatus')),
    saveDeposit: fromPromise<Deposit, { deposit: Deposit; mask: string[] }>(
      notProvided('saveDeposit'),
    ),
    saveAdminOnly: fromPromise<AdminOnlyData, { uuid: string; data: AdminOnlyData }>(
      notProvided('saveAdminOnly'),
    ),
    /** The deposit's product list; the page provides its loader. */
    products: depositProductsMachine,
  },
  guards: depositGuards,
  actions: depositActions,
});
