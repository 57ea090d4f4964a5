import type { HandlerContext } from '@connectrpc/connect';
import { create } from '@bufbuild/protobuf';
import { sql, type SqlBool } from 'kysely';
import { SOLD_STATUSES } from '../../../../src/domain/deposit/statuses.ts';
import {
  FilledProductNumberResponseSchema,
  RecommendedPriceResponseSchema,
  type FilledProductNumberRequest,
  type RecommendedPriceRequest,
} from '../../../../src/rpc/gen/seconde/v1/deposit_pb.ts';
import { requireCaller } from '../../../crud/crudService.ts';
import type { DepositCallContext } from './common.ts';

/** Fewest sales a median is trusted on before the rule falls back to a wider set. */
export const MIN_SALES_FOR_MEDIAN = 5;

/**
 * FilledProductNumber (products entered against the number announced) and RecommendedPrice.
 *
 * Recommended price = median sold price × the deposit's product count, rounded to the cent.
 * - median: sold prices (SELL, PAYED, FACTURED) of sales dated in the last 12 months, taken from
 *   deposits of the same family and gamme; with fewer than 5 such sales, of the same family; with
 *   fewer than 5 again, of every sale; without any sale, 0.
 * - product count: the products entered in the deposit, refused ones left out (kept in
 *   deposit_figures by migration 0004); when none is entered yet, the number announced
 *   (product_number).
 */
export function figuresHandlers(context: DepositCallContext) {
  const { db, clock } = context.deps;
  return {
    async filledProductNumber(req: FilledProductNumberRequest, ctx: HandlerContext) {
      const caller = requireCaller(ctx);
      const deposit = await context.depositFor(db, req.uuid, caller, 'read');
      const { rows } = await sql<{ n: number }>`
        select count(*)::int as n from product where deposit = ${req.uuid}`.execute(db);
      return create(FilledProductNumberResponseSchema, {
        filledProductNumber: rows[0]?.n ?? 0,
        productNumber: Number(deposit.product_number ?? 0),
      });
    },

    async recommendedPrice(req: RecommendedPriceRequest, ctx: HandlerContext) {
      const caller = requireCaller(ctx);
      const deposit = await context.depositFor(db, req.uuid, caller, 'read');
      const now = clock();
      const since = new Date(now);
      since.setUTCFullYear(since.getUTCFullYear() - 1);
      const sameGamme = sql<SqlBool>`family = ${deposit.family} and gamme = ${deposit.gamme}`;
      const sameFamily = sql<SqlBool>`family = ${deposit.family}`;
      // The sales are counted per level first, then only the chosen level's prices are sorted.
      const { rows } = await sql<{ median: number | null; entered: number }>`
        with sales as materialized (
          select p.selled_price as price, d.family, d.gamme
          from product p join deposit d on d.uuid = p.deposit
          where p.sale_status in (${sql.join([...SOLD_STATUSES])}) and p.selled_price > 0
            and p.sell_datetime >= ${since} and p.sell_datetime <= ${now}),
        n as (
          select (count(*) filter (where ${sameGamme}))::int as same_gamme_n,
            (count(*) filter (where ${sameFamily}))::int as same_family_n
          from sales)
        select
          (select percentile_cont(0.5) within group (order by price) from sales
            where case when n.same_gamme_n >= ${MIN_SALES_FOR_MEDIAN} then ${sameGamme}
              when n.same_family_n >= ${MIN_SALES_FOR_MEDIAN} then ${sameFamily}
              else true end) as median,
          coalesce((select product_count - refused_count from deposit_figures
            where deposit = ${req.uuid}), 0)::int as entered
        from n`.execute(db);
      const { median, entered } = rows[0]!;
      const count = entered > 0 ? entered : Number(deposit.product_number ?? 0);
      return create(RecommendedPriceResponseSchema, {
        recommendedPrice: Math.round((median ?? 0) * count * 100) / 100,
      });
    },
  };
}
