import { Code, type HandlerContext } from '@connectrpc/connect';
import { create } from '@bufbuild/protobuf';
import { timestampDate } from '@bufbuild/protobuf/wkt';
import { sql, type RawBuilder, type SqlBool } from 'kysely';
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

/** The first day of the Paris calendar month of `now`, as the `month` of deposit_month_figures. */
function parisMonthSql(now: Date): RawBuilder<unknown> {
  return sql`date_trunc('month', (${now}::timestamptz at time zone 'Europe/Paris'))::date`;
}

/**
 * The figures of the deposits joined as `f` (deposit_figures), `m` (their deposit_month_figures
 * row of the current Paris month, when asked for) and `v` (their vendor), as SQL aggregates over
 * those rows. Migration 0004 keeps the product sums in these tables as products change.
 * - turnover: sold prices (selled_price) of sold products (SELL, PAYED, FACTURED);
 * - vendor / customer turnover: the split recorded on the product (vendor_income,
 *   customer_income) when there is one, otherwise the vendor's negociated_pourcentage_on_price
 *   (default 20) of the sold price for the vendor and the rest, less any provider income, for the
 *   customer;
 * - month figures: the same over sales dated in the current Paris calendar month;
 * - potential turnover: suggested prices of products neither sold, refused nor restituted;
 * - pourcent_sell: sold products / all products * 100.
 * Sums are exact (numeric) and rounded to the cent once, at the end.
 */
function figuresSql(withMonth: boolean): RawBuilder<unknown> {
  const share = sql`coalesce(v.negociated_pourcentage_on_price, ${DEFAULT_VENDOR_PERCENTAGE}) / 100.0`;
  const price = (t: 'f' | 'm') => sql.ref(`${t}.sold_price`);
  const vendorShare = (t: 'f' | 'm') =>
    sql`(${sql.ref(`${t}.sold_vendor_income`)} + ${sql.ref(`${t}.sold_price_without_vendor_income`)} * ${share})`;
  const customerShare = (t: 'f' | 'm') => sql`(${sql.ref(`${t}.sold_customer_income`)}
    + ${sql.ref(`${t}.sold_price_without_customer_income`)}
    - ${sql.ref(`${t}.sold_vendor_income_without_customer_income`)}
    - ${sql.ref(`${t}.sold_price_without_income`)} * ${share}
    - ${sql.ref(`${t}.sold_provider_income_without_customer_income`)})`;
  const money = (expression: RawBuilder<unknown>) =>
    sql`round(coalesce(sum(${expression}), 0), 2)::float8`;
  const total = sql`coalesce(sum(f.product_count), 0)`;
  const soldCount = sql`coalesce(sum(f.sold_count), 0)`;
  const month = withMonth
    ? sql`${money(price('m'))} as month_turnover,
    ${money(vendorShare('m'))} as vendor_month_turnover,
    ${money(customerShare('m'))} as customer_month_turnover,`
    : sql``;
  return sql`
    ${total}::int as product_count,
    ${soldCount}::int as sold_count,
    ${money(price('f'))} as turnover,
    ${money(vendorShare('f'))} as vendor_turnover,
    ${money(customerShare('f'))} as customer_turnover,
    ${month}
    ${money(sql.ref('f.potential_suggested_price'))} as potential_turnover,
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
        with d as (select r.uuid, r.vendor from deposit as r where ${sql.join(where, sql` and `)})
        select count(*)::int as deposit_count, ${figuresSql(false)}
        from d
        left join deposit_figures f on f.deposit = d.uuid
        left join vendor v on v.uuid = d.vendor`.execute(db);
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
          select d.uuid, ${figuresSql(true)},
            floor(extract(epoch from (d.deposit_completed_datetime - d.affectation_datetime)) / 86400)::int as days
          from deposit d
          left join vendor v on v.uuid = d.vendor
          left join deposit_figures f on f.deposit = d.uuid
          left join deposit_month_figures m on m.deposit = d.uuid and m.month = ${parisMonthSql(clock())}
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
