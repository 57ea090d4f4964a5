import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { Database } from '../../db/schema.gen.ts';
import type { DocumentStore } from '../../documents/store.ts';
import type { PlatformIdentity } from '../deps.ts';
import type { TaskRunner } from '../tasks/taskQueue.ts';
import { toCents } from '../../../src/domain/ledger/ledger.ts';
import { issueInvoice, renderQuietly, type DraftLine, type IssuedCategory } from './issue.ts';
import { loadCustomerParty, loadVendorParty, PLATFORM_ISSUER, platformParty } from './parties.ts';

/** What the task stores: the half-open period [start, end) and whom it is for. */
export interface PeriodPayload {
  readonly start: string;
  readonly end: string;
  readonly vendor?: string;
  readonly customer?: string;
}

interface EntryRow {
  uuid: string;
  vendor: string;
  customer: string;
  product: string | null;
  kind: 'SALE_CREDIT' | 'SALE_REVERSAL';
  amount_cents: string | number;
  reference: string | null;
  name: string | null;
  selled_price: number | null;
  provider_income: number | null;
}

/** One sold item of the period: its entries netted (a return reverses its sale). */
interface ItemSale {
  product: string;
  label: string;
  entries: string[];
  shareCents: number;
  units: number;
  salePriceCents: number;
  platformCents: number;
}

/** Sale entries of the period that no invoice of `category` counts yet. */
function entriesNotYetOn(
  category: IssuedCategory,
  period: { start: Date; end: Date },
  where: RawBuilder<unknown>,
): RawBuilder<unknown> {
  return sql`
    e.kind in ('SALE_CREDIT', 'SALE_REVERSAL')
    and e.created_at >= ${period.start} and e.created_at < ${period.end}
    and ${where}
    and not exists (select 1 from invoiced_ledger_entry i
      where i.entry = e.uuid and i.category = ${category})`;
}

async function itemSales(
  trx: Kysely<Database>,
  filter: RawBuilder<unknown>,
): Promise<{ items: ItemSale[]; entries: string[] }> {
  const { rows } = await sql<EntryRow>`
    select e.uuid, e.vendor, e.customer, e.product, e.kind::text as kind, e.amount_cents,
      p.reference, p.name, p.selled_price, p.provider_income
    from depositor_ledger_entry e left join product p on p.uuid = e.product
    where ${filter}
    order by p.reference nulls last, e.product, e.created_at, e.uuid`.execute(trx);
  const byProduct = new Map<string, ItemSale>();
  for (const row of rows) {
    const key = row.product ?? row.uuid;
    const item = byProduct.get(key) ?? {
      product: row.product ?? '',
      label: [row.reference, row.name].filter(Boolean).join(' – ') || key,
      entries: [],
      shareCents: 0,
      units: 0,
      salePriceCents: toCents(row.selled_price),
      platformCents: toCents(row.provider_income),
    };
    item.entries.push(row.uuid);
    item.shareCents += Number(row.amount_cents);
    item.units += row.kind === 'SALE_CREDIT' ? 1 : -1;
    byProduct.set(key, item);
  }
  return { items: [...byProduct.values()], entries: rows.map((r) => r.uuid) };
}

const isUniqueViolation = (error: unknown) =>
  (error as { code?: unknown } | null)?.code === '23505';

export interface PeriodDeps {
  readonly db: Kysely<Database>;
  readonly clock: () => Date;
  readonly documents: DocumentStore;
  readonly platform: () => PlatformIdentity;
}

type Outcome = { uuid: string; number: string } | null;

/**
 * A depositor's statement of the period: each item sold (its sale price, the commission kept and
 * the depositor's share, the share being the ledger's credits net of reversals). Nothing is issued
 * when no item is left to state or the shares add up to nothing owed; the entries then wait for a
 * later period.
 */
async function issueStatement(
  deps: PeriodDeps,
  period: { start: Date; end: Date },
  vendor: string,
  customer: string,
): Promise<Outcome> {
  return deps.db.transaction().execute(async (trx) => {
    const filter = entriesNotYetOn(
      'DEPOSIT_CUSTOMER',
      period,
      sql`e.vendor = ${vendor} and e.customer = ${customer}`,
    );
    const { items, entries } = await itemSales(trx, filter);
    const lines: DraftLine[] = items
      .filter((item) => item.shareCents !== 0)
      .map((item) => {
        const sale = item.units * item.salePriceCents;
        return {
          label: item.label,
          quantity: 1,
          unitPriceCents: item.shareCents,
          netCents: item.shareCents,
          vatRatePercent: 0,
          product: item.product,
          salePriceCents: sale,
          commissionCents: sale - item.shareCents,
        };
      });
    const total = lines.reduce((sum, line) => sum + line.netCents, 0);
    if (lines.length === 0 || total <= 0) return null;
    const issuer = await loadVendorParty(trx, vendor);
    const recipient = await loadCustomerParty(trx, customer);
    if (!issuer || !recipient) return null;
    const issued = await issueInvoice(
      trx,
      {
        category: 'DEPOSIT_CUSTOMER',
        issuer: issuer.issuer,
        vendor,
        customer,
        buyer: null,
        product: null,
        vendorParty: issuer.snapshot,
        customerParty: recipient.snapshot,
        seller: issuer.document,
        recipient: recipient.document,
        language: recipient.language,
        period,
        lines,
        // A statement is no sale by the depositor: no VAT is charged on their share.
        vat: { kind: 'OUTSIDE_SCOPE' },
        paymentDays: deps.platform().paymentDays,
      },
      deps.clock(),
    );
    await markEntries(trx, entries, 'DEPOSIT_CUSTOMER', issued.uuid);
    return issued;
  });
}

