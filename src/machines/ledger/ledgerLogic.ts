import { fromPromise } from 'xstate';
import type { ClientFactory } from '../../rpc/clients.ts';
import {
  CustomerService,
  LedgerEntryKindSchema,
  type LedgerEntry,
} from '../../rpc/gen/seconde/v1/customer_pb.ts';
import { LEDGER_ENTRY_KINDS, type LedgerEntryKind } from '../../domain/ledger/ledger.ts';
import { enumLabel, toMs } from '../people/labels.ts';
import {
  ledgerMachine,
  type LedgerPage,
  type LedgerQuery,
  type LedgerRow,
} from './ledgerMachine.ts';

function kindOf(value: number): LedgerEntryKind | null {
  const label = enumLabel(LedgerEntryKindSchema, value);
  return label !== null && (LEDGER_ENTRY_KINDS as readonly string[]).includes(label)
    ? (label as LedgerEntryKind)
    : null;
}

export function ledgerRow(e: LedgerEntry): LedgerRow {
  return {
    uuid: e.uuid,
    kind: kindOf(e.kind),
    amountCents: Number(e.amountCents),
    payableAt: toMs(e.payableAt),
    createdAt: toMs(e.createdAt),
    productReference: e.productReference,
    productName: e.productName,
  };
}

/** The balance tab's machine over CustomerService: balance and page read side by side. */
export function ledgerLogic(clients: ClientFactory) {
  const client = clients.get(CustomerService);
  return ledgerMachine.provide({
    actors: {
      fetchLedger: fromPromise<LedgerPage, LedgerQuery>(async ({ input, signal }) => {
        const [balance, entries] = await Promise.all([
          client.getBalance({ customer: input.customer }, { signal }),
          client.listLedgerEntries(
            {
              customer: input.customer,
              pagination: { page: input.page, pageSize: input.pageSize },
            },
            { signal },
          ),
        ]);
        return {
          balanceCents: Number(balance.balanceCents),
          payableCents: Number(balance.payableCents),
          rows: entries.results.map(ledgerRow),
          count: entries.count,
        };
      }),
    },
  });
}
