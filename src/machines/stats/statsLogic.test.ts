import { create } from '@bufbuild/protobuf';
import { timestampFromDate } from '@bufbuild/protobuf/wkt';
import { createRouterTransport, type HandlerContext } from '@connectrpc/connect';
import { describe, expect, it } from 'vitest';
import { createActor, waitFor } from 'xstate';
import { DEPOSIT_STATUSES } from '../../domain/deposit/statuses.ts';
import { createClientFactory } from '../../rpc/clients.ts';
import { DepositSchema, DepositService } from '../../rpc/gen/seconde/v1/deposit_pb.ts';
import { appInterceptors } from '../../rpc/transport.ts';
import { depositStatusOf } from '../deposit/enums.ts';
import { DAYS_SAMPLE, MAX_MONTHS, monthsOf, statsLogic } from './statsLogic.ts';

const filtersOf = (ctx: HandlerContext) =>
  JSON.parse(decodeURIComponent(ctx.requestHeader.get('filters') ?? '{}')) as Record<
    string,
    { gte?: string; lt?: string }
  >;

describe('monthsOf', () => {
  const today = new Date(2025, 4, 20);
  it('shows the last 12 months when the period has no start', () => {
    const months = monthsOf({ dateFrom: '', dateTo: '' }, today);
    expect(months).toHaveLength(12);
    expect(months[0]).toEqual({
      month: '2024-06',
      range: { dateFrom: '2024-06-01', dateTo: '2024-06-30' },
    });
    expect(months.at(-1)!.month).toBe('2025-05');
  });

  it('cuts the first and last months to the period', () => {
    expect(monthsOf({ dateFrom: '2025-01-15', dateTo: '2025-02-10' }, today)).toEqual([
      { month: '2025-01', range: { dateFrom: '2025-01-15', dateTo: '2025-01-31' } },
      { month: '2025-02', range: { dateFrom: '2025-02-01', dateTo: '2025-02-10' } },
    ]);
  });

  it('keeps the latest 24 months of a long period', () => {
    const months = monthsOf({ dateFrom: '2019-01-01', dateTo: '2025-05-20' }, today);
    expect(months).toHaveLength(MAX_MONTHS);
    expect(months.at(-1)!.range.dateTo).toBe('2025-05-20');
  });
});

describe('statsLogic', () => {
  it('composes totals, counts per status, months and the mean days to INLINE', async () => {
    const seen: { method: string; filters: Record<string, unknown>; request: unknown }[] = [];
    const day = (n: number) => timestampFromDate(new Date(2025, 0, n));
    const transport = createRouterTransport(
      (router) =>
        router.service(DepositService, {
          statsForFilters: (request, ctx) => {
            seen.push({ method: 'stats', filters: filtersOf(ctx), request });
            return {
              depositCount: 4,
              productCount: 40,
              turnover: 100,
              vendorTurnover: 30,
              customerTurnover: 50.5,
              potentialTurnover: 70,
              pourcentSell: 25,
            };
          },
          list: (request, ctx) => {
            seen.push({ method: 'list', filters: filtersOf(ctx), request });
            if (request.pagination?.pageSize === 1) {
              const [status] = request.statuses.map(depositStatusOf);
              return { results: [], count: status === 'INLINE' ? 3 : 1 };
            }
            // Online deposits: 4 and 7 days from assignment, one never assigned.
            return {
              count: 3,
              results: [
                create(DepositSchema, {
                  affectationDatetime: day(1),
                  depositCompletedDatetime: day(5),
                }),
                create(DepositSchema, {
                  affectationDatetime: day(2),
                  depositCompletedDatetime: day(9),
                }),
                create(DepositSchema, { depositCompletedDatetime: day(9) }),
              ],
            };
          },
        }),
      { transport: { interceptors: appInterceptors(() => 'token') } },
    );
    const clients = createClientFactory({ main: transport, notification: transport });
    const actor = createActor(
      statsLogic(clients, () => new Date(2025, 1, 10)),
      {
        input: { range: { dateFrom: '2025-01-01', dateTo: '2025-02-10' } },
      },
    ).start();
    const { context } = await waitFor(actor, (s) => s.matches('ready'));
    actor.stop();
    const f = context.figures!;
    expect(f).toMatchObject({
      turnover: 100,
      vendorTurnover: 30,
      customerTurnover: 50.5,
      providerTurnover: 19.5,
      sellThrough: 25,
      depositCount: 4,
      averageDaysToInline: 5.5,
      inlineSample: 2,
      inlineTotal: 3,
    });
    expect(f.statusCounts.INLINE).toBe(3);
    expect(f.statusCounts.CANCELED).toBe(1);
    expect(f.months.map((m) => m.month)).toEqual(['2025-01', '2025-02']);
    // Every call chooses deposits created in the period (its month for the monthly figures).
    const period = seen.find((c) => c.method === 'stats')!.filters.created_at as {
      gte: string;
      lt: string;
    };
    expect(new Date(period.gte)).toEqual(new Date(2025, 0, 1));
    expect(new Date(period.lt)).toEqual(new Date(2025, 1, 11));
    expect(seen.filter((c) => c.method === 'stats')).toHaveLength(3);
    expect(seen.filter((c) => c.method === 'list')).toHaveLength(DEPOSIT_STATUSES.length + 1);
    const online = seen.find(
      (c) =>
        (c.request as { pagination?: { pageSize: number } }).pagination?.pageSize === DAYS_SAMPLE,
    )!;
    expect(online.filters.deposit_completed_datetime).toEqual({ gte: new Date(0).toISOString() });
    expect(online.request).toMatchObject({ ordering: '-deposit_completed_datetime' });
  });
});
