import { fromPromise } from 'xstate';
import type { ClientFactory } from '../../rpc/clients.ts';
import { fetchAllPages } from '../../rpc/fetchAll.ts';
import {
  CustomerService,
  LedgerEntryKind,
  type LedgerEntry,
} from '../../rpc/gen/seconde/v1/customer_pb.ts';
import {
  PayoutMethod as PayoutMethodEnum,
  PayoutMethodSchema,
  PayoutService,
  type Payout,
  type PayoutFile,
} from '../../rpc/gen/seconde/v1/payout_pb.ts';
import { downloadBlob } from '../export/exportActors.ts';
import { enumLabel, toMs } from '../people/labels.ts';
import {
  payoutHistoryMachine,
  type PayoutHistoryPage,
  type PayoutHistoryQuery,
} from './payoutHistoryMachine.ts';
import {
  PAYOUT_METHODS,
  type BatchPreview,
  type BatchResult,
  type CreateBatchInput,
  type PayableItem,
  type PayoutMethod,
  type PayoutRow,
} from './payoutTypes.ts';
import { sepaBatchMachine } from './sepaBatchMachine.ts';
import { settleMachine, type SettleInput } from './settleMachine.ts';

export function payoutRow(p: Payout): PayoutRow {
  const method = enumLabel(PayoutMethodSchema, p.method);
  return {
    uuid: p.uuid,
    createdAt: toMs(p.createdAt),
    method: (PAYOUT_METHODS as readonly string[]).includes(method ?? '')
      ? (method as PayoutMethod)
      : null,
    amountCents: Number(p.amountCents),
    chequeNumber: p.chequeNumber,
    memo: p.memo,
    itemCount: new Set(p.items.map((i) => i.product).filter(Boolean)).size,
    receiptNumber: p.receiptNumber,
    balanceAfterCents: Number(p.balanceAfterCents),
  };
}

/**
 * What can be paid item by item: the payable credits and reversals no payout settled yet, summed
 * per item, those still owed something. The ledger says what is payable, the payouts' items what
 * was settled; both are read whole.
 */
export function payableItems(
  entries: readonly LedgerEntry[],
  settled: ReadonlySet<string>,
): PayableItem[] {
  const byProduct = new Map<string, PayableItem>();
  for (const e of entries) {
    const isSale =
      e.kind === LedgerEntryKind.SALE_CREDIT || e.kind === LedgerEntryKind.SALE_REVERSAL;
    if (!isSale || !e.product || !e.payableAt || settled.has(e.uuid)) continue;
    const payableAt = toMs(e.payableAt);
    const known = byProduct.get(e.product);
    byProduct.set(e.product, {
      product: e.product,
      reference: known?.reference || e.productReference,
      name: known?.name || e.productName,
      amountCents: (known?.amountCents ?? 0) + Number(e.amountCents),
      payableAt: Math.max(known?.payableAt ?? 0, payableAt ?? 0) || null,
    });
  }
  return [...byProduct.values()]
    .filter((i) => i.amountCents > 0)
    .sort((a, b) => (a.payableAt ?? 0) - (b.payableAt ?? 0));
}

/** Saves a receipt or a bank file under the name the server gives it. */
function save(file: PayoutFile): Promise<void> {
  const data = new Uint8Array(file.data);
  return downloadBlob({
    file: new Blob([data], { type: file.contentType || 'application/octet-stream' }),
    fileName: file.filename,
  });
}

/** The payout calls every payout machine shares. */
function payoutActors(clients: ClientFactory) {
  const payouts = clients.get(PayoutService);
  return {
    downloadReceipt: fromPromise<void, { uuid: string }>(async ({ input, signal }) =>
      save(await payouts.downloadReceipt({ uuid: input.uuid }, { signal })),
    ),
  };
}

