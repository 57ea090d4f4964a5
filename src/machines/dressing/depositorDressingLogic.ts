import { fromPromise } from 'xstate';
import type { ClientFactory } from '../../rpc/clients.ts';
import {
  DressingService,
  DressingStatementKind,
  DressingStepSchema,
  EarningSource,
  type Dressing,
} from '../../rpc/gen/seconde/v1/dressing_pb.ts';
import { InvoiceService } from '../../rpc/gen/seconde/v1/invoice_pb.ts';
import { PayoutService } from '../../rpc/gen/seconde/v1/payout_pb.ts';
import { SaleStatusSchema } from '../../rpc/gen/seconde/v1/product_pb.ts';
import { DRESSING_STEPS, type DressingStep } from '../../domain/dressing/dressing.ts';
import { downloadBlob } from '../export/exportActors.ts';
import { enumLabel, toMs } from '../people/labels.ts';
import {
  depositorDressingMachine,
  type DressingData,
  type DressingItemRow,
  type DressingStatementRow,
} from './depositorDressingMachine.ts';

const EARNING: Record<EarningSource, DressingItemRow['earningSource']> = {
  [EarningSource.UNSPECIFIED]: 'NONE',
  [EarningSource.NONE]: 'NONE',
  [EarningSource.LEDGER]: 'LEDGER',
  [EarningSource.STORED_INCOME]: 'STORED_INCOME',
};

function stepOf(value: number): DressingStep | null {
  const label = enumLabel(DressingStepSchema, value);
  return (DRESSING_STEPS as readonly string[]).includes(label ?? '')
    ? (label as DressingStep)
    : null;
}

/** The answer as the machine holds it: plain rows, cents as numbers, dates as ms. */
export function dressingData(d: Dressing): DressingData {
  return {
    items: d.items.map((i) => ({
      uuid: i.uuid,
      reference: i.reference,
      title: i.title,
      photoUrl: i.photoUrl,
      priceCents: Number(i.priceCents),
      saleStatus: enumLabel(SaleStatusSchema, i.saleStatus),
      deposit: i.deposit,
      depositName: i.depositName,
      channels: i.channels.map((c) => ({ publisherName: c.publisherName, url: c.url })),
      timeline: i.timeline.flatMap((e) => {
        const step = stepOf(e.step);
        const at = toMs(e.at);
        return step && at !== null ? [{ step, at }] : [];
      }),
      earningCents: Number(i.earningCents),
      earningSource: EARNING[i.earningSource],
    })),
    itemCount: d.itemCount,
    owedCents: Number(d.owedCents),
    payableCents: Number(d.payableCents),
    paidCents: Number(d.paidCents),
    statements: d.statements.flatMap((s): DressingStatementRow[] => {
      const kind =
        s.kind === DressingStatementKind.STATEMENT
          ? 'STATEMENT'
          : s.kind === DressingStatementKind.PAYOUT_RECEIPT
            ? 'PAYOUT_RECEIPT'
            : null;
      if (!kind) return [];
      return [
        {
          kind,
          uuid: s.uuid,
          number: s.number,
          issuedAt: toMs(s.issuedAt),
          amountCents: Number(s.amountCents),
        },
      ];
    }),
  };
}

/** The depositor's page over DressingService; statements come through their own download calls. */
export function depositorDressingLogic(clients: ClientFactory) {
  const dressing = clients.get(DressingService);
  const invoices = clients.get(InvoiceService);
  const payouts = clients.get(PayoutService);
  return depositorDressingMachine.provide({
    actors: {
      fetchDressing: fromPromise<DressingData, { customer: string }>(async ({ input, signal }) =>
        dressingData(await dressing.getDressing({ customer: input.customer }, { signal })),
      ),
      downloadStatement: fromPromise<void, DressingStatementRow>(async ({ input, signal }) => {
        const file =
          input.kind === 'STATEMENT'
            ? await invoices.downloadInvoice({ uuid: input.uuid }, { signal })
            : await payouts.downloadReceipt({ uuid: input.uuid }, { signal });
        await downloadBlob({
          file: new Blob([new Uint8Array(file.data)], {
            type: file.contentType || 'application/pdf',
          }),
          fileName: file.filename,
        });
      }),
    },
  });
}
