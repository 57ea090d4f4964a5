import { createRouterTransport } from '@connectrpc/connect';
import { describe, expect, it } from 'vitest';
import { createActor, waitFor } from 'xstate';
import { createClientFactory } from '../../rpc/clients.ts';
import { StatsService, type GetStatsRequest } from '../../rpc/gen/seconde/v1/stats_pb.ts';
import { appInterceptors } from '../../rpc/transport.ts';
import { statsLogic } from './statsLogic.ts';

const split = (vendor: number, depositors: number, platform: number) => ({
  vendorCents: BigInt(vendor),
  depositorsCents: BigInt(depositors),
  platformCents: BigInt(platform),
});

describe('statsLogic', () => {
  it('loads a period in one call and reads its answer in cents', async () => {
    const seen: GetStatsRequest[] = [];
    const transport = createRouterTransport(
      (router) =>
        router.service(StatsService, {
          getStats: (request) => {
            seen.push(request);
            return {
              soldCount: 3,
              turnoverCents: 3775n,
              split: split(1215, 2460, 100),
              months: [
                {
                  month: '2025-03',
                  soldCount: 1,
                  turnoverCents: 1000n,
                  split: split(400, 500, 100),
                },
                {
                  month: '2025-04',
                  soldCount: 2,
                  turnoverCents: 2775n,
                  split: split(815, 1960, 0),
                },
              ],
              putOnlineCount: 3,
              soldOfPutOnlineCount: 2,
              daysToInline: { deposits: 3, medianDays: 3.5, meanDays: 5.2 },
              byChannel: [{ key: 'EBAY', count: 3, amountCents: 3775n }],
              byCategory: [{ key: 'c1', label: 'Robes', count: 3, amountCents: 3775n }],
              depositsByStatus: [{ key: 'INLINE', count: 4 }],
              vendorsByPlan: [{ key: 'PRO', count: 2 }],
            };
          },
        }),
      { transport: { interceptors: appInterceptors(() => 'token') } },
    );
    const clients = createClientFactory({ main: transport, notification: transport });
    const actor = createActor(statsLogic(clients, 'v1'), {
      input: { range: { dateFrom: '2025-03-01', dateTo: '2025-04-30' } },
    }).start();
    const { context } = await waitFor(actor, (s) => s.matches('ready'));
    actor.stop();
    expect(seen).toHaveLength(1);
    expect(seen[0]).toMatchObject({
      period: { from: '2025-03-01', to: '2025-04-30' },
      vendor: 'v1',
    });
    const f = context.figures!;
    expect(f).toMatchObject({
      turnover: 3775,
      split: { vendor: 1215, depositors: 2460, platform: 100 },
      sellThrough: 66.7,
      daysToInline: { deposits: 3, median: 3.5, mean: 5.2 },
      plans: [{ key: 'PRO', count: 2 }],
    });
    expect(f.months[1]).toEqual({
      month: '2025-04',
      soldCount: 2,
      turnover: 2775,
      split: { vendor: 815, depositors: 1960, platform: 0 },
    });
    expect(f.byCategory).toEqual([{ key: 'c1', label: 'Robes', count: 3, amount: 3775 }]);
    expect(f.statusCounts.INLINE).toBe(4);
    expect(f.statusCounts.DRAFT).toBe(0);
  });
});
