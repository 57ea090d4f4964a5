import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema.gen.ts';
import { recordProductEvent } from '../publishing/timeline.ts';
import { statusOfCarrier } from './labelStatus.ts';

type Row = Record<string, unknown>;

/** A label's delivery status, as a line of the shipped product's timeline. */
export async function shippingEvent(db: Kysely<Database>, label: Row): Promise<void> {
  if (label.shipped_content_type !== 'product' || !label.shipped_object_uuid) return;
  await recordProductEvent(db, {
    product: label.shipped_object_uuid as string,
    kind: 'SHIPPING',
    detail: String(label.delivery_status),
    at: label.delivery_status_datetime as Date,
  });
}

/** A parcel status as the carrier tells it, by its webhook or when asked. */
export interface CarrierStatus {
  readonly parcelId: string;
  readonly statusId: number;
  readonly message: string;
  /** When the carrier set it. */
  readonly at: Date;
}

/**
 * Moves the labels of a parcel to the carrier's status, whoever told it (the webhook or the
 * polling job): an older status never overwrites a newer one, the status already held is not
 * written twice, and each change gets its timeline line in the same transaction. Answers how
 * many labels changed.
 */
export async function applyCarrierStatus(
  db: Kysely<Database>,
  status: CarrierStatus,
): Promise<number> {
  const { parcelId, statusId, message, at } = status;
  return db.transaction().execute(async (trx) => {
    const result = await sql<Row>`update shipping_label set
        delivery_status = ${statusOfCarrier(statusId, message)}, delivery_status_datetime = ${at},
        original_code = ${String(statusId)}, original_label = ${message}, updated_at = now(),
        row_version = row_version + 1
      where carrier_parcel_id = ${parcelId}
        and (delivery_status_datetime is null or delivery_status_datetime <= ${at})
        and (original_code is distinct from ${String(statusId)}
          or original_label is distinct from ${message})
      returning *`.execute(trx);
    for (const label of result.rows) await shippingEvent(trx, label);
    return result.rows.length;
  });
}
