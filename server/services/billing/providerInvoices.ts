import { sql, type Transaction } from 'kysely';
import type Stripe from 'stripe';
import type { Database } from '../../db/schema.gen.ts';
import type { EventOutcome } from './providerEvents.ts';

const at = (epochSeconds: number | null | undefined) =>
  epochSeconds ? new Date(epochSeconds * 1000) : null;

/** The vendor an invoice of the provider bills: by its customer, else the subscription's metadata. */
async function vendorOf(trx: Transaction<Database>, invoice: Stripe.Invoice) {
  const customer = typeof invoice.customer === 'string' ? invoice.customer : invoice.customer?.id;
  if (customer) {
    const found = await sql<{ uuid: string }>`
      select uuid from vendor where payment_provider_customer_id = ${customer}`.execute(trx);
    if (found.rows[0]) return found.rows[0].uuid;
  }
  const named = invoice.parent?.subscription_details?.metadata?.vendor;
  if (typeof named !== 'string' || !/^[0-9a-f-]{36}$/i.test(named)) return undefined;
  const byUuid = await sql<{ uuid: string }>`select uuid from vendor where uuid = ${named}`.execute(
    trx,
  );
  return byUuid.rows[0]?.uuid;
}

/**
 * The provider's invoice of a vendor's subscription (invoice.finalized, invoice.paid), kept among
 * the vendor's invoices as PROVIDER_INVOICE with its number, amount and the provider's hosted
 * page and PDF. One row per provider invoice; a paid invoice never goes back to unpaid, whatever
 * order the events arrive in. An issued invoice is never changed (0012_invoicing.sql): only its
 * payment moves, so the provider's status stays the one first recorded.
 */
export async function recordProviderInvoice(
  trx: Transaction<Database>,
  invoice: Stripe.Invoice,
  paid: boolean,
): Promise<EventOutcome> {
  const vendor = await vendorOf(trx, invoice);
  if (!vendor) return 'ignored';
  const cents = Math.round(Number(invoice.total ?? invoice.amount_due ?? 0));
  const paidAt = paid ? (at(invoice.status_transitions?.paid_at) ?? new Date()) : null;
  await sql`insert into invoice (category, vendor, total_price, total_cents, remaining_cents,
      invoice_status, invoice_payed_datetime, full_invoice_number, date_start, date_end,
      payment_provider_id, payment_provider_status, payment_provider_pdf_url,
      payment_provider_hosted_url, payment_provider_number, created_at)
    values ('PROVIDER_INVOICE', ${vendor}, ${cents / 100}, ${cents}, 0,
      ${paid ? 'PAYED' : 'NOT_PAYED'}, ${paidAt}, ${invoice.number ?? ''},
      ${at(invoice.period_start)}, ${at(invoice.period_end)}, ${invoice.id},
      ${paid ? 'paid' : (invoice.status ?? 'open')}, ${invoice.invoice_pdf ?? null},
      ${invoice.hosted_invoice_url ?? null}, ${invoice.number ?? null},
      ${at(invoice.created) ?? new Date()})
    on conflict ("payment_provider_id") where "category" = 'PROVIDER_INVOICE' do update set
      invoice_status = case when invoice.invoice_status = 'NOT_PAYED'
        then excluded.invoice_status else invoice.invoice_status end,
      invoice_payed_datetime = coalesce(invoice.invoice_payed_datetime,
        excluded.invoice_payed_datetime),
      updated_at = now(), row_version = invoice.row_version + 1`.execute(trx);
  return 'applied';
}
