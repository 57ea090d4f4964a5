import { fromPromise } from 'xstate';
import type { ClientFactory } from '../../rpc/clients.ts';
import { ProductFamilySchema } from '../../rpc/gen/seconde/v1/category_pb.ts';
import {
  DepositService,
  GammeSchema,
  type AvailableDeposit,
} from '../../rpc/gen/seconde/v1/deposit_pb.ts';
import { enumLabel, toMs } from '../people/labels.ts';
import { marketplaceMachine, type AvailablePage, type AvailableRow } from './marketplaceMachine.ts';
import { refusalOf } from './refusals.ts';

export function availableRow(item: AvailableDeposit): AvailableRow {
  const d = item.deposit;
  return {
    uuid: d?.uuid ?? '',
    name: d?.name ?? '',
    family: d ? enumLabel(ProductFamilySchema, d.family) : null,
    gamme: d ? enumLabel(GammeSchema, d.gamme) : null,
    department: item.department,
    description: d?.description ?? '',
    createdAt: toMs(d?.createdAt),
    refusal: refusalOf(item.refusal),
    alreadyRequested: item.alreadyRequested,
  };
}

/** The marketplace over DepositService (ListAvailable, WantDeposit). */
export function marketplaceLogic(clients: ClientFactory) {
  const client = clients.get(DepositService);
  return marketplaceMachine.provide({
    actors: {
      loadAvailable: fromPromise<AvailablePage, { page: number; pageSize: number }>(
        async ({ input, signal }) => {
          const answer = await client.listAvailable(
            { pagination: { page: input.page, pageSize: input.pageSize } },
            { signal },
          );
          return {
            rows: answer.results.map(availableRow).filter((r) => r.uuid !== ''),
            count: answer.count,
            vendorRefusal: refusalOf(answer.vendorRefusal),
          };
        },
      ),
      wantDeposit: fromPromise<void, { uuid: string; vendorUuid: string }>(
        async ({ input, signal }) => {
          await client.wantDeposit({ uuid: input.uuid, vendorUuid: input.vendorUuid }, { signal });
        },
      ),
    },
  });
}
