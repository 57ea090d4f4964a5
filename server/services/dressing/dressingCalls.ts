import { create } from '@bufbuild/protobuf';
import { timestampFromDate } from '@bufbuild/protobuf/wkt';
import { Code, type HandlerContext } from '@connectrpc/connect';
import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { Database } from '../../db/schema.gen.ts';
import { requireCaller } from '../../crud/crudService.ts';
import type { Caller } from '../../rpc/caller.ts';
import { fail } from '../../rpc/reasons.ts';
import { mediaUrl } from '../products/productRows.ts';
import {
  ledgerTotals,
  liveCredits,
  toCents,
  type LedgerEntry,
  type LedgerEntryKind,
} from '../../../src/domain/ledger/ledger.ts';
import { dressingTimeline, type DressingStep } from '../../../src/domain/dressing/dressing.ts';
import {
  DressingChannelSchema,
  DressingEventSchema,
  DressingItemSchema,
  DressingSchema,
  DressingService,
  DressingStatementKind,
  DressingStatementSchema,
  DressingStep as Step,
  EarningSource,
  type Dressing,
  type GetDressingRequest,
} from '../../../src/rpc/gen/seconde/v1/dressing_pb.ts';
import { SaleStatus } from '../../../src/rpc/gen/seconde/v1/product_pb.ts';
import type { ServiceDeps } from '../deps.ts';
import { implement } from '../implement.ts';

/** Items one answer holds at most; `itemCount` says when there are more. */
export const DRESSING_ITEMS = 500;

const STEP: Record<DressingStep, Step> = {
  RECEIVED: Step.RECEIVED,
  PHOTOGRAPHED: Step.PHOTOGRAPHED,
  ONLINE: Step.ONLINE,
  RESERVED: Step.RESERVED,
  SOLD: Step.SOLD,
  SHIPPED: Step.SHIPPED,
  PAID_OUT: Step.PAID_OUT,
};
const SOLD = new Set(['SELL', 'PAYED', 'FACTURED']);

/** Whose dressing a call reads, and the vendor it is narrowed to (null: every vendor). */
interface DressingScope {
  readonly customer: string;
  readonly vendor: string | null;
}

/**
 * A customer reads their own dressing only; a vendor the dressing of a depositor with a deposit
 * at them, narrowed to those deposits and to their own ledger entries and documents; staff anyone.
 * The authorisation table has already checked that the named customer is readable at all.
 */
async function dressingScope(
  db: Kysely<Database>,
  caller: Caller,
  named: string,
): Promise<DressingScope> {
  if (caller.isAdminLevel) {
    const customer = named || caller.customerUuid;
    if (!customer) throw fail(Code.InvalidArgument, 'INVALID_ARGUMENT', 'Name the depositor');
    return { customer, vendor: null };
  }
  if (caller.customerUuid && (!named || named === caller.customerUuid))
    return { customer: caller.customerUuid, vendor: null };
  if (caller.vendorUuid && named) {
    const { rows } = await sql`
      select 1 from deposit where customer = ${named} and vendor = ${caller.vendorUuid}
      limit 1`.execute(db);
    if (rows.length > 0) return { customer: named, vendor: caller.vendorUuid };
    throw fail(Code.PermissionDenied, 'FORBIDDEN', 'This depositor has no deposit with you');
  }
  throw fail(Code.PermissionDenied, 'FORBIDDEN', 'This dressing is not yours');
}

interface ItemRow {
  uuid: string;
  reference: string | null;
  title: string | null;
  main_image_url: string | null;
  thumb: string | null;
  suggested_price: number | string | null;
  selled_price: number | string | null;
  sale_status: string | null;
  customer_income: number | string | null;
  sell_datetime: Date | null;
  online_datetime: Date | null;
  stock_entry_datetime: Date | null;
  created_at: Date;
  deposit: string;
  deposit_name: string | null;
  deposit_status: string | null;
  registered_at: Date | null;
  photographed_at: Date | null;
  first_listed_at: Date | null;
  reserved_at: Date | null;
  released_at: Date | null;
  shipped_at: Date | null;
}

