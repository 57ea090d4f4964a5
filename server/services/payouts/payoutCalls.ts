import { create } from '@bufbuild/protobuf';
import { timestampFromDate } from '@bufbuild/protobuf/wkt';
import { Code, type HandlerContext } from '@connectrpc/connect';
import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { Database } from '../../db/schema.gen.ts';
import { mapDatabaseErrors, pageOf, requireCaller, requireUuid } from '../../crud/crudService.ts';
import { scopeFor } from '../../crud/policies.ts';
import { scopeSql } from '../../crud/queryParts.ts';
import type { Caller } from '../../rpc/caller.ts';
import { fail } from '../../rpc/reasons.ts';
import type { PayoutMethod as MethodName, PayoutReceiptDocument } from '../../documents/model.ts';
import { renderPayoutReceiptPdf } from '../../documents/receiptPdf.ts';
import {
  ListPayoutsResponseSchema,
  PayoutFileSchema,
  PayoutItemSchema,
  PayoutMethod,
  PayoutSchema,
  type DownloadPayoutReceiptRequest,
  type ListPayoutsRequest,
  type Payout,
  type SettleRequest,
} from '../../../src/rpc/gen/seconde/v1/payout_pb.ts';
import type { ServiceDeps } from '../deps.ts';
import { nameOf } from './parties.ts';
import { dayOf, payingVendor } from './scope.ts';
import { lockVendorPayouts, settleInTransaction } from './settle.ts';

export const METHOD_NAME: Record<PayoutMethod, MethodName | null> = {
  [PayoutMethod.UNSPECIFIED]: null,
  [PayoutMethod.BANK_TRANSFER]: 'BANK_TRANSFER',
  [PayoutMethod.CASH]: 'CASH',
  [PayoutMethod.CHEQUE]: 'CHEQUE',
  [PayoutMethod.STORE_CREDIT]: 'STORE_CREDIT',
};
const METHOD_OF: Record<string, PayoutMethod> = {
  BANK_TRANSFER: PayoutMethod.BANK_TRANSFER,
  CASH: PayoutMethod.CASH,
  CHEQUE: PayoutMethod.CHEQUE,
  STORE_CREDIT: PayoutMethod.STORE_CREDIT,
};

interface PayoutRow {
  uuid: string;
  vendor: string;
  customer: string;
  method: string;
  cheque_number: string | null;
  memo: string | null;
  amount_cents: string | number;
  cut_off: string;
  receipt_number: string;
  receipt: PayoutReceiptDocument | string;
  sepa_batch: string | null;
  created_by: string | null;
  created_at: Date;
  first_name: string | null;
  last_name: string | null;
  company_name: string | null;
}

const receiptOf = (row: PayoutRow): PayoutReceiptDocument =>
  typeof row.receipt === 'string'
    ? (JSON.parse(row.receipt) as PayoutReceiptDocument)
    : row.receipt;

/** Payouts with their depositor's name, under the caller's scope and the given conditions. */
async function selectPayouts(
  db: Kysely<Database>,
  caller: Caller,
  where: readonly RawBuilder<unknown>[],
  page?: { page: number; pageSize: number },
): Promise<{ rows: PayoutRow[]; count: number }> {
  const conditions = sql.join(
    [sql`${scopeSql(scopeFor(caller, 'payout', 'read'), 'po')}`, ...where],
    sql` and `,
  );
  const { rows } = await sql<PayoutRow>`
    select po.uuid, po.vendor, po.customer, po.method::text as method, po.cheque_number, po.memo,
      po.amount_cents, to_char(po.cut_off, 'YYYY-MM-DD') as cut_off, po.receipt_number, po.receipt,
      po.sepa_batch, po.created_by, po.created_at, c.first_name, c.last_name, c.company_name
    from payout po join customer c on c.uuid = po.customer
    where ${conditions}
    order by po.created_at desc, po.receipt_number desc
    ${page ? sql`limit ${page.pageSize} offset ${(page.page - 1) * page.pageSize}` : sql``}`.execute(
    db,
  );
  if (!page) return { rows, count: rows.length };
  const { rows: counted } = await sql<{ count: string | number }>`
    select count(*) as count from payout po where ${conditions}`.execute(db);
  return { rows, count: Number(counted[0]?.count ?? 0) };
}

