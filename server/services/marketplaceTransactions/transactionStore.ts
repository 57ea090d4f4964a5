import { sql, type Kysely } from 'kysely';
import {
  feeSplitPerChannel,
  type ChannelSplit,
  type FeeSplitInput,
} from '../../../src/domain/marketplaceTransactions/feeSplit.ts';
import type { ParsedTransaction } from '../../../src/domain/marketplaceTransactions/transactionCsv.ts';
import type { Database, MarketplaceTransactionSource, SalePlatform } from '../../db/schema.gen.ts';
import { buyerForMarketplaceLogin } from '../buyers/buyerCalls.ts';
import { incomeColumns, incomeRulesFor, type IncomeRules } from '../products/income.ts';

export interface UpsertCounts {
  created: number;
  updated: number;
  linkedProducts: number;
  createdBuyers: number;
}

/** The vendor's item a marketplace item id names: its listing's external id, or the id the import or the extension recorded. */
async function productForItem(
  trx: Kysely<Database>,
  vendorUuid: string,
  itemId: string,
): Promise<string | null> {
  if (!itemId) return null;
  const { rows } = await sql<{ uuid: string }>`
    select p.uuid from product p join deposit d on d.uuid = p.deposit
    where d.vendor = ${vendorUuid}
      and (p.resale_marketplace_id = ${itemId}
        or exists (select 1 from product_listing l where l.product = p.uuid and l.external_id = ${itemId}))
    order by p.created_at, p.uuid limit 1`.execute(trx);
  return rows[0]?.uuid ?? null;
}

/**
 * Records who bought the item (the existing ProductBuyer link), once per item and transaction, so
 * the product page's "buyer of the sale" shows the transaction's buyer.
 */
export async function recordSaleBuyer(
  trx: Kysely<Database>,
  product: string,
  buyer: string,
  channel: SalePlatform,
  transactionId: string,
): Promise<void> {
  await sql`
    insert into product_buyer (product, buyer, buy_on, platform_transaction_id)
    select ${product}, ${buyer}, ${channel}::sale_platform, ${transactionId}
    where not exists (select 1 from product_buyer
      where product = ${product} and platform_transaction_id = ${transactionId})`.execute(trx);
}

/**
 * Writes the sales read from the connector or a CSV export, in one database transaction: the same
 * marketplace transaction (vendor, channel, id) is updated, never doubled. A new row is linked to
 * the vendor's item by the marketplace item id and to a buyer by the login (found among the
 * vendor's buyers, else created); a link made by hand is never undone by a later import.
 */
export async function upsertTransactions(
  db: Kysely<Database>,
  vendorUuid: string,
  channel: SalePlatform,
  source: MarketplaceTransactionSource,
  rows: readonly ParsedTransaction[],
  profileUrl = '',
): Promise<UpsertCounts> {
  const counts: UpsertCounts = { created: 0, updated: 0, linkedProducts: 0, createdBuyers: 0 };
  if (rows.length === 0) return counts;
  await db.transaction().execute(async (trx) => {
    for (const row of rows) {
      const product = await productForItem(trx, vendorUuid, row.itemId);
      const buyer = row.buyerLogin
        ? await buyerForMarketplaceLogin(trx, vendorUuid, row.buyerLogin, profileUrl)
        : null;
      if (buyer?.created) counts.createdBuyers++;
      const { rows: written } = await sql<{
        inserted: boolean;
        product: string | null;
        linked_buyer: string | null;
      }>`
        insert into marketplace_transaction (vendor, channel, id, order_id, item_id, item_title,
          items_count, status, sold_at, buyer_login, price_cents, buyer_fee_cents, seller_fee_cents,
          shipping_cents, payout_cents, currency, source, product, linked_buyer, service_fee,
          total_amount_without_tax, buyer)
        values (${vendorUuid}, ${channel}::sale_platform, ${row.transactionId}, ${row.orderId},
          ${row.itemId}, ${row.title}, 1, ${row.status}, ${row.soldAt}::timestamptz,
          ${row.buyerLogin}, ${row.priceCents}, ${row.buyerFeeCents}, ${row.sellerFeeCents},
          ${row.shippingCents}, ${row.payoutCents}, ${row.currency},
          ${source}::marketplace_transaction_source, ${product}, ${buyer?.uuid ?? null},
          ${row.buyerFeeCents / 100}, ${(row.priceCents + row.buyerFeeCents + row.shippingCents) / 100},
          ${JSON.stringify({ login: row.buyerLogin })}::jsonb)
        on conflict (vendor, channel, id) where id is not null do update set
          order_id = excluded.order_id, item_id = excluded.item_id,
          item_title = excluded.item_title, status = excluded.status, sold_at = excluded.sold_at,
          buyer_login = excluded.buyer_login, price_cents = excluded.price_cents,
          buyer_fee_cents = excluded.buyer_fee_cents, seller_fee_cents = excluded.seller_fee_cents,
          shipping_cents = excluded.shipping_cents, payout_cents = excluded.payout_cents,
          currency = excluded.currency, source = excluded.source,
          service_fee = excluded.service_fee,
          total_amount_without_tax = excluded.total_amount_without_tax, buyer = excluded.buyer,
          product = coalesce(marketplace_transaction.product, excluded.product),
          linked_buyer = coalesce(marketplace_transaction.linked_buyer, excluded.linked_buyer),
          updated_at = now(), row_version = marketplace_transaction.row_version + 1
        returning (xmax = 0) as inserted, product, linked_buyer`.execute(trx);
      const w = written[0]!;
      if (w.inserted) counts.created++;
      else counts.updated++;
      if (w.product) counts.linkedProducts++;
      if (w.product && w.linked_buyer)
        await recordSaleBuyer(trx, w.product, w.linked_buyer, channel, row.transactionId);
    }
  });
  return counts;
}