/**
 * The depositor's items with every date their timeline needs. Nothing of a buyer is selected:
 * reservations, sales and parcels give their dates only.
 */
async function itemRows(db: Kysely<Database>, where: RawBuilder<unknown>) {
  const { rows } = await sql<ItemRow>`
    select p.uuid, p.reference, coalesce(nullif(p.marketplace_title, ''), p.name) as title,
      p.main_image_url,
      (select coalesce(nullif(i.image256, ''), i.image) from product_image i
        where i.product = p.uuid and coalesce(nullif(i.image256, ''), i.image) is not null
        order by i."order" nulls last, i.created_at limit 1) as thumb,
      p.suggested_price, p.selled_price, p.sale_status::text as sale_status, p.customer_income,
      p.sell_datetime, p.online_datetime, p.stock_entry_datetime, p.created_at,
      d.uuid as deposit, d.name as deposit_name, d.status::text as deposit_status,
      (select min(e.entered_at) from police_register_entry e
        where e.product = p.uuid and e.kind <> 'CORRECTION') as registered_at,
      (select min(i.created_at) from product_image i where i.product = p.uuid) as photographed_at,
      (select min(l.listed_at) from product_listing l where l.product = p.uuid) as first_listed_at,
      greatest(
        (select max(v.occurred_at) from product_event v
          where v.product = p.uuid and v.kind = 'RESERVED'),
        (select max(r.created_at) from storefront_reservation r where r.product = p.uuid)
      ) as reserved_at,
      (select max(v.occurred_at) from product_event v
        where v.product = p.uuid and v.kind = 'RELEASED') as released_at,
      coalesce(
        (select min(v.occurred_at) from product_event v
          where v.product = p.uuid and v.kind = 'SHIPPING' and v.detail in ('SHIPPED', 'DELIVERED')),
        (select min(s.delivery_status_datetime) from shipping_label s
          where s.shipped_object_uuid = p.uuid::text and not s.is_return and s.cancel_datetime is null
            and s.delivery_status in ('SHIPPED', 'DELIVERED'))
      ) as shipped_at
    from product p join deposit d on d.uuid = p.deposit
    where ${where}
    order by d.created_at desc, d.uuid, p.created_at, p.uuid
    limit ${DRESSING_ITEMS}`.execute(db);
  const { rows: counted } = await sql<{ count: string | number }>`
    select count(*) as count from product p join deposit d on d.uuid = p.deposit
    where ${where}`.execute(db);
  return { rows, count: Number(counted[0]?.count ?? 0) };
}

interface EntryRow {
  uuid: string;
  kind: LedgerEntryKind;
  product: string | null;
  amount_cents: string | number;
  payable_at: Date | null;
  reverses: string | null;
}

/** The ledger entries of the scope (the same rows CustomerService.GetBalance sums). */
async function entryRows(db: Kysely<Database>, scope: DressingScope): Promise<LedgerEntry[]> {
  const { rows } = await sql<EntryRow>`
    select e.uuid, e.kind::text as kind, e.product, e.amount_cents, e.payable_at, e.reverses
    from depositor_ledger_entry e
    where e.customer = ${scope.customer}
      ${scope.vendor ? sql`and e.vendor = ${scope.vendor}` : sql``}`.execute(db);
  return rows.map((r) => ({
    uuid: r.uuid,
    kind: r.kind,
    product: r.product,
    amountCents: Number(r.amount_cents),
    payableAt: r.payable_at,
    reverses: r.reverses,
  }));
}

/** When each settled ledger entry was paid out, by entry. */
async function paidOutAt(db: Kysely<Database>, entries: readonly string[]) {
  if (entries.length === 0) return new Map<string, Date>();
  const { rows } = await sql<{ ledger_entry: string; created_at: Date }>`
    select i.ledger_entry, po.created_at from payout_item i join payout po on po.uuid = i.payout
    where i.ledger_entry = any(${entries}::uuid[])`.execute(db);
  return new Map(rows.map((r) => [r.ledger_entry, r.created_at]));
}

