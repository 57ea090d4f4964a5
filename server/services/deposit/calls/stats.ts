import { Code, type HandlerContext } from '@connectrpc/connect';
import { create } from '@bufbuild/protobuf';
import { timestampDate } from '@bufbuild/protobuf/wkt';
import { sql, type RawBuilder, type SqlBool } from 'kysely';
import { SOLD_STATUSES } from '../../../../src/domain/deposit/statuses.ts';
import {
  DepositStatsForFiltersResponseSchema,
  DepositStatsSchema,
  ListDepositsWithStatsResponseSchema,
  type DepositStatsForFiltersRequest,
  type ListDepositsWithStatsRequest,
} from '../../../../src/rpc/gen/seconde/v1/deposit_pb.ts';
import { listPage, pageOf, requireCaller } from '../../../crud/crudService.ts';
import { fail } from '../../../rpc/reasons.ts';
import { depositOrder, depositWhere, type DepositCallContext } from './common.ts';

/** The vendor's share of a sale when the product holds no recorded split (2-business-data.md §9). */
export const DEFAULT_VENDOR_PERCENTAGE = 20;

/** Products that will not sell: they count neither as sold nor as potential turnover. */
const OUT_OF_SALE = ['REFUSED', 'RESTITUED'];

interface Figures {
  product_count: number;
  sold_count: number;
  turnover: number;
  vendor_turnover: number;
  customer_turnover: number;
  month_turnover: number;
  vendor_month_turnover: number;
  customer_month_turnover: number;
  potential_turnover: number;
  pourcent_sell: number;
}

/**
 * The products of the deposits `depositUuids` (a sub-select of uuids) summed per deposit, sale
 * status and "sold this month" in one pass over the covering index of migration 0003: plain sums
 * only, so the per-product work stays small; the split and the filters apply to these few groups.
 * The sums taken over products without a recorded split let the vendor's percentage apply later.
 */
function productGroupsSql(depositUuids: RawBuilder<unknown>, now: Date): RawBuilder<unknown> {
  const local = sql`(${now}::timestamptz at time zone 'Europe/Paris')`;
  return sql`
    select p.deposit, p.sale_status,
      coalesce(p.sell_datetime >= (date_trunc('month', ${local}) at time zone 'Europe/Paris')
        and p.sell_datetime < ((date_trunc('month', ${local}) + interval '1 month') at time zone 'Europe/Paris'), false) as in_month,
      count(*) as n,
      sum(p.selled_price) as price,
      sum(p.suggested_price) as suggested,
      sum(p.vendor_income) as vendor_income,
      sum(p.selled_price) filter (where p.vendor_income is null) as price_without_vendor_income,
      sum(p.customer_income) as customer_income,
      sum(p.selled_price) filter (where p.customer_income is null) as price_without_customer_income,
      sum(p.vendor_income) filter (where p.customer_income is null) as vendor_income_without_customer_income,
      sum(p.selled_price) filter (where p.customer_income is null and p.vendor_income is null) as price_without_income,
      sum(p.provider_income) filter (where p.customer_income is null) as provider_income_without_customer_income
    from product p
    where p.deposit in (${depositUuids})
    group by 1, 2, 3`;
}

/**
 * The figures of the product groups `g` of deposits whose vendor is `v`, as SQL aggregates.
 * - turnover: sold prices (selled_price) of sold products (SELL, PAYED, FACTURED);
 * - vendor / customer turnover: the split recorded on the product (vendor_income,
 *   customer_income) when there is one, otherwise the vendor's negociated_pourcentage_on_price
 *   (default 20) of the sold price for the vendor and the rest, less any provider income, for the
 *   customer;
 * - month figures: the same over sales dated in the current Paris calendar month;
 * - potential turnover: suggested prices of products neither sold, refused nor restituted;
 * - pourcent_sell: sold products / all products * 100.
 */
