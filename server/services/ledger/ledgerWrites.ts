import { sql, type Insertable, type Kysely } from 'kysely';
import type { Database, DepositorLedgerEntry } from '../../db/schema.gen.ts';
import {
  ledgerChangeFor,
  toCents,
  type LedgerEntry,
  type LedgerEntryKind,
} from '../../../src/domain/ledger/ledger.ts';
import { notify } from '../notices/notify.ts';

interface EntryRow {
  uuid: string;
  kind: LedgerEntryKind;
  product: string | null;
  amount_cents: string | number;
  payable_at: Date | null;
  reverses: string | null;
  vendor: string;
  customer: string;
}

/**
 * Brings the depositor ledger of these products in line with their sale status and share
 * (src/domain/ledger/ledger.ts), inside the transaction that changed them: a sale credits the
 * depositor's share, PAYED makes it payable, a return or refund reverses it. The products are
 * locked first, so two changes of one product never write beside each other, and a change already
 * recorded writes nothing. A credit is written for a product whose deposit names a vendor and a
 * customer; a reversal goes to the vendor and customer of the credit it reverses. Each credit
 * also writes the sale's notices (server/services/notices/notify.ts).
 */
export async function recordSaleLedger(
  trx: Kysely<Database>,
  productUuids: readonly string[],
  now: Date,
): Promise<void> {
  if (productUuids.length === 0) return;
  const uuids = [...new Set(productUuids)];
  const { rows: products } = await sql<{
    uuid: string;
    sale_status: string | null;
    customer_income: number | null;
    vendor: string | null;
    customer: string | null;
  }>`
    select p.uuid, p.sale_status::text as sale_status, p.customer_income, d.vendor, d.customer
    from product p left join deposit d on d.uuid = p.deposit
    where p.uuid = any(${uuids}::uuid[])
    order by p.uuid
    for update of p`.execute(trx);
  if (products.length === 0) return;
  const { rows: existing } = await sql<EntryRow>`
    select uuid, kind::text as kind, product, amount_cents, payable_at, reverses, vendor, customer
    from depositor_ledger_entry
    where product = any(${products.map((p) => p.uuid)}::uuid[])`.execute(trx);
  const byProduct = new Map<string, EntryRow[]>();
  for (const e of existing) {
    const list = byProduct.get(e.product ?? '') ?? [];
    list.push(e);
    byProduct.set(e.product ?? '', list);
  }
  const inserts: Insertable<DepositorLedgerEntry>[] = [];
  const madePayable: string[] = [];
  const sold: { product: string; shareCents: number }[] = [];
  for (const p of products) {
    const rows = byProduct.get(p.uuid) ?? [];
    const entries: LedgerEntry[] = rows.map((r) => ({
      uuid: r.uuid,
      kind: r.kind,
      product: r.product,
      amountCents: Number(r.amount_cents),
      payableAt: r.payable_at,
      reverses: r.reverses,
    }));
    const owned = Boolean(p.vendor && p.customer);
    const change = ledgerChangeFor(
      { saleStatus: p.sale_status, shareCents: owned ? toCents(p.customer_income) : 0 },
      entries,
    );
    for (const r of change.reversals) {
      const credit = rows.find((e) => e.uuid === r.reverses);
      if (!credit) continue;
      inserts.push({
        vendor: credit.vendor,
        customer: credit.customer,
        product: p.uuid,
        kind: 'SALE_REVERSAL',
        amount_cents: r.amountCents,
        payable_at: r.payable ? now : null,
        reverses: r.reverses,
        created_at: now,
      });
    }
    for (const c of change.credits) {
      sold.push({ product: p.uuid, shareCents: c.amountCents });
      inserts.push({
        vendor: p.vendor ?? '',
        customer: p.customer ?? '',
        product: p.uuid,
        kind: 'SALE_CREDIT',
        amount_cents: c.amountCents,
        payable_at: c.payable ? now : null,
        created_at: now,
      });
    }
    madePayable.push(...change.madePayable);
  }
  if (inserts.length > 0) await trx.insertInto('depositor_ledger_entry').values(inserts).execute();
  if (madePayable.length > 0)
    await trx
      .updateTable('depositor_ledger_entry')
      .set({ payable_at: now })
      .where('uuid', 'in', madePayable)
      .where('payable_at', 'is', null)
      .execute();
  // A credit is a sale: its depositor and vendor are told, in this same transaction.
  for (const sale of sold) await notify(trx, { kind: 'ITEM_SOLD', ...sale });
}

/** The same for every product of a deposit (a bulk change, a restitution). */
export async function recordDepositSaleLedger(
  trx: Kysely<Database>,
  deposit: string,
  now: Date,
): Promise<void> {
  const { rows } = await sql<{ uuid: string }>`
    select uuid from product where deposit = ${deposit}`.execute(trx);
  await recordSaleLedger(
    trx,
    rows.map((r) => r.uuid),
    now,
  );
}
