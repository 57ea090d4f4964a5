import { ConnectError } from '@connectrpc/connect';
import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema.gen.ts';
import { reasonOf } from '../../rpc/reasons.ts';
import type { ServiceDeps } from '../deps.ts';
import { carrierClientOf, type CarrierClient } from './carrierClient.ts';
import { applyCarrierStatus } from './labelTracking.ts';

/** Statuses a parcel may still leave: the ones worth asking the carrier about. */
export const POLLED_STATUSES = ['NOT_CREATED', 'CREATED', 'SHIPPED', 'BLOCKED', 'UNKNOWN'];
/** Labels asked about in one round, least recently changed first; the rest wait for the next. */
export const POLL_BATCH = 200;

/**
 * When the carrier set a status: its `date_updated` counts in whole seconds, so it is read as the
 * end of that second (a status made within the same second is not taken as older), never later
 * than now; now when the carrier gives no date.
 */
function statusDate(updatedAt: Date | undefined, now: Date): Date {
  if (!updatedAt) return now;
  return new Date(Math.min(updatedAt.getTime() + 999, now.getTime()));
}

export interface PollRound {
  readonly checked: number;
  readonly updated: number;
  /** Labels the carrier did not answer for (unreachable, refused): asked again next round. */
  readonly failed: number;
}

/**
 * One polling round: asks the carrier (GET parcels/{id}) for each label not in a final status and
 * applies what it says through the webhook's own code, dated with the carrier's `date_updated`
 * (now when it gives none), so an older status never overwrites a newer one.
 */
export async function pollLabelsOnce(
  db: Kysely<Database>,
  client: CarrierClient,
  clock: () => Date,
  limit = POLL_BATCH,
): Promise<PollRound> {
  const { rows: parcels } = await sql<{ parcel: string }>`
    select carrier_parcel_id as parcel from shipping_label
    where carrier_parcel_id is not null and carrier_parcel_id <> ''
      and delivery_status::text in (${sql.join(POLLED_STATUSES.map((s) => sql`${s}`))})
    group by carrier_parcel_id order by min(updated_at) limit ${limit}`.execute(db);
  let updated = 0;
  let failed = 0;
  for (const { parcel } of parcels) {
    try {
      const status = await client.parcelStatus(parcel);
      if (!status) continue;
      updated += await applyCarrierStatus(db, {
        parcelId: parcel,
        statusId: status.statusId,
        message: status.statusMessage,
        at: statusDate(status.updatedAt, clock()),
      });
    } catch (error) {
      // A carrier that fails for one parcel does not stop the round; a closed database does.
      if (!reasonOf(ConnectError.from(error))) throw error;
      failed++;
    }
  }
  return { checked: parcels.length, updated, failed };
}

/**
 * Starts polling the carrier every `pollMinutes` (unref'd: it never keeps the process alive). A
 * round does not start while the previous one runs; a database that no longer answers (the
 * server stopped) ends the schedule. Registers no call: answers no service part.
 */
export function labelPollingHandlers(deps: ServiceDeps) {
  const minutes = deps.shipping.pollMinutes ?? 0;
  const carrier = carrierClientOf(deps.shipping, deps.publicUrl);
  if (minutes > 0) {
    let busy = false;
    const timer = setInterval(() => {
      const client = carrier();
      if (busy || !client) return;
      busy = true;
      pollLabelsOnce(deps.db, client, deps.clock)
        .catch((error: unknown) => {
          clearInterval(timer);
          console.warn('label polling stopped:', error instanceof Error ? error.message : error);
        })
        .finally(() => {
          busy = false;
        });
    }, minutes * 60_000);
    timer.unref();
  }
  return [] as const;
}
