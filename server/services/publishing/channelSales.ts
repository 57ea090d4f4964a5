import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema.gen.ts';
import { checkSaleStatusChange } from '../../../src/domain/deposit/rules.ts';
import {
  SOLD_STATUSES,
  isDepositStatus,
  isSaleStatus,
  type SaleStatus,
} from '../../../src/domain/deposit/statuses.ts';
import { SALE_PLATFORM_OF, type PublisherName } from '../../../src/domain/publishing/channels.ts';
import type { ServiceDeps } from '../deps.ts';
import { lockDepositStatus } from '../deposit/rules/ruleSql.ts';
import { incomeColumns, incomeRulesFor } from '../products/income.ts';
import { recordProductEvent } from './timeline.ts';
import { requestWithdrawals } from './withdrawals.ts';
import { recordSaleLedger } from '../ledger/ledgerWrites.ts';

/** A sale (or a hold) a channel reported: an eBay or Shopify order, a storefront reservation. */
export interface ChannelSale {
  readonly publisher: PublisherName;
  readonly connectorUuid: string | null;
  /** The product, when the caller knows it; else found by the listing's SKU or external id. */
  readonly productUuid?: string;
  readonly sku?: string;
  readonly orderId: string;
  readonly priceCents: number | null;
  readonly buyerName: string | null;
  readonly buyerEmail: string | null;
  readonly soldAt: Date;
}

/** The product a sale is about: named, or found through the channel's listing of it. */
async function productOf(db: Kysely<Database>, sale: ChannelSale): Promise<string | null> {
  if (sale.productUuid) {
    const { rows } = await sql<{ uuid: string }>`
      select uuid from product where uuid = ${sale.productUuid}`.execute(db);
    return rows[0]?.uuid ?? null;
  }
  const sku = sale.sku?.trim();
  if (!sku) return null;
  const { rows } = await sql<{ product: string }>`
    select l.product from product_listing l join product p on p.uuid = l.product
    where l.publisher_name = ${sale.publisher}
      and (${sale.connectorUuid}::uuid is null or l.vendor_connector = ${sale.connectorUuid})
      and (l.external_id = ${sku} or p.reference = ${sku} or p.uuid::text = ${sku})
    order by (l.status = 'LISTED') desc, l.updated_at desc limit 1`.execute(db);
  return rows[0]?.product ?? null;
}

/** The buyer as the channel named them: found again by e-mail, else created. */
async function buyerOf(trx: Kysely<Database>, sale: ChannelSale): Promise<string> {
  const email = sale.buyerEmail?.trim() || null;
  if (email) {
    const { rows } = await sql<{ uuid: string }>`
      select uuid from buyer where lower(email) = lower(${email})
      order by created_at limit 1`.execute(trx);
    if (rows[0]) return rows[0].uuid;
  }
  const [first, ...rest] = (sale.buyerName ?? '').trim().split(/\s+/);
  const { rows } = await sql<{ uuid: string }>`
    insert into buyer (first_name, last_name, email)
    values (${first || null}, ${rest.join(' ') || null}, ${email}) returning uuid`.execute(trx);
  return rows[0]!.uuid;
}

/** What happened to the product, for the caller and the timeline. */
type Outcome = 'SOLD' | 'RESERVED' | 'ALREADY_SOLD' | 'REFUSED';

/**
 * Records a channel's sale: the product SELL (sold price and date, income split) through the rule
 * engine, the buyer and product-buyer rows, a SOLD line on the timeline, and the product's other
 * listings withdrawn. Answers the product, or null when no listing matches (an order of something
 * we never listed). Safe to call twice for the same order.
 *
 * The sale happened on the channel, so it is never lost: when the rules refuse SELL (the deposit
 * is not INLINE yet), the product is RESERVED with the sold price, date and channel kept, so
 * confirming it once the deposit is INLINE keeps them; the timeline says why. A product already
 * sold (a double sale) keeps its first sale: the buyer is recorded and the timeline says so.
 */