/** The settle dialog over CustomerService (the ledger) and PayoutService. */
export function settleLogic(clients: ClientFactory) {
  const customers = clients.get(CustomerService);
  const payouts = clients.get(PayoutService);
  return settleMachine.provide({
    actors: {
      ...payoutActors(clients),
      loadPayable: fromPromise<readonly PayableItem[], { customer: string }>(
        async ({ input, signal }) => {
          const [entries, paid] = await Promise.all([
            fetchAllPages(async (pagination) => {
              const page = await customers.listLedgerEntries(
                { customer: input.customer, pagination },
                { signal },
              );
              return { rows: page.results, count: page.count };
            }, signal),
            fetchAllPages(async (pagination) => {
              const page = await payouts.list({ customer: input.customer, pagination }, { signal });
              return { rows: page.results, count: page.count };
            }, signal),
          ]);
          const settled = new Set(paid.flatMap((p) => p.items.map((i) => i.ledgerEntry)));
          return payableItems(entries, settled);
        },
      ),
      settle: fromPromise<PayoutRow, SettleInput>(async ({ input, signal }) =>
        payoutRow(
          await payouts.settle(
            {
              customer: input.customer,
              method: PayoutMethodEnum[input.method],
              chequeNumber: input.chequeNumber,
              memo: input.memo,
              cutOff: input.cutOff,
              products: [...input.products],
              idempotencyKey: input.idempotencyKey,
            },
            { signal },
          ),
        ),
      ),
    },
  });
}

/** A depositor's past payouts over PayoutService. */
export function payoutHistoryLogic(clients: ClientFactory) {
  const payouts = clients.get(PayoutService);
  return payoutHistoryMachine.provide({
    actors: {
      ...payoutActors(clients),
      fetchPayouts: fromPromise<PayoutHistoryPage, PayoutHistoryQuery>(
        async ({ input, signal }) => {
          const page = await payouts.list(
            {
              customer: input.customer,
              pagination: { page: input.page, pageSize: input.pageSize },
            },
            { signal },
          );
          return { rows: page.results.map(payoutRow), count: page.count };
        },
      ),
    },
  });
}

/** The SEPA batch page over PayoutService: preview, create then save the file, save it again. */
export function sepaBatchLogic(clients: ClientFactory) {
  const payouts = clients.get(PayoutService);
  const downloadBatch = async (uuid: string, signal: AbortSignal) => {
    const file = await payouts.downloadSepaBatch({ uuid }, { signal });
    await save(file);
    return file.filename;
  };
  return sepaBatchMachine.provide({
    actors: {
      previewBatch: fromPromise<BatchPreview, void>(async ({ signal }) => {
        const preview = await payouts.previewBatch({}, { signal });
        return {
          rows: preview.depositors.map((d) => ({
            customer: d.customer,
            name: d.name,
            payableCents: Number(d.payableCents),
            maskedIban: d.ibanMasked,
            reason: d.ok ? null : d.reason || 'IBAN_MISSING',
          })),
          debtorOnFile: preview.debtorIbanMasked
            ? {
                name: preview.debtorName,
                ibanMasked: preview.debtorIbanMasked,
                bic: preview.debtorBic,
              }
            : null,
        };
      }),
      createBatch: fromPromise<BatchResult, CreateBatchInput>(async ({ input, signal }) => {
        const batch = await payouts.createSepaBatch(
          {
            customers: [...input.customers],
            executionDate: input.executionDate,
            idempotencyKey: input.idempotencyKey,
            ...(input.debtor && {
              debtorName: input.debtor.name.trim(),
              debtorIban: input.debtor.iban.replace(/\s+/g, '').toUpperCase(),
              debtorBic: input.debtor.bic.replace(/\s+/g, '').toUpperCase(),
            }),
          },
          { signal },
        );
        const fileName = await downloadBatch(batch.uuid, signal);
        return {
          uuid: batch.uuid,
          fileName,
          count: batch.count,
          totalCents: Number(batch.totalCents),
          excluded: batch.excluded.map((e) => ({
            customer: e.customer,
            name: e.name,
            reason: e.reason,
          })),
        };
      }),
      downloadBatch: fromPromise<void, { uuid: string }>(async ({ input, signal }) => {
        await downloadBatch(input.uuid, signal);
      }),
    },
  });
}