/** The listings live now: listed with a public address, never withdrawn, on an unsold item. */
async function liveListings(db: Kysely<Database>, products: readonly string[]) {
  if (products.length === 0) return [];
  const { rows } = await sql<{
    product: string;
    publisher_name: string;
    url: string;
    listed_at: Date | null;
  }>`
    select l.product, l.publisher_name, l.url, l.listed_at
    from product_listing l join product p on p.uuid = l.product
    where l.product = any(${products}::uuid[]) and l.status = 'LISTED'
      and l.withdrawn_at is null and coalesce(l.url, '') <> ''
      and p.sale_status in ('ONLINE', 'RESERVED')
    order by l.listed_at nulls last, l.publisher_name`.execute(db);
  return rows;
}

/** The depositor's statements of sales and payout receipts, newest first. */
async function statementRows(db: Kysely<Database>, scope: DressingScope) {
  const vendorOf = (alias: string) =>
    scope.vendor ? sql`and ${sql.ref(`${alias}.vendor`)} = ${scope.vendor}` : sql``;
  const { rows: invoices } = await sql<{
    uuid: string;
    number: string | null;
    created_at: Date;
    total_cents: string | number | null;
    date_start: Date | null;
    date_end: Date | null;
  }>`
    select i.uuid, i.full_invoice_number as number, i.created_at, i.total_cents, i.date_start,
      i.date_end
    from invoice i
    where i.customer = ${scope.customer} and i.category = 'DEPOSIT_CUSTOMER' ${vendorOf('i')}`.execute(
    db,
  );
  const { rows: payouts } = await sql<{
    uuid: string;
    receipt_number: string;
    created_at: Date;
    amount_cents: string | number;
  }>`
    select po.uuid, po.receipt_number, po.created_at, po.amount_cents from payout po
    where po.customer = ${scope.customer} ${vendorOf('po')}`.execute(db);
  const ts = (d: Date | null) => (d ? timestampFromDate(d) : undefined);
  return [
    ...invoices.map((i) => ({
      at: i.created_at,
      message: create(DressingStatementSchema, {
        kind: DressingStatementKind.STATEMENT,
        uuid: i.uuid,
        number: i.number ?? '',
        issuedAt: ts(i.created_at),
        amountCents: BigInt(i.total_cents ?? 0),
        periodStart: ts(i.date_start),
        periodEnd: ts(i.date_end),
      }),
    })),
    ...payouts.map((p) => ({
      at: p.created_at,
      message: create(DressingStatementSchema, {
        kind: DressingStatementKind.PAYOUT_RECEIPT,
        uuid: p.uuid,
        number: p.receipt_number,
        issuedAt: ts(p.created_at),
        amountCents: BigInt(p.amount_cents),
      }),
    })),
  ]
    .sort((a, b) => b.at.getTime() - a.at.getTime())
    .map((s) => s.message);
}

const SALE_STATUS: Record<string, SaleStatus> = {
  FACTURED: SaleStatus.FACTURED,
  PAYED: SaleStatus.PAYED,
  SELL: SaleStatus.SELL,
  ONLINE: SaleStatus.ONLINE,
  READY: SaleStatus.READY,
  OFFLINE: SaleStatus.OFFLINE,
  RESERVED: SaleStatus.RESERVED,
  REFUSED: SaleStatus.REFUSED,
  RESTITUED: SaleStatus.RESTITUED,
};

