import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema.gen.ts';

type Row = Record<string, unknown>;

/** The label the vendor already asked for with this request key, if any: a retry answers it. */
export async function labelByRequestKey(
  db: Kysely<Database>,
  vendor: string,
  key: string | null,
): Promise<Row | undefined> {
  if (!key) return undefined;
  return (
    await sql<Row>`select * from shipping_label
      where vendor = ${vendor} and idempotency_key = ${key}`.execute(db)
  ).rows[0];
}

/**
 * The parcel a Regenerate already made with this request key, if any (its label and the
 * regeneration's number): a retry answers that label, another label's call is refused.
 */
export async function regenerationByRequestKey(
  db: Kysely<Database>,
  vendor: string,
  key: string | null,
): Promise<Row | undefined> {
  if (!key) return undefined;
  return (
    await sql<Row>`select * from shipping_label_regeneration
      where vendor = ${vendor} and request_key = ${key}`.execute(db)
  ).rows[0];
}

/** PostgreSQL's unique violation: a racing request with the same key got in first. */
export const isUniqueViolation = (error: unknown) =>
  (error as { code?: unknown } | null)?.code === '23505';

/** How the carrier names a vendor on a parcel: first and last names, else the e-mail. */
export function vendorShippingName(seller: Row): string {
  return (
    [seller.first_name, seller.last_name].filter(Boolean).join(' ') || String(seller.email ?? '')
  );
}

/** The vendor as the sender of a parcel: name and postal address from their profile. */
export function vendorSender(seller: Row) {
  return {
    name: vendorShippingName(seller),
    address: String(seller.address ?? ''),
    postalCode: String(seller.postal_code ?? ''),
    city: String(seller.city ?? ''),
  };
}
