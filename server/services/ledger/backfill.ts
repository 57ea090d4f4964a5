import { sql, type Insertable, type Kysely } from 'kysely';
import type { Database, DepositorLedgerEntry } from '../../db/schema.gen.ts';
import { toCents } from '../../../src/domain/ledger/ledger.ts';

/** Rows written per statement, so a large catalogue never builds one huge insert. */
const BATCH = 1000;

/**
 * Writes the ledger of sales made before the ledger existed (or seeded without it): one credit
 * per sold product that has no entry yet, dated at its sale, payable from its recorded payment.
 * An invoiced product (FACTURED) was paid first, so it is credited as paid. Runs at start under a
 * lock, so two servers starting together on one database write each credit once; when every sold
 * product already has its entries it writes nothing. Answers how many credits it wrote.
 */
export async function backfillSaleLedger(db: Kysely<Database>): Promise<number> {
  return db.transaction().execute(async (trx) => {
    await sql`select pg_advisory_xact_lock(72062)`.execute(trx);
    const { rows } = await sql<{
      uuid: string;
      sale_status: string;
      customer_income: number | null;
      sell_datetime: Date | null;
      payed_datetime: Date | null;
      vendor: string;
      customer: string;
    }>`
      select p.uuid, p.sale_status::text as sale_status, p.customer_income, p.sell_datetime,
             p.payed_datetime, d.vendor, d.customer
      from product p join deposit d on d.uuid = p.deposit
      where p.sale_status in ('SELL', 'PAYED', 'FACTURED')
        and d.vendor is not null and d.customer is not null
        and not exists (select 1 from depositor_ledger_entry e where e.product = p.uuid)
      order by p.uuid`.execute(trx);
    const now = new Date();
    const credits: Insertable<DepositorLedgerEntry>[] = rows.flatMap((p) => {
      const amount = toCents(p.customer_income);
      if (amount === 0) return [];
      const soldAt = p.sell_datetime ?? p.payed_datetime ?? now;
      const paid = p.sale_status !== 'SELL';
      return [
        {
          vendor: p.vendor,
          customer: p.customer,
          product: p.uuid,
          kind: 'SALE_CREDIT' as const,
          amount_cents: amount,
          created_at: soldAt,
          payable_at: paid ? (p.payed_datetime ?? soldAt) : null,
        },
      ];
    });
    for (let i = 0; i < credits.length; i += BATCH)
      await trx
        .insertInto('depositor_ledger_entry')
        .values(credits.slice(i, i + BATCH))
        .execute();
    return credits.length;
  });
}