/** The platform's commission invoice to a vendor: its share of each item sold in the period. */
async function issueCommission(
  deps: PeriodDeps,
  period: { start: Date; end: Date },
  vendor: string,
): Promise<Outcome> {
  const platform = deps.platform();
  return deps.db.transaction().execute(async (trx) => {
    const filter = entriesNotYetOn('MONTHLY_VENDOR', period, sql`e.vendor = ${vendor}`);
    const { items, entries } = await itemSales(trx, filter);
    const recipient = await loadVendorParty(trx, vendor);
    if (!recipient) return null;
    const label = recipient.language === 'en' ? 'Commission' : 'Commission';
    const lines: DraftLine[] = items
      .filter((item) => item.units !== 0 && item.platformCents !== 0)
      .map((item) => ({
        label: `${label} – ${item.label}`,
        quantity: item.units,
        unitPriceCents: item.platformCents,
        netCents: item.units * item.platformCents,
        vatRatePercent: platform.vatRatePercent,
        product: item.product,
      }));
    const total = lines.reduce((sum, line) => sum + line.netCents, 0);
    if (lines.length === 0 || total <= 0) return null;
    const issued = await issueInvoice(
      trx,
      {
        category: 'MONTHLY_VENDOR',
        issuer: PLATFORM_ISSUER,
        vendor,
        customer: null,
        buyer: null,
        product: null,
        vendorParty: recipient.snapshot,
        customerParty: null,
        seller: platformParty(platform),
        recipient: recipient.document,
        language: recipient.language,
        period,
        lines,
        vat: { kind: 'NORMAL', ratePercent: platform.vatRatePercent },
        paymentDays: platform.paymentDays,
      },
      deps.clock(),
    );
    await markEntries(trx, entries, 'MONTHLY_VENDOR', issued.uuid);
    return issued;
  });
}

async function markEntries(
  trx: Kysely<Database>,
  entries: readonly string[],
  category: IssuedCategory,
  invoice: string,
): Promise<void> {
  if (entries.length === 0) return;
  await sql`
    insert into invoiced_ledger_entry (entry, category, invoice)
    select unnest(${[...entries]}::uuid[]), ${category}, ${invoice}`.execute(trx);
}

/** Runs one issue; a concurrent run that issued it first (a unique index refused) is no error. */
async function once(issue: () => Promise<Outcome>): Promise<Outcome> {
  try {
    return await issue();
  } catch (error) {
    if (isUniqueViolation(error)) return null;
    throw error;
  }
}

/** What one generation issues, in order: every depositor's statement, then commissions. */
export async function periodWork(
  db: Kysely<Database>,
  payload: PeriodPayload,
): Promise<{ depositors: { vendor: string; customer: string }[]; vendors: string[] }> {
  const period = { start: new Date(payload.start), end: new Date(payload.end) };
  const scope = sql`${payload.vendor ? sql`e.vendor = ${payload.vendor}` : sql`true`}
    and ${payload.customer ? sql`e.customer = ${payload.customer}` : sql`true`}`;
  const { rows: depositors } = await sql<{ vendor: string; customer: string }>`
    select distinct e.vendor, e.customer from depositor_ledger_entry e
    where ${entriesNotYetOn('DEPOSIT_CUSTOMER', period, scope)}
    order by e.vendor, e.customer`.execute(db);
  // Naming one depositor issues their statement only: the vendor's commission covers everyone.
  const { rows: vendors } = payload.customer
    ? { rows: [] as { vendor: string }[] }
    : await sql<{ vendor: string }>`
        select distinct e.vendor from depositor_ledger_entry e
        where ${entriesNotYetOn('MONTHLY_VENDOR', period, scope)}
        order by e.vendor`.execute(db);
  return { depositors, vendors: vendors.map((v) => v.vendor) };
}

/**
 * The GENERATE_INVOICES task: one statement per depositor with sales in the period, then one
 * commission invoice per vendor, each in its own transaction, the PDF rendered after it commits.
 * Running it again (or twice at once) issues nothing more: the entries already counted are left
 * out and the unique indexes refuse a second invoice of the same period.
 */
export function periodInvoicesRunner(deps: PeriodDeps): TaskRunner {
  return async (payload, report) => {
    const request = payload as unknown as PeriodPayload;
    const period = { start: new Date(request.start), end: new Date(request.end) };
    const work = await periodWork(deps.db, request);
    const total = work.depositors.length + work.vendors.length;
    await report.setTotal(total);
    let done = 0;
    const step = async (issue: () => Promise<Outcome>) => {
      report.signal.throwIfAborted();
      const issued = await once(issue);
      if (issued) await renderQuietly(deps.db, deps.documents, issued.uuid);
      done += 1;
      await report.progress(done, issued ? issued.number : undefined);
    };
    for (const { vendor, customer } of work.depositors)
      await step(() => issueStatement(deps, period, vendor, customer));
    for (const vendor of work.vendors) await step(() => issueCommission(deps, period, vendor));
  };
}
