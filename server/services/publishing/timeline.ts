import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema.gen.ts';

/** ProductEventKind labels, as stored. */
export type ProductEventKindLabel =
  | 'LISTED'
  | 'PUBLISH_FAILED'
  | 'RESERVED'
  | 'RELEASED'
  | 'SOLD'
  | 'WITHDRAWN'
  | 'WITHDRAW_FAILED'
  | 'RECORDED'
  | 'SHIPPING';

export interface ProductEventInput {
  readonly product: string;
  readonly kind: ProductEventKindLabel;
  readonly publisherName?: string | null;
  readonly url?: string | null;
  readonly detail?: string | null;
  readonly at: Date;
}

/**
 * Adds one line to a product's timeline (where it was listed, when, sold where, withdrawn when).
 * Every area that changes a listing or a sale calls this, inside its own transaction when it has one.
 */
export async function recordProductEvent(
  db: Kysely<Database>,
  event: ProductEventInput,
): Promise<void> {
  await sql`
    insert into product_event (product, kind, publisher_name, url, detail, occurred_at)
    values (${event.product}, ${event.kind}, ${event.publisherName ?? null}, ${event.url ?? null},
      ${event.detail ?? null}, ${event.at})`.execute(db);
}
