import { Code } from '@connectrpc/connect';
import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema.gen.ts';
import type { Caller } from '../../rpc/caller.ts';
import { isUuid } from '../../crud/crudService.ts';
import { checkAgainstDeposit } from '../deposit/rules/productRules.ts';
import { enforce, lockDepositStatus } from '../deposit/rules/ruleSql.ts';
import { isInvoiced } from '../products/writeRules.ts';
import { isSaleStatus } from '../../../src/domain/deposit/statuses.ts';
import { toCents } from '../../../src/domain/ledger/ledger.ts';
import { netOfGross } from '../../../src/domain/invoices/invoiceRules.ts';
import type { GenerateProductInvoiceRequest } from '../../../src/rpc/gen/seconde/v1/invoice_pb.ts';
import type { PlatformIdentity } from '../deps.ts';
import { issueInvoice } from './issue.ts';
import { loadBuyerParty, loadVendorParty, saleVatRegime } from './parties.ts';
import { refuse } from './refusals.ts';

/** Sale statuses a sale invoice is issued from: the item is sold, paid or not yet. */
const INVOICEABLE = new Set(['SELL', 'PAYED']);

/**
 * The buyer the invoice goes to: the one named, who must be the product's buyer (a vendor names
 * no buyer of another sale: buyers have no owner of their own, so the product is what links them
 * to a vendor); staff may name any buyer. Unnamed: the product's latest recorded buyer.
 */
async function buyerOf(
  trx: Kysely<Database>,
  caller: Caller,
  product: string,
  named: string,
): Promise<string> {
  const { rows } = await sql<{ buyer: string }>`
    select buyer from product_buyer where product = ${product} and buyer is not null
    order by created_at desc, uuid desc`.execute(trx);
  const linked = rows.map((r) => r.buyer);
  if (!named) {
    if (!linked[0])
      throw refuse(
        Code.FailedPrecondition,
        'INVOICE_BUYER_REQUIRED',
        'The product has no buyer recorded: name the buyer',
        'buyer',
      );
    return linked[0];
  }
  if (!isUuid(named))
    throw refuse(
      Code.InvalidArgument,
      'INVALID_ARGUMENT',
      'buyer is not a valid identifier',
      'buyer',
    );
  const { rows: found } = await sql`select 1 from buyer where uuid = ${named}`.execute(trx);
  if (!found[0])
    throw refuse(Code.InvalidArgument, 'UNKNOWN_REFERENCE', 'This buyer does not exist', 'buyer');
  if (!caller.isAdminLevel && !linked.includes(named))
    throw refuse(
      Code.PermissionDenied,
      'FORBIDDEN',
      'This buyer did not buy this product',
      'buyer',
    );
  return named;
}

/**
 * GenerateProductInvoice's write: the sale invoice of one sold item to its buyer, under the
 * vendor's VAT regime, and the item FACTURED, in one transaction. A second call for the same item
 * is refused with PRODUCT_INVOICED (the item is invoiced already, and nothing is issued twice).
 */
export async function issueProductInvoice(
  trx: Kysely<Database>,
  caller: Caller,
  req: GenerateProductInvoiceRequest,
  platform: PlatformIdentity,
  now: Date,
): Promise<string> {
  if (!isUuid(req.product))
    throw refuse(
      Code.InvalidArgument,
      'INVALID_ARGUMENT',
      'Name the product to invoice',
      'product',
    );
  const { rows: located } = await sql<{ deposit: string | null }>`
    select deposit from product where uuid = ${req.product}`.execute(trx);
  if (!located[0])
    throw refuse(
      Code.InvalidArgument,
      'UNKNOWN_REFERENCE',
      'This product does not exist',
      'product',
    );
  // The deposit before the product, as every product change locks them.
  const deposit = located[0].deposit;
  if (deposit) await lockDepositStatus(trx, deposit, 'for share');
  const { rows } = await sql<Record<string, unknown>>`
    select p.*, d.vendor as deposit_vendor from product p left join deposit d on d.uuid = p.deposit
    where p.uuid = ${req.product} for update of p`.execute(trx);
  const product = rows[0]!;
  const vendor = typeof product.deposit_vendor === 'string' ? product.deposit_vendor : '';
  if (!vendor)
    throw refuse(
      Code.FailedPrecondition,
      'INVOICE_NOT_SOLD',
      'The product belongs to no vendor’s deposit',
      'product',
    );
  if (req.vendor && req.vendor !== vendor)
    throw refuse(Code.PermissionDenied, 'FORBIDDEN', 'This product is not this vendor’s', 'vendor');
  if (!caller.isAdminLevel && caller.vendorUuid !== vendor)
    throw refuse(Code.PermissionDenied, 'FORBIDDEN', 'This product is not yours', 'product');
  if (isInvoiced(product)) enforce({ ok: false, code: 'PRODUCT_INVOICED' });
  const status = isSaleStatus(product.sale_status) ? product.sale_status : 'OFFLINE';
  const priceCents = toCents(product.selled_price);
  if (!INVOICEABLE.has(status) || priceCents <= 0)
    throw refuse(
      Code.FailedPrecondition,
      'INVOICE_NOT_SOLD',
      'Only a sold item with its sale price is invoiced',
      'product',
    );
  // The existing sale-status rules decide whether the item may become FACTURED.
  await checkAgainstDeposit(trx, deposit, status, 'FACTURED');
  const buyer = await buyerOf(trx, caller, req.product, req.buyer);
  const seller = await loadVendorParty(trx, vendor);
  const recipient = await loadBuyerParty(trx, buyer);
  if (!seller || !recipient)
    throw refuse(Code.InvalidArgument, 'UNKNOWN_REFERENCE', 'The vendor or buyer is gone');
  const vat = saleVatRegime(seller, product.tax_eligible === true);
  const net = vat.kind === 'NORMAL' ? netOfGross(priceCents, vat.ratePercent) : priceCents;
  const label = [product.reference, product.name].filter(Boolean).join(' – ') || req.product;
  const issued = await issueInvoice(
    trx,
    {
      category: 'PRODUCT_SELL',
      issuer: seller.issuer,
      vendor,
      customer: null,
      buyer,
      product: req.product,
      vendorParty: seller.snapshot,
      customerParty: recipient.snapshot,
      seller: seller.document,
      recipient: recipient.document,
      language: recipient.language,
      lines: [
        {
          label: String(label),
          quantity: 1,
          unitPriceCents: net,
          netCents: net,
          vatRatePercent: vat.kind === 'NORMAL' ? vat.ratePercent : 0,
          product: req.product,
        },
      ],
      vat,
      paymentDays: platform.paymentDays,
    },
    now,
  );
  await sql`
    update product set sale_status = 'FACTURED', sale_status_modified = ${now},
      product_invoice_uuid = ${issued.uuid},
      in_invoices = array_append(coalesce(in_invoices, '{}'::text[]), ${issued.uuid}::text),
      updated_at = ${now}, row_version = row_version + 1
    where uuid = ${req.product}`.execute(trx);
  return issued.uuid;
}