/** The Payout message of a row; the items come from the receipt snapshot and payout_item. */
async function toMessages(db: Kysely<Database>, rows: readonly PayoutRow[]): Promise<Payout[]> {
  const uuids = rows.map((r) => r.uuid);
  const { rows: items } = uuids.length
    ? await sql<{
        payout: string;
        ledger_entry: string;
        product: string | null;
        share_cents: string | number;
        payable_at: Date | null;
        name: string | null;
        reference: string | null;
      }>`
        select i.payout, i.ledger_entry, i.product, i.share_cents, e.payable_at, p.name, p.reference
        from payout_item i join depositor_ledger_entry e on e.uuid = i.ledger_entry
        left join product p on p.uuid = i.product
        where i.payout = any(${uuids}::uuid[])
        order by e.payable_at, e.created_at, e.uuid`.execute(db)
    : { rows: [] };
  return rows.map((r) => {
    const receipt = receiptOf(r);
    return create(PayoutSchema, {
      uuid: r.uuid,
      vendor: r.vendor,
      customer: r.customer,
      method: METHOD_OF[r.method] ?? PayoutMethod.UNSPECIFIED,
      chequeNumber: r.cheque_number ?? '',
      memo: r.memo ?? '',
      amountCents: BigInt(r.amount_cents),
      cutOff: r.cut_off,
      receiptNumber: r.receipt_number,
      sepaBatch: r.sepa_batch ?? '',
      ibanMasked: receipt.ibanMasked ?? '',
      balanceAfterCents: BigInt(receipt.balanceAfterCents),
      customerName: nameOf(r),
      createdBy: r.created_by ?? '',
      createdAt: timestampFromDate(r.created_at),
      items: items
        .filter((i) => i.payout === r.uuid)
        .map((i) =>
          create(PayoutItemSchema, {
            ledgerEntry: i.ledger_entry,
            product: i.product ?? '',
            productName: i.name ?? '',
            productReference: i.reference ?? '',
            shareCents: BigInt(i.share_cents),
            payableAt: i.payable_at ? timestampFromDate(i.payable_at) : undefined,
          }),
        ),
    });
  });
}

/** One payout the caller may read, or FORBIDDEN / NOT_FOUND. */
export async function readablePayout(
  db: Kysely<Database>,
  caller: Caller,
  uuid: string,
): Promise<PayoutRow> {
  requireUuid(uuid, 'payout');
  const { rows } = await selectPayouts(db, caller, [sql`po.uuid = ${uuid}`]);
  if (rows[0]) return rows[0];
  const { rows: exists } = await sql`select 1 from payout where uuid = ${uuid}`.execute(db);
  throw exists.length
    ? fail(Code.PermissionDenied, 'FORBIDDEN', 'This payout is not yours')
    : fail(Code.NotFound, 'NOT_FOUND', 'No such payout');
}

/** Payout messages by uuid, in the order given. */
export async function payoutsByUuid(
  db: Kysely<Database>,
  caller: Caller,
  uuids: readonly string[],
): Promise<Payout[]> {
  if (uuids.length === 0) return [];
  const { rows } = await selectPayouts(db, caller, [sql`po.uuid = any(${uuids}::uuid[])`]);
  const messages = await toMessages(db, rows);
  return uuids.flatMap((u) => messages.find((m) => m.uuid === u) ?? []);
}

/** PayoutService's settle, list and receipt calls. */
export function payoutCallsHandlers(deps: Pick<ServiceDeps, 'db' | 'clock'>) {
  const { db, clock } = deps;

  /**
   * Pays a depositor what is payable by the cut-off (or only the chosen items), in one
   * transaction; the same idempotency key returns the first payout and writes nothing more.
   */
  async function settle(req: SettleRequest, ctx: HandlerContext): Promise<Payout> {
    const caller = requireCaller(ctx);
    const vendor = payingVendor(caller, req.vendor);
    const method = METHOD_NAME[req.method];
    if (!method) throw fail(Code.InvalidArgument, 'INVALID_ARGUMENT', 'Choose how to pay');
    const now = clock();
    const cutOff = dayOf(req.cutOff, now, 'cut_off');
    const settled = await mapDatabaseErrors(() =>
      db.transaction().execute(async (trx) => {
        await lockVendorPayouts(trx, vendor);
        return settleInTransaction(trx, {
          vendor,
          customer: req.customer,
          method,
          chequeNumber: req.chequeNumber,
          memo: req.memo,
          cutOff,
          products: req.products.length ? [...new Set(req.products)] : null,
          idempotencyKey: req.idempotencyKey,
          createdBy: caller.sub,
          now,
        });
      }),
    );
    const [payout] = await payoutsByUuid(db, caller, [settled.uuid]);
    return payout!;
  }

  async function list(req: ListPayoutsRequest, ctx: HandlerContext) {
    const caller = requireCaller(ctx);
    const where: RawBuilder<unknown>[] = [];
    if (req.customer) where.push(sql`po.customer = ${req.customer}`);
    if (req.vendor) where.push(sql`po.vendor = ${req.vendor}`);
    if (req.sepaBatch) where.push(sql`po.sepa_batch = ${req.sepaBatch}`);
    const { rows, count } = await selectPayouts(db, caller, where, pageOf(req.pagination));
    return create(ListPayoutsResponseSchema, { results: await toMessages(db, rows), count });
  }

  /** The receipt PDF, rendered again from the snapshot taken when the payout was made. */
  async function downloadReceipt(req: DownloadPayoutReceiptRequest, ctx: HandlerContext) {
    const row = await readablePayout(db, requireCaller(ctx), req.uuid);
    const data = await renderPayoutReceiptPdf(receiptOf(row));
    return create(PayoutFileSchema, {
      data,
      filename: `recu-${row.receipt_number}.pdf`,
      contentType: 'application/pdf',
    });
  }

  return { settle, list, downloadReceipt };
}