function figuresSql(): RawBuilder<unknown> {
  const sold = sql<SqlBool>`g.sale_status in (${sql.join([...SOLD_STATUSES])})`;
  const month = sql<SqlBool>`${sold} and g.in_month`;
  const share = sql`coalesce(v.negociated_pourcentage_on_price, ${DEFAULT_VENDOR_PERCENTAGE}) / 100.0`;
  const z = (column: string) => sql`coalesce(${sql.ref(`g.${column}`)}, 0)`;
  const price = z('price');
  const vendorShare = sql`(${z('vendor_income')} + ${z('price_without_vendor_income')} * ${share})`;
  const customerShare = sql`(${z('customer_income')} + ${z('price_without_customer_income')}
    - ${z('vendor_income_without_customer_income')} - ${z('price_without_income')} * ${share}
    - ${z('provider_income_without_customer_income')})`;
  const money = (expression: RawBuilder<unknown>, where: RawBuilder<SqlBool>) =>
    sql`round(coalesce(sum(${expression}) filter (where ${where}), 0)::numeric, 2)::float8`;
  const potential = sql<SqlBool>`not coalesce(${sold}, false) and coalesce(g.sale_status::text, 'OFFLINE') not in (${sql.join(OUT_OF_SALE)})`;
  const total = sql`coalesce(sum(g.n), 0)`;
  const soldCount = sql`coalesce(sum(g.n) filter (where ${sold}), 0)`;
  return sql`
    ${total}::int as product_count,
    ${soldCount}::int as sold_count,
    ${money(price, sold)} as turnover,
    ${money(vendorShare, sold)} as vendor_turnover,
    ${money(customerShare, sold)} as customer_turnover,
    ${money(price, month)} as month_turnover,
    ${money(vendorShare, month)} as vendor_month_turnover,
    ${money(customerShare, month)} as customer_month_turnover,
    ${money(z('suggested'), potential)} as potential_turnover,
    case when ${total} = 0 then 0 else round(100.0 * ${soldCount} / ${total}, 2)::float8 end as pourcent_sell`;
}

/** StatsForFilters and ListWithStats: deposit figures for the statistics screens, in SQL. */
export function statsHandlers(context: DepositCallContext) {
  const { db, clock } = context.deps;
  return {
    async statsForFilters(req: DepositStatsForFiltersRequest, ctx: HandlerContext) {
      const caller = requireCaller(ctx);
      const where = await depositWhere(context, caller, ctx.requestHeader.get('filters'), req);
      // Dates choose deposits by creation: from date_start included to date_end excluded.
      if (req.dateStart) where.push(sql<SqlBool>`r.created_at >= ${timestampDate(req.dateStart)}`);
      if (req.dateEnd) where.push(sql<SqlBool>`r.created_at < ${timestampDate(req.dateEnd)}`);
      if (req.dateStart && req.dateEnd && timestampDate(req.dateEnd) < timestampDate(req.dateStart))
        throw fail(Code.InvalidArgument, 'INVALID_ARGUMENT', 'date_end is before date_start');
      const { rows } = await sql<Figures & { deposit_count: number }>`
        with d as (select r.uuid, r.vendor from deposit as r where ${sql.join(where, sql` and `)}),
        g as (${productGroupsSql(sql`select uuid from d`, clock())})
        select (select count(*) from d)::int as deposit_count, ${figuresSql()}
        from g join d on d.uuid = g.deposit left join vendor v on v.uuid = d.vendor`.execute(db);
      const f = rows[0]!;
      return create(DepositStatsForFiltersResponseSchema, {
        depositCount: f.deposit_count,
        productCount: f.product_count,
        turnover: f.turnover,
        vendorTurnover: f.vendor_turnover,
        customerTurnover: f.customer_turnover,
        potentialTurnover: f.potential_turnover,
        pourcentSell: f.pourcent_sell,
      });
    },

    async listWithStats(req: ListDepositsWithStatsRequest, ctx: HandlerContext) {
      const caller = requireCaller(ctx);
      const where = await depositWhere(context, caller, ctx.requestHeader.get('filters'), req);
      const order = await depositOrder(context, req.ordering);
      const { rows, count } = await listPage(db, 'deposit', where, order, pageOf(req.pagination));
      const uuids = rows.map((r) => String(r.uuid));
      const figures = new Map<string, Figures & { days: number | null }>();
      if (uuids.length > 0) {
        const { rows: stats } = await sql<Figures & { uuid: string; days: number | null }>`
          with g as (${productGroupsSql(sql.join(uuids), clock())})
          select d.uuid, ${figuresSql()},
            floor(extract(epoch from (d.deposit_completed_datetime - d.affectation_datetime)) / 86400)::int as days
          from deposit d
          left join vendor v on v.uuid = d.vendor
          left join g on g.deposit = d.uuid
          where d.uuid in (${sql.join(uuids)})
          group by d.uuid, v.uuid`.execute(db);
        for (const s of stats) figures.set(s.uuid, s);
      }
      const results = await Promise.all(
        rows.map(async (row) => {
          const f = figures.get(String(row.uuid))!;
          return create(DepositStatsSchema, {
            deposit: await context.toDeposit(row, caller),
            monthTurnover: f.month_turnover,
            vendorMonthTurnover: f.vendor_month_turnover,
            customerMonthTurnover: f.customer_month_turnover,
            potentialTurnover: f.potential_turnover,
            turnover: f.turnover,
            vendorTurnover: f.vendor_turnover,
            customerTurnover: f.customer_turnover,
            pourcentSell: f.pourcent_sell,
            daysBetweenAffectationAndInline: f.days ?? undefined,
          });
        }),
      );
      return create(ListDepositsWithStatsResponseSchema, { results, count });
    },
  };
}
