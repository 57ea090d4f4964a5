import { Code, type HandlerContext } from '@connectrpc/connect';
import { create } from '@bufbuild/protobuf';
import { timestampFromDate } from '@bufbuild/protobuf/wkt';
import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { Database } from '../../db/schema.gen.ts';
import { pageOf, requireCaller } from '../../crud/crudService.ts';
import { fail } from '../../rpc/reasons.ts';
import { ledgerTotals } from '../../../src/domain/ledger/ledger.ts';
import {
  GetBalanceResponseSchema,
  LedgerEntryKind,
  LedgerEntrySchema,
  ListLedgerEntriesResponseSchema,
  type GetBalanceRequest,
  type GetBalanceResponse,
  type ListLedgerEntriesRequest,
  type ListLedgerEntriesResponse,
} from '../../../src/rpc/gen/seconde/v1/customer_pb.ts';
import type { ServiceDeps } from '../deps.ts';

const KIND: Record<string, LedgerEntryKind> = {
  SALE_CREDIT: LedgerEntryKind.SALE_CREDIT,
  SALE_REVERSAL: LedgerEntryKind.SALE_REVERSAL,
  PAYOUT: LedgerEntryKind.PAYOUT,
};

/**
 * The entries one call may read: the named depositor's, narrowed to one vendor. The authorisation
 * table has already checked that the caller may read the depositor (a vendor only their own
 * contacts, a customer only themself); here a vendor is held to their own entries, so a contact
 * shared by two vendors never shows one vendor what the other owes.
 */
function ledgerScope(
  ctx: HandlerContext,
  req: { customer: string; vendor: string },
): RawBuilder<unknown> {
  const caller = requireCaller(ctx);
  let vendor: string | null = req.vendor || null;
  if (!caller.isAdminLevel) {
    if (caller.vendorUuid) {
      if (vendor && vendor !== caller.vendorUuid)
        throw fail(Code.PermissionDenied, 'FORBIDDEN', 'This vendor is not you');
      vendor = caller.vendorUuid;
    } else if (caller.customerUuid !== req.customer) {
      throw fail(Code.PermissionDenied, 'FORBIDDEN', 'This ledger is not yours');
    }
  }
  return vendor
    ? sql`e.customer = ${req.customer} and e.vendor = ${vendor}`
    : sql`e.customer = ${req.customer}`;
}

/** CustomerService.GetBalance: the balance and what is payable now, from the entries. */
async function getBalance(
  db: Kysely<Database>,
  req: GetBalanceRequest,
  ctx: HandlerContext,
): Promise<GetBalanceResponse> {
  const where = ledgerScope(ctx, req);
  const { rows } = await sql<{ amount_cents: string | number; payable_at: Date | null }>`
    select e.amount_cents, e.payable_at from depositor_ledger_entry e where ${where}`.execute(db);
  const totals = ledgerTotals(
    rows.map((r) => ({ amountCents: Number(r.amount_cents), payableAt: r.payable_at })),
  );
  return create(GetBalanceResponseSchema, {
    balanceCents: BigInt(totals.balanceCents),
    payableCents: BigInt(totals.payableCents),
    entryCount: rows.length,
  });
}

/** CustomerService.ListLedgerEntries: one page of entries with their items, newest first. */
async function listLedgerEntries(
  db: Kysely<Database>,
  req: ListLedgerEntriesRequest,
  ctx: HandlerContext,
): Promise<ListLedgerEntriesResponse> {
  const where = ledgerScope(ctx, req);
  const { page, pageSize } = pageOf(req.pagination);
  const { rows } = await sql<{
    uuid: string;
    vendor: string;
    customer: string;
    product: string | null;
    kind: string;
    amount_cents: string | number;
    payable_at: Date | null;
    reverses: string | null;
    payout: string | null;
    memo: string | null;
    created_at: Date;
    reference: string | null;
    name: string | null;
  }>`
    select e.uuid, e.vendor, e.customer, e.product, e.kind::text as kind, e.amount_cents,
      e.payable_at, e.reverses, e.payout, e.memo, e.created_at, p.reference, p.name
    from depositor_ledger_entry e left join product p on p.uuid = e.product
    where ${where}
    order by e.created_at desc, e.uuid desc
    limit ${pageSize} offset ${(page - 1) * pageSize}`.execute(db);
  const { rows: counted } = await sql<{ count: string | number }>`
    select count(*) as count from depositor_ledger_entry e where ${where}`.execute(db);
  return create(ListLedgerEntriesResponseSchema, {
    count: Number(counted[0]?.count ?? 0),
    results: rows.map((r) =>
      create(LedgerEntrySchema, {
        uuid: r.uuid,
        vendor: r.vendor,
        customer: r.customer,
        product: r.product ?? '',
        kind: KIND[r.kind] ?? LedgerEntryKind.UNSPECIFIED,
        amountCents: BigInt(r.amount_cents),
        payableAt: r.payable_at ? timestampFromDate(r.payable_at) : undefined,
        reverses: r.reverses ?? '',
        payout: r.payout ?? '',
        memo: r.memo ?? '',
        productReference: r.reference ?? '',
        productName: r.name ?? '',
        createdAt: timestampFromDate(r.created_at),
      }),
    ),
  });
}

/** The depositor ledger's reading calls, on CustomerService. */
export function ledgerCallsHandlers(deps: Pick<ServiceDeps, 'db'>) {
  return {
    getBalance: (req: GetBalanceRequest, ctx: HandlerContext) => getBalance(deps.db, req, ctx),
    listLedgerEntries: (req: ListLedgerEntriesRequest, ctx: HandlerContext) =>
      listLedgerEntries(deps.db, req, ctx),
  };
}