export async function recordChannelSale(
  deps: ServiceDeps,
  sale: ChannelSale,
): Promise<{ productUuid: string } | null> {
  const { db } = deps;
  const product = await productOf(db, sale);
  if (!product) return null;
  const platform = SALE_PLATFORM_OF[sale.publisher];
  const vendor = await db.transaction().execute(async (trx) => {
    const { rows: owners } = await sql<{ deposit: string | null; vendor: string | null }>`
      select p.deposit, d.vendor from product p left join deposit d on d.uuid = p.deposit
      where p.uuid = ${product}`.execute(trx);
    const deposit = owners[0]?.deposit ?? null;
    // Deposit first, then product: the order every sale-status change takes its locks in.
    const locked = deposit ? await lockDepositStatus(trx, deposit, 'for share') : undefined;
    const { rows } = await sql<{
      sale_status: string | null;
      suggested_price: number | null;
    }>`select sale_status::text as sale_status, suggested_price from product
       where uuid = ${product} for update`.execute(trx);
    const { rows: seen } = await sql`
      select 1 from product_buyer
      where product = ${product} and platform_transaction_id = ${sale.orderId}`.execute(trx);
    if (seen.length > 0) return null;

    const from: SaleStatus | undefined = isSaleStatus(rows[0]?.sale_status)
      ? rows[0].sale_status
      : undefined;
    const depositStatus = isDepositStatus(locked?.status) ? locked.status : null;
    const allows = (to: SaleStatus) =>
      !depositStatus || checkSaleStatusChange({ depositStatus, from, to }).ok;
    const outcome: Outcome =
      from && SOLD_STATUSES.includes(from)
        ? 'ALREADY_SOLD'
        : allows('SELL')
          ? 'SOLD'
          : allows('RESERVED')
            ? 'RESERVED'
            : 'REFUSED';
    const price =
      sale.priceCents !== null ? sale.priceCents / 100 : Number(rows[0]?.suggested_price ?? 0);

    if (outcome === 'SOLD' || outcome === 'RESERVED') {
      const incomes =
        outcome === 'SOLD' && deposit
          ? incomeColumns(await incomeRulesFor(trx, deposit), price, rows[0]?.suggested_price)
          : undefined;
      await sql`
        update product set sale_status = ${outcome === 'SOLD' ? 'SELL' : 'RESERVED'},
          sale_status_modified = ${sale.soldAt}, selled_price = ${price},
          sell_datetime = ${sale.soldAt}, sell_on = ${platform},
          vendor_income = ${incomes?.vendor_income ?? null},
          customer_income = ${incomes?.customer_income ?? null},
          provider_income = ${incomes?.provider_income ?? null},
          updated_at = now(), row_version = row_version + 1
        where uuid = ${product}`.execute(trx);
      await recordSaleLedger(trx, [product], sale.soldAt);
    }
    const buyer = await buyerOf(trx, sale);
    await sql`
      insert into product_buyer (buyer, product, buy_on, platform_transaction_id)
      values (${buyer}, ${product}, ${platform}, ${sale.orderId})`.execute(trx);
    const why: Record<Outcome, string> = {
      SOLD: `Order ${sale.orderId}`,
      RESERVED: `Order ${sale.orderId}: sold while the deposit is ${String(depositStatus)}; confirm the sale once the deposit is INLINE`,
      ALREADY_SOLD: `Order ${sale.orderId}: the product was already ${String(from)} (sold twice)`,
      REFUSED: `Order ${sale.orderId}: the deposit is ${String(depositStatus)}, the product was left ${String(from)}`,
    };
    await recordProductEvent(trx, {
      product,
      kind: outcome === 'RESERVED' ? 'RESERVED' : 'SOLD',
      publisherName: sale.publisher,
      detail: why[outcome],
      at: sale.soldAt,
    });
    return owners[0]?.vendor ?? null;
  });
  if (vendor) await requestWithdrawals(deps, vendor);
  return { productUuid: product };
}
