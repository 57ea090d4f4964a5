import type { HandlerContext } from '@connectrpc/connect';
import { create } from '@bufbuild/protobuf';
import { sql } from 'kysely';
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
 * - product count: the products entered in the deposit, refused ones left out; when none is
 *   entered yet, the number announced (product_number).
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
      const { rows } = await sql<{
        same_gamme: number | null;
        same_gamme_n: number;
        same_family: number | null;
        same_family_n: number;
        every: number | null;
        entered: number;
      }>`
        with sales as (
          select p.selled_price as price, d.family, d.gamme
          from product p join deposit d on d.uuid = p.deposit
          where p.sale_status in (${sql.join([...SOLD_STATUSES])}) and p.selled_price > 0
            and p.sell_datetime >= ${since} and p.sell_datetime <= ${now})
        select
          percentile_cont(0.5) within group (order by price)
            filter (where family = ${deposit.family} and gamme = ${deposit.gamme}) as same_gamme,
          (count(*) filter (where family = ${deposit.family} and gamme = ${deposit.gamme}))::int as same_gamme_n,
          percentile_cont(0.5) within group (order by price)
            filter (where family = ${deposit.family}) as same_family,
          (count(*) filter (where family = ${deposit.family}))::int as same_family_n,
          percentile_cont(0.5) within group (order by price) as every,
          (select count(*) from product
            where deposit = ${req.uuid} and sale_status is distinct from 'REFUSED')::int as entered
        from sales`.execute(db);
      const r = rows[0]!;
      const median =
        r.same_gamme_n >= MIN_SALES_FOR_MEDIAN
          ? r.same_gamme
          : r.same_family_n >= MIN_SALES_FOR_MEDIAN
            ? r.same_family
            : r.every;
      const count = r.entered > 0 ? r.entered : Number(deposit.product_number ?? 0);
      return create(RecommendedPriceResponseSchema, {
        recommendedPrice: Math.round((median ?? 0) * count * 100) / 100,
      });
    },
  };
}
