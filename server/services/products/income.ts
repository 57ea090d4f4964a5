import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema.gen.ts';
import {
  DEFAULT_NEGOTIATED_PERCENTAGE,
  splitIncome,
  type RateSlide,
  type SlideOwner,
} from '../../../src/domain/income/splitIncome.ts';
import { SOLD_NOT_INVOICED_STATUSES } from '../../../src/domain/deposit/statuses.ts';

/** Sale statuses whose products carry an income split (sold, or sold and paid). */
export const INCOME_STATUSES: readonly string[] = SOLD_NOT_INVOICED_STATUSES;

/** What the split of one deposit's sales depends on: its slides and the negotiated percentage. */
export interface IncomeRules {
  readonly slides: readonly RateSlide[];
  readonly negotiatedPercentage: number;
}

/**
 * The slides that may apply to a deposit's products: the deposit's own, its vendor's and the
 * company's (the deposit's company, else the vendor's), and the negotiated percentage for prices
 * no slide covers: the company's when it negotiated one (a vendor's own column always holds its
 * default 20, so the company's would otherwise never count), else the vendor's, else 20.
 */
export async function incomeRulesFor(trx: Kysely<Database>, deposit: string): Promise<IncomeRules> {
  const { rows } = await sql<{
    owner: SlideOwner;
    price_start: number | null;
    price_end: number | null;
    commission: number | null;
    provider_commission: number | null;
  }>`
    with d as (
      select d.uuid, d.vendor, coalesce(d.company, v.company) as company
      from deposit d left join vendor v on v.uuid = d.vendor where d.uuid = ${deposit})
    select case when s.deposit = d.uuid then 'deposit'
                when s.vendor = d.vendor then 'vendor' else 'company' end as owner,
      s.price_start, s.price_end, s.commission, s.provider_commission
    from rate_slide s, d
    where s.deposit = d.uuid or (s.deposit is null and s.vendor = d.vendor)
      or (s.deposit is null and s.vendor is null and s.company = d.company)`.execute(trx);
  const { rows: percentages } = await sql<{ vendor: number | null; company: number | null }>`
    select v.negociated_pourcentage_on_price as vendor, c.negociated_pourcentage_on_price as company
    from deposit d left join vendor v on v.uuid = d.vendor
    left join company c on c.uuid = coalesce(d.company, v.company)
    where d.uuid = ${deposit}`.execute(trx);
  const p = percentages[0];
  return {
    slides: rows.map((r) => ({
      owner: r.owner,
      priceStart: r.price_start === null ? null : Number(r.price_start),
      priceEnd: r.price_end === null ? null : Number(r.price_end),
      commission: Number(r.commission ?? 0),
      providerCommission: Number(r.provider_commission ?? 0),
    })),
    negotiatedPercentage: Number(p?.company ?? p?.vendor ?? DEFAULT_NEGOTIATED_PERCENTAGE),
  };
}

export interface IncomeColumns {
  selled_price: number;
  vendor_income: number;
  customer_income: number;
  provider_income: number;
}

/** Income columns of a sold product; the sold price falls back to the suggested price. */
export function incomeColumns(
  rules: IncomeRules,
  selledPrice: unknown,
  suggestedPrice: unknown,
): IncomeColumns | undefined {
  const sold = selledPrice === null || selledPrice === undefined ? null : Number(selledPrice);
  const listed =
    suggestedPrice === null || suggestedPrice === undefined ? null : Number(suggestedPrice);
  const price = sold !== null && Number.isFinite(sold) && sold >= 0 ? sold : listed;
  if (price === null || !Number.isFinite(price) || price < 0) return undefined;
  const split = splitIncome(price, rules.slides, rules.negotiatedPercentage);
  return {
    selled_price: price,
    vendor_income: split.vendorIncome,
    customer_income: split.customerIncome,
    provider_income: split.providerIncome,
  };
}

/**
 * Fills the incomes (and the sale date when missing) of products that just became sold in bulk,
 * in one statement (arrays unnested), inside the caller's transaction.
 */
export async function fillIncomes(
  trx: Kysely<Database>,
  deposit: string,
  productUuids: readonly string[],
  soldAt: Date,
): Promise<void> {
  if (productUuids.length === 0) return;
  const rules = await incomeRulesFor(trx, deposit);
  const { rows } = await sql<{
    uuid: string;
    selled_price: number | null;
    suggested_price: number | null;
  }>`select uuid, selled_price, suggested_price from product
     where uuid = any(${[...productUuids]}::uuid[])`.execute(trx);
  const filled = rows.flatMap((r) => {
    const columns = incomeColumns(rules, r.selled_price, r.suggested_price);
    return columns ? [{ uuid: r.uuid, ...columns }] : [];
  });
  if (filled.length === 0) return;
  await sql`
    update product p set selled_price = v.price, vendor_income = v.vendor_income,
      customer_income = v.customer_income, provider_income = v.provider_income,
      sell_datetime = coalesce(p.sell_datetime, ${soldAt})
    from unnest(${filled.map((f) => f.uuid)}::uuid[], ${filled.map((f) => f.selled_price)}::float8[],
      ${filled.map((f) => f.vendor_income)}::float8[], ${filled.map((f) => f.customer_income)}::float8[],
      ${filled.map((f) => f.provider_income)}::float8[])
      as v(uuid, price, vendor_income, customer_income, provider_income)
    where p.uuid = v.uuid`.execute(trx);
}