/** DressingService.GetDressing: the whole depositor's space in one answer. */
async function getDressing(
  db: Kysely<Database>,
  req: GetDressingRequest,
  ctx: HandlerContext,
): Promise<Dressing> {
  const scope = await dressingScope(db, requireCaller(ctx), req.customer);
  const where = scope.vendor
    ? sql`d.customer = ${scope.customer} and d.vendor = ${scope.vendor}`
    : sql`d.customer = ${scope.customer}`;
  const [{ rows, count }, entries, statements] = await Promise.all([
    itemRows(db, where),
    entryRows(db, scope),
    statementRows(db, scope),
  ]);
  const uuids = rows.map((r) => r.uuid);
  const entriesOf = new Map<string, LedgerEntry[]>();
  for (const e of entries) {
    if (!e.product) continue;
    entriesOf.set(e.product, [...(entriesOf.get(e.product) ?? []), e]);
  }
  const live = new Map(uuids.map((u) => [u, liveCredits(entriesOf.get(u) ?? [])]));
  const [listings, paid] = await Promise.all([
    liveListings(db, uuids),
    paidOutAt(
      db,
      [...live.values()].flatMap((credits) => credits.map((c) => c.uuid)),
    ),
  ]);
  const totals = ledgerTotals(entries);
  const paidCents = -entries
    .filter((e) => e.kind === 'PAYOUT')
    .reduce((sum, e) => sum + e.amountCents, 0);

  const items = rows.map((r) => {
    const credits = live.get(r.uuid) ?? [];
    const fromLedger = (entriesOf.get(r.uuid) ?? []).length > 0;
    const sold = SOLD.has(r.sale_status ?? '');
    const stored = sold ? toCents(r.customer_income) : 0;
    const earningCents = fromLedger ? credits.reduce((s, c) => s + c.amountCents, 0) : stored;
    const payouts = credits.flatMap((c) => paid.get(c.uuid) ?? []);
    const timeline = dressingTimeline({
      saleStatus: r.sale_status,
      depositStatus: r.deposit_status,
      registeredAt: r.registered_at,
      stockEntryAt: r.stock_entry_datetime,
      createdAt: r.created_at,
      photographedAt: r.photographed_at,
      onlineAt: r.online_datetime,
      firstListedAt: r.first_listed_at,
      reservedAt: r.reserved_at,
      releasedAt: r.released_at,
      soldAt: r.sell_datetime,
      shippedAt: r.shipped_at,
      paidOutAt: payouts.length ? new Date(Math.max(...payouts.map((d) => d.getTime()))) : null,
    });
    const price = sold && r.selled_price !== null ? r.selled_price : r.suggested_price;
    return create(DressingItemSchema, {
      uuid: r.uuid,
      reference: r.reference ?? '',
      title: r.title ?? '',
      photoUrl: mediaUrl(r.thumb ?? r.main_image_url),
      priceCents: BigInt(toCents(price)),
      saleStatus: SALE_STATUS[r.sale_status ?? ''] ?? SaleStatus.UNSPECIFIED,
      deposit: r.deposit,
      depositName: r.deposit_name ?? '',
      channels: listings
        .filter((l) => l.product === r.uuid)
        .map((l) =>
          create(DressingChannelSchema, {
            publisherName: l.publisher_name,
            url: l.url,
            listedAt: l.listed_at ? timestampFromDate(l.listed_at) : undefined,
          }),
        ),
      timeline: timeline.map((e) =>
        create(DressingEventSchema, { step: STEP[e.step], at: timestampFromDate(e.at) }),
      ),
      earningCents: BigInt(earningCents),
      earningSource: fromLedger
        ? EarningSource.LEDGER
        : stored > 0
          ? EarningSource.STORED_INCOME
          : EarningSource.NONE,
    });
  });
  return create(DressingSchema, {
    customer: scope.customer,
    items,
    itemCount: count,
    owedCents: BigInt(totals.balanceCents),
    payableCents: BigInt(totals.payableCents),
    paidCents: BigInt(paidCents),
    statements,
  });
}

/** DressingService, hand-written: one reading call. */
export function dressingHandlers(deps: Pick<ServiceDeps, 'db'>) {
  return [
    implement(DressingService, {
      getDressing: (req: GetDressingRequest, ctx: HandlerContext) => getDressing(deps.db, req, ctx),
    }),
  ] as const;
}