/** Statuses whose money counts: the sale is paid or on its way; cancelled and refunded are not. */
const COUNTED_STATUSES = ['COMPLETED', 'IN_PROGRESS'];

/**
 * What each channel really cost a vendor (every vendor with null) over a period (sold_from included, sold_before
 * excluded; either may be null): gross, buyers' fees, marketplace fees, shipping, net, and the
 * depositors' and vendor's shares, in cents (src/domain/marketplaceTransactions/feeSplit.ts).
 * A linked consigned item's depositor share is their income from the deposit's rate slides on
 * the price actually paid. Exported for the statistics to reuse.
 */
export async function feesPerChannel(
  db: Kysely<Database>,
  vendorUuid: string | null,
  period: { soldFrom: Date | null; soldBefore: Date | null },
): Promise<{ channels: ChannelSplit[]; total: ChannelSplit }> {
  const { rows } = await sql<{
    channel: string | null;
    price_cents: number;
    buyer_fee_cents: number;
    seller_fee_cents: number;
    shipping_cents: number;
    payout_cents: number;
    product: string | null;
    deposit: string | null;
    consigned: boolean | null;
  }>`
    select t.channel, t.price_cents, t.buyer_fee_cents, t.seller_fee_cents, t.shipping_cents,
      t.payout_cents, t.product, d.uuid as deposit, d.customer is not null as consigned
    from marketplace_transaction t
    left join product p on p.uuid = t.product
    left join deposit d on d.uuid = p.deposit
    where (${vendorUuid}::uuid is null or t.vendor = ${vendorUuid}::uuid) and t.status = any(${COUNTED_STATUSES}::text[])
      and (${period.soldFrom}::timestamptz is null or t.sold_at >= ${period.soldFrom}::timestamptz)
      and (${period.soldBefore}::timestamptz is null or t.sold_at < ${period.soldBefore}::timestamptz)
    order by t.channel, t.sold_at, t.uuid`.execute(db);
  const rules = new Map<string, IncomeRules>();
  const inputs: FeeSplitInput[] = [];
  for (const r of rows) {
    let depositorIncomeCents: number | null = null;
    if (r.deposit && r.consigned) {
      if (!rules.has(r.deposit)) rules.set(r.deposit, await incomeRulesFor(db, r.deposit));
      const income = incomeColumns(rules.get(r.deposit)!, r.price_cents / 100, null);
      depositorIncomeCents = income ? Math.round(income.customer_income * 100) : null;
    }
    inputs.push({
      channel: r.channel ?? 'OTHER',
      priceCents: Number(r.price_cents),
      buyerFeeCents: Number(r.buyer_fee_cents),
      sellerFeeCents: Number(r.seller_fee_cents),
      shippingCents: Number(r.shipping_cents),
      payoutCents: Number(r.payout_cents),
      depositorIncomeCents,
      linked: r.product !== null,
    });
  }
  return feeSplitPerChannel(inputs);
}
