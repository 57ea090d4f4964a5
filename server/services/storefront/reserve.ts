import { Code, ConnectError } from '@connectrpc/connect';
import { sql } from 'kysely';
import { mapDatabaseErrors } from '../../crud/crudService.ts';
import { reasonOf } from '../../rpc/reasons.ts';
import { checkAgainstDeposit } from '../deposit/rules/productRules.ts';
import type { ServiceDeps } from '../deps.ts';
import { notify } from '../notices/notify.ts';
import { recordProductEvent } from '../publishing/timeline.ts';
import { requestWithdrawals } from '../publishing/withdrawals.ts';
import type { ShopProduct, ShopVendor } from './shopData.ts';
import type { ReservationForm } from './reservationForm.ts';
import { reservationMail } from './reservationMail.ts';
import { shopUrl } from './shopSlug.ts';

/** How a reservation attempt ended, for the page to answer. */
export type ReserveOutcome = 'RESERVED' | 'ALREADY_RESERVED' | 'NOT_AVAILABLE';

/**
 * A buyer reserves an item of the shop: a buyer row and a PENDING reservation (with the contact as
 * typed), the product RESERVED through the rule engine, RESERVED on its timeline and the vendor's
 * mail, all in one transaction; then the item's other listings are asked to come off. The deposit
 * is locked before the product (as every sale-status change does); two buyers at once queue on
 * the product's row lock, and the one-pending-reservation index stops any that slips past.
 */
export async function reserveProduct(
  deps: ServiceDeps,
  vendor: ShopVendor,
  product: ShopProduct,
  form: ReservationForm,
): Promise<ReserveOutcome> {
  const { db, clock, mailer } = deps;
  const now = clock();
  const buyerName = `${form.firstName.trim()} ${form.lastName.trim()}`;
  let outcome: ReserveOutcome;
  try {
    outcome = await mapDatabaseErrors(() =>
      db.transaction().execute(async (trx): Promise<ReserveOutcome> => {
        if (product.deposit) await checkAgainstDeposit(trx, product.deposit, 'ONLINE', 'RESERVED');
        const { rows } = await sql<{ sale_status: string; deposit: string | null }>`
          select sale_status::text as sale_status, deposit from product
          where uuid = ${product.uuid} for update`.execute(trx);
        const current = rows[0];
        if (!current || current.deposit !== product.deposit) return 'NOT_AVAILABLE';
        if (current.sale_status === 'RESERVED') return 'ALREADY_RESERVED';
        if (current.sale_status !== 'ONLINE') return 'NOT_AVAILABLE';
        const { rows: buyers } = await sql<{ uuid: string }>`
          insert into buyer (first_name, last_name, email, phone_number)
          values (${form.firstName.trim()}, ${form.lastName.trim()}, ${form.email.trim()},
            ${form.phone.trim()})
          returning uuid`.execute(trx);
        await sql`
          insert into storefront_reservation
            (product, buyer, vendor, status, message, buyer_name, buyer_email, buyer_phone)
          values (${product.uuid}, ${buyers[0]!.uuid}, ${vendor.uuid}, 'PENDING',
            ${form.message.trim() || null}, ${buyerName}, ${form.email.trim()}, ${form.phone.trim()})`.execute(
          trx,
        );
        await sql`
          update product set sale_status = 'RESERVED', sale_status_modified = ${now},
            updated_at = now(), row_version = row_version + 1
          where uuid = ${product.uuid}`.execute(trx);
        await recordProductEvent(trx, {
          product: product.uuid,
          kind: 'RESERVED',
          publisherName: 'SECONDE_STOREFRONT',
          url: shopUrl(deps.publicUrl(), vendor.slug, product.uuid),
          detail: buyerName,
          at: now,
        });
        await notify(trx, { kind: 'ITEM_RESERVED', product: product.uuid, vendor: vendor.uuid });
        if (vendor.email)
          await mailer.queue(
            trx,
            reservationMail({
              recipient: vendor.email,
              vendorFirstName: vendor.firstName,
              deposit: product.deposit,
              productTitle: product.title,
              productReference: product.reference,
              buyerName,
              buyerEmail: form.email.trim(),
              buyerPhone: form.phone.trim(),
              message: form.message.trim() || null,
              appUrl: `${deps.publicUrl()}/product/${product.uuid}`,
            }),
          );
        return 'RESERVED';
      }),
    );
  } catch (error) {
    // The pending-reservation index: another buyer's reservation committed first.
    if (reasonOf(error) === 'DUPLICATE') return 'ALREADY_RESERVED';
    // The deposit no longer lets its products change (closed, restituted): not for sale.
    if (error instanceof ConnectError && error.code === Code.FailedPrecondition)
      return 'NOT_AVAILABLE';
    throw error;
  }
  if (outcome === 'RESERVED') {
    void mailer.flush(db);
    await requestWithdrawals(deps, vendor.uuid);
  }
  return outcome;
}
