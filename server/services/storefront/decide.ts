import { Code } from '@connectrpc/connect';
import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema.gen.ts';
import { mapDatabaseErrors, requireInScope } from '../../crud/crudService.ts';
import type { Caller } from '../../rpc/caller.ts';
import { fail } from '../../rpc/reasons.ts';
import { checkAgainstDeposit } from '../deposit/rules/productRules.ts';
import type { ServiceDeps } from '../deps.ts';
import { incomeColumns, incomeRulesFor } from '../products/income.ts';
import { recordProductEvent, type ProductEventInput } from '../publishing/timeline.ts';
import { requestWithdrawals } from '../publishing/withdrawals.ts';
import { SALE_PLATFORM_OF } from '../../../src/domain/publishing/channels.ts';
import { recordSaleLedger } from '../ledger/ledgerWrites.ts';

export type Row = Record<string, unknown>;

const STOREFRONT = 'SECONDE_STOREFRONT';

/**
 * The reservation, still PENDING, with its product and deposit locked in the order every
 * sale-status change takes them (deposit, product, then the reservation), inside `trx`.
 * Out of the caller's scope: FORBIDDEN (or NOT_FOUND); already decided: RESERVATION_DECIDED.
 */
async function lockPending(
  trx: Kysely<Database>,
  caller: Caller,
  uuid: string,
): Promise<{ reservation: Row; product: Row }> {
  const seen = await requireInScope(
    trx,
    'storefront_reservation',
    uuid,
    caller,
    'read',
    'Reservation',
  );
  const { rows } = await sql<{ deposit: string | null }>`
    select deposit from product where uuid = ${seen.product}`.execute(trx);
  const deposit = rows[0]?.deposit ?? null;
  if (deposit) await sql`select 1 from deposit where uuid = ${deposit} for share`.execute(trx);
  const { rows: products } = await sql<Row>`
    select uuid, deposit, sale_status::text as sale_status, suggested_price, name
    from product where uuid = ${seen.product} for update`.execute(trx);
  const { rows: reservations } = await sql<Row>`
    select * from storefront_reservation where uuid = ${uuid} for update`.execute(trx);
  const reservation = reservations[0]!;
  const product = products[0];
  if (reservation.status !== 'PENDING')
    throw fail(
      Code.FailedPrecondition,
      'RESERVATION_DECIDED',
      `This reservation was already ${String(reservation.status).toLowerCase()}`,
    );
  if (!product || product.deposit !== deposit)
    throw fail(Code.Aborted, 'CHANGED_BY_SOMEONE_ELSE', 'The product changed; try again');
  return { reservation, product };
}

/**
 * Closes the locked reservation with the vendor's decision, dated as its timeline event, and
 * writes that event; answers the reservation as it is now.
 */
async function decide(
  trx: Kysely<Database>,
  uuid: string,
  status: 'CONFIRMED' | 'RELEASED',
  event: ProductEventInput,
): Promise<Row> {
  const { rows } = await sql<Row>`
    update storefront_reservation set status = ${status}, decided_at = ${event.at},
      updated_at = now(), row_version = row_version + 1
    where uuid = ${uuid} returning *`.execute(trx);
  await recordProductEvent(trx, event);
  return rows[0]!;
}

/**
 * The vendor confirms the sale: the product SELL at the agreed price (the suggested price when
 * none is given) with its income split, sold now on WEBSITE, the buyer recorded as its buyer, the
 * reservation CONFIRMED, SOLD on the timeline, and the item's other listings asked to come off.
 * The rule engine decides first (a deposit not INLINE refuses with SALE_BEFORE_INLINE).
 */
