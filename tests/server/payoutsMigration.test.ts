import { readFile, readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const DIR = 'server/db/migrations';
/** The migration on its own, applied over the ones before it to an embedded database. */
let db: PGlite;

async function apply(filter: (file: string) => boolean) {
  const files = (await readdir(DIR)).filter((f) => /^\d{4}_[\w-]+\.sql$/.test(f)).sort();
  for (const file of files.filter(filter)) await db.exec(await readFile(join(DIR, file), 'utf8'));
}

beforeAll(async () => {
  db = await PGlite.create();
  await apply((f) => f < '0013');
}, 120_000);

afterAll(async () => {
  await db?.close();
});

describe('the payouts migration', () => {
  it('moves a RIB that reads as a valid IBAN into the IBAN, and keeps every RIB', async () => {
    const ribs = [
      'FR76 3000 6000 0112 3456 7890 189',
      'de89-3704-0044-0532-0130-00',
      'FR7630006000011234567890188',
      'RIB envoyé par courrier',
      null,
    ];
    for (const [i, rib] of ribs.entries())
      await db.query(`insert into customer (email, rib) values ($1, $2)`, [
        `rib.${i}@exemple.fr`,
        rib,
      ]);
    await apply((f) => f.startsWith('0013_'));
    const { rows } = await db.query<{ rib: string | null; iban: string | null }>(
      `select rib, iban from customer where email like 'rib.%' order by email`,
    );
    expect(rows).toEqual([
      { rib: ribs[0], iban: 'FR7630006000011234567890189' },
      { rib: ribs[1], iban: 'DE89370400440532013000' },
      { rib: ribs[2], iban: null },
      { rib: ribs[3], iban: null },
      { rib: null, iban: null },
    ]);
  });

  it('keeps payouts, their items and SEPA files append-only', async () => {
    const one = async (text: string, params: unknown[] = []) =>
      (await db.query<{ uuid: string }>(text, params)).rows[0]!.uuid;
    const vendor = await one(`insert into vendor default values returning uuid`);
    const customer = await one(`select uuid from customer limit 1`);
    const entry = await one(
      `insert into depositor_ledger_entry (vendor, customer, kind, amount_cents, payable_at)
       values ($1, $2, 'PAYOUT', -100, now()) returning uuid`,
      [vendor, customer],
    );
    const batch = await one(
      `insert into sepa_batch (vendor, message_id, idempotency_key, execution_date, total_cents,
         count, xml, debtor_iban, debtor_name)
       values ($1, 'SEC-1', 'k', current_date, 100, 1, '<Document/>', 'FR76', 'X') returning uuid`,
      [vendor],
    );
    const payout = await one(
      `insert into payout (vendor, customer, method, amount_cents, cut_off, receipt_year,
         receipt_seq, receipt_number, receipt, idempotency_key, ledger_entry, sepa_batch)
       values ($1, $2, 'BANK_TRANSFER', 100, current_date, 2026, 1, 'R-2026-000001', '{}', 'k',
         $3, $4) returning uuid`,
      [vendor, customer, entry, batch],
    );
    await db.query(
      `insert into payout_item (payout, ledger_entry, share_cents) values ($1, $2, 100)`,
      [payout, entry],
    );
    for (const statement of [
      `update payout set amount_cents = 1`,
      `delete from payout`,
      `truncate payout cascade`,
      `update payout_item set share_cents = 1`,
      `delete from payout_item`,
      `update sepa_batch set xml = ''`,
      `delete from sepa_batch`,
    ])
      await expect(db.exec(statement), statement).rejects.toThrow(/append-only/);
    // A cheque without its number is refused by the table as well.
    await expect(
      db.query(
        `insert into payout (vendor, customer, method, amount_cents, cut_off, receipt_year,
           receipt_seq, receipt_number, receipt, idempotency_key, ledger_entry)
         values ($1, $2, 'CHEQUE', 100, current_date, 2026, 2, 'R-2026-000002', '{}', 'k2', $3)`,
        [vendor, customer, entry],
      ),
    ).rejects.toThrow(/payout_cheque_check/);
  });
});
