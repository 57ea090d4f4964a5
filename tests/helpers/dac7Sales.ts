import { execFile } from 'node:child_process';
import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { sql, type Kysely } from 'kysely';
import type { Database } from '../../server/db/schema.gen.ts';

/*
 * Storefront sellers and their sales for the DAC7 tests: vendors with the details given, and
 * items sold through confirmed storefront reservations (or not, as told).
 */

let n = 0;

export interface Sale {
  /** Euros as the product stores them. */
  readonly price: number;
  /** When it sold, an ISO instant. */
  readonly at: string;
  /** Through a confirmed storefront reservation (true unless told). */
  readonly storefront?: boolean;
  /** Its sale status now (SELL unless told). */
  readonly status?: string;
  /** When the buyer's payment was recorded. */
  readonly paidAt?: string;
}

export interface VendorFields {
  readonly company?: string;
  readonly tin?: string;
  readonly birth?: string;
  readonly iban?: string;
  readonly address?: string;
}

/** A vendor of its own (in `company` when given), with the details given and nothing else. */
export async function newVendor(db: Kysely<Database>, fields: VendorFields = {}): Promise<string> {
  const k = `${process.pid}-${++n}`;
  const { rows } = await sql<{ uuid: string }>`
    insert into vendor (first_name, last_name, email, address, postal_code, city, company,
      tax_identification_number, birth_date, iban, is_company_admin)
    values ('Léa', ${`Vendeuse ${k}`}, ${`dac7.${k}@exemple.fr`}, ${fields.address ?? '3 rue Oberkampf'},
      '75011', 'Paris', ${fields.company ?? null}, ${fields.tin ?? null}, ${fields.birth ?? null},
      ${fields.iban ?? null}, ${Boolean(fields.company)})
    returning uuid`.execute(db);
  return rows[0]!.uuid;
}

/**
 * Items of `vendor` sold as `sales` say: a deposit of theirs INLINE, one product per sale with a
 * 10 % platform commission, and for storefront sales the confirmed reservation and buyer line a
 * confirmed storefront sale leaves.
 */
export async function sell(
  db: Kysely<Database>,
  vendor: string,
  sales: readonly Sale[],
): Promise<void> {
  const { rows } = await sql<{ uuid: string }>`
    insert into deposit (vendor, name, status) values (${vendor}, ${`DAC7 ${vendor} ${++n}`}, 'INLINE')
    returning uuid`.execute(db);
  const deposit = rows[0]!.uuid;
  for (const sale of sales) {
    const { rows: products } = await sql<{ uuid: string }>`
      insert into product (deposit, name, sale_status, selled_price, provider_income,
        sell_datetime, payed_datetime, sell_on)
      values (${deposit}, 'Veste', ${sale.status ?? 'SELL'}, ${sale.price}, ${sale.price / 10},
        ${sale.at}, ${sale.paidAt ?? null}, 'WEBSITE')
      returning uuid`.execute(db);
    if (sale.storefront === false) continue;
    await sql`
      insert into storefront_reservation (product, vendor, buyer_name, buyer_email, status,
        decided_at)
      values (${products[0]!.uuid}, ${vendor}, 'Acheteur', 'acheteur@exemple.fr', 'CONFIRMED',
        ${sale.at})`.execute(db);
  }
}

export const times = (count: number, sale: Sale): Sale[] =>
  Array.from({ length: count }, () => sale);

const XSD = 'tests/fixtures/dac7/DPIXML_v1.0.xsd';

/** xmllint's complaints about a DPI file against the EU DPI XML v1.0 schema (`validates` when none). */
export async function validate(xml: string): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'dac7-'));
  const file = join(dir, 'dac7.xml');
  await writeFile(file, xml);
  const { stderr } = await promisify(execFile)('xmllint', ['--noout', '--schema', XSD, file]);
  return stderr;
}