export async function confirmReservation(
  deps: ServiceDeps,
  caller: Caller,
  uuid: string,
  soldPrice: number | undefined,
): Promise<Row> {
  if (soldPrice !== undefined && !(Number.isFinite(soldPrice) && soldPrice >= 0))
    throw fail(
      Code.InvalidArgument,
      'INVALID_ARGUMENT',
      'The sold price must be a positive amount',
    );
  const now = deps.clock();
  const decided = await mapDatabaseErrors(() =>
    deps.db.transaction().execute(async (trx) => {
      const { reservation, product } = await lockPending(trx, caller, uuid);
      if (product.sale_status !== 'RESERVED')
        throw fail(
          Code.FailedPrecondition,
          'NOT_AVAILABLE',
          `The item is no longer reserved (it is ${String(product.sale_status)}); release the reservation`,
        );
      await checkAgainstDeposit(trx, product.deposit, 'RESERVED', 'SELL');
      const incomes =
        typeof product.deposit === 'string'
          ? incomeColumns(
              await incomeRulesFor(trx, product.deposit),
              soldPrice ?? null,
              product.suggested_price,
            )
          : undefined;
      await sql`
        update product set sale_status = 'SELL', sell_datetime = ${now},
          sell_on = ${SALE_PLATFORM_OF.SECONDE_STOREFRONT}, sale_status_modified = ${now},
          selled_price = ${incomes?.selled_price ?? soldPrice ?? null},
          vendor_income = ${incomes?.vendor_income ?? null},
          customer_income = ${incomes?.customer_income ?? null},
          provider_income = ${incomes?.provider_income ?? null},
          updated_at = now(), row_version = row_version + 1
        where uuid = ${product.uuid}`.execute(trx);
      await recordSaleLedger(trx, [String(product.uuid)], now);
      await sql`
        insert into product_buyer (buyer, product, buy_on, platform_transaction_id)
        values (${reservation.buyer}, ${product.uuid}, ${SALE_PLATFORM_OF.SECONDE_STOREFRONT}, ${uuid})`.execute(
        trx,
      );
      return decide(trx, uuid, 'CONFIRMED', {
        product: String(product.uuid),
        kind: 'SOLD',
        publisherName: STOREFRONT,
        detail: reservation.buyer_name ? String(reservation.buyer_name) : null,
        at: now,
      });
    }),
  );
  await requestWithdrawals(deps, String(decided.vendor));
  return decided;
}

/**
 * The vendor releases the item: the reservation RELEASED, the product back ONLINE through the rule
 * engine (when it is still RESERVED; an item moved on since is left as it is), RELEASED on the
 * timeline, and its storefront listing LISTED again if the withdrawals took it off meanwhile. The
 * other channels stay withdrawn: publishing there again is the vendor's choice (the answer names
 * them).
 */
export async function releaseReservation(
  deps: ServiceDeps,
  caller: Caller,
  uuid: string,
): Promise<Row> {
  const now = deps.clock();
  return mapDatabaseErrors(() =>
    deps.db.transaction().execute(async (trx) => {
      const { product } = await lockPending(trx, caller, uuid);
      if (product.sale_status === 'RESERVED') {
        await checkAgainstDeposit(trx, product.deposit, 'RESERVED', 'ONLINE');
        await sql`
          update product set sale_status = 'ONLINE', sale_status_modified = ${now},
            updated_at = now(), row_version = row_version + 1
          where uuid = ${product.uuid}`.execute(trx);
        await sql`
          update product_listing set status = 'LISTED', withdrawn_at = null, withdraw_reason = null,
            updated_at = now(), row_version = row_version + 1
          where product = ${product.uuid} and publisher_name = ${STOREFRONT}
            and status = 'WITHDRAWN'`.execute(trx);
      }
      return decide(trx, uuid, 'RELEASED', {
        product: String(product.uuid),
        kind: 'RELEASED',
        publisherName: STOREFRONT,
        at: now,
      });
    }),
  );
}

/**
 * The channels a released item came off while it was reserved (withdrawn as RESERVED_ELSEWHERE
 * and not listed since), by product: what the vendor may publish again.
 */
export async function withdrawnWhileReserved(
  db: Kysely<Database>,
  products: readonly string[],
): Promise<Map<string, string[]>> {
  const found = new Map<string, string[]>();
  if (products.length === 0) return found;
  const { rows } = await sql<{ product: string; publisher_name: string }>`
    select product, publisher_name from product_listing
    where product = any(${[...products]}::uuid[]) and status = 'WITHDRAWN'
      and withdraw_reason = 'RESERVED_ELSEWHERE' and publisher_name <> ${STOREFRONT}
    order by publisher_name`.execute(db);
  for (const row of rows)
    found.set(row.product, [...(found.get(row.product) ?? []), row.publisher_name]);
  return found;
}
