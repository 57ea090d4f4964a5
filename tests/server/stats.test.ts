import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Code } from '@connectrpc/connect';
import { sql } from 'kysely';
import {
  StatsService,
  type GetStatsResponse,
  type StatsSplit,
} from '../../src/rpc/gen/seconde/v1/stats_pb.ts';
import { timestampFromDate } from '@bufbuild/protobuf/wkt';
import { DEPOSIT_STATUSES } from '../../src/domain/deposit/statuses.ts';
import { MarketplaceTransactionService } from '../../src/rpc/gen/seconde/v1/marketplace_transaction_pb.ts';
import {
  refusalOf,
  startTestServer,
  type DemoRecords,
  type DemoUser,
  type TestServer,
} from '../helpers/testServer.ts';

let t: TestServer;
let records: DemoRecords;
/** A vendor of this test's own, whose figures are known to the cent. */
let known: { vendor: string; category: string };

const db = () => t.server.db;
const stats = (who: DemoUser, period = { from: '', to: '' }, vendor = '') =>
  t.client(StatsService, who).getStats({ period, vendor });

const total = (s: StatsSplit | undefined) =>
  Number(s!.vendorCents) + Number(s!.depositorsCents) + Number(s!.platformCents);

/** The sums every answer must keep: split = turnover, months, channels and categories add up. */
function expectConsistent(a: GetStatsResponse) {
  const turnover = Number(a.turnoverCents);
  expect(total(a.split)).toBe(turnover);
  for (const m of a.months) expect(total(m.split), m.month).toBe(Number(m.turnoverCents));
  const sum = (xs: readonly { amountCents: bigint }[]) =>
    xs.reduce((n, x) => n + Number(x.amountCents), 0);
  const count = (xs: readonly { count?: number; soldCount?: number }[]) =>
    xs.reduce((n, x) => n + (x.count ?? x.soldCount ?? 0), 0);
  expect(sum(a.byChannel)).toBe(turnover);
  expect(sum(a.byCategory)).toBe(turnover);
  expect(count(a.byChannel)).toBe(a.soldCount);
  expect(count(a.byCategory)).toBe(a.soldCount);
  expect(a.months.reduce((n, m) => n + Number(m.turnoverCents), 0)).toBe(turnover);
  expect(a.months.reduce((n, m) => n + m.soldCount, 0)).toBe(a.soldCount);
  expect(a.soldOfPutOnlineCount).toBeLessThanOrEqual(a.putOnlineCount);
}

beforeAll(async () => {
  t = await startTestServer({}, ['vendor', 'company', 'admin', 'customer', 'developer']);
  records = await t.demoRecords();
  const [vendor] = (
    await sql<{ uuid: string }>`
      insert into vendor (first_name, last_name, email, negociated_pourcentage_on_price, created_at)
      values ('Stat', 'Istique', 'stats@exemple.fr', 30, '2025-03-15T10:00:00Z') returning uuid`.execute(
      db(),
    )
  ).rows;
  const [category] = (
    await sql<{
      uuid: string;
    }>`select uuid from category where name is not null order by "order" limit 1`.execute(db())
  ).rows;
  known = { vendor: vendor!.uuid, category: category!.uuid };
  // Three deposits went online in the period, 2, 3.5 and 10 days after their reception; a fourth
  // after it; a fifth was created in it and is still being prepared.
  const deposit = async (
    name: string,
    received: string,
    online: string | null,
    status = 'INLINE',
  ) =>
    (
      await sql<{ uuid: string }>`
        insert into deposit (name, vendor, status, received_datetime, deposit_completed_datetime, created_at)
        values (${name}, ${known.vendor}, ${status}, ${received}, ${online}, ${received})
        returning uuid`.execute(db())
    ).rows[0]!.uuid;
  const d1 = await deposit('Stats 1', '2025-03-01T09:00:00Z', '2025-03-03T09:00:00Z');
  await deposit('Stats 2', '2025-03-02T00:00:00Z', '2025-03-05T12:00:00Z');
  await deposit('Stats 3', '2025-03-10T00:00:00Z', '2025-03-20T00:00:00Z');
  await deposit('Stats 4', '2025-04-20T00:00:00Z', '2025-05-20T00:00:00Z');
  await deposit('Stats 5', '2025-04-21T00:00:00Z', null, 'PROGRESS');
  const product = (p: Record<string, unknown>) =>
    sql`insert into product (deposit, name, sale_status, selled_price, sell_datetime, sell_on,
        online_datetime, vendor_income, customer_income, provider_income, category)
      values (${d1}, ${p.name}, ${p.status}, ${p.price ?? null}, ${p.sold ?? null}, ${p.on ?? null},
        ${p.online ?? null}, ${p.vi ?? null}, ${p.ci ?? null}, ${p.pi ?? null}, ${p.category ?? null})`.execute(
      db(),
    );
  // Stored split: 10.00 = 4.00 vendor + 5.00 depositors + 1.00 platform.
  await product({
    name: 'A',
    status: 'SELL',
    price: 10,
    sold: '2025-03-10T10:00:00Z',
    on: 'EBAY',
    online: '2025-03-02T10:00:00Z',
    vi: 4,
    ci: 5,
    pi: 1,
    category: known.category,
  });
  // No split stored: the vendor's 30 %: 6.15 vendor, 14.35 depositors. Sold at 00:30 on 1 April
  // in Paris, so in April's figures; put online before the period.
  await product({
    name: 'B',
    status: 'PAYED',
    price: 20.5,
    sold: '2025-03-31T22:30:00Z',
    on: 'WEBSITE',
    online: '2025-02-27T10:00:00Z',
  });
  // Only the vendor's income stored: 2.00 vendor, the depositors the rest (5.25).
  await product({
    name: 'C',
    status: 'FACTURED',
    price: 7.25,
    sold: '2025-04-15T10:00:00Z',
    online: '2025-04-01T10:00:00Z',
    vi: 2,
    category: known.category,
  });
  await product({ name: 'D', status: 'ONLINE', online: '2025-03-05T10:00:00Z' });
  // Sold after the period.
  await product({
    name: 'E',
    status: 'SELL',
    price: 100,
    sold: '2025-05-02T10:00:00Z',
    on: 'EBAY',
    online: '2025-04-29T10:00:00Z',
    ci: 50,
  });
});

afterAll(async () => {
  await t?.close();
});

const PERIOD = { from: '2025-03-01', to: '2025-04-30' };

describe('StatsService.GetStats', () => {
  it('answers the known figures of a period to the cent, the split adding up to the turnover', async () => {
    const a = await stats('admin', PERIOD, known.vendor);
    expect(a.soldCount).toBe(3);
    expect(a.turnoverCents).toBe(3775n);
    expect(a.split).toMatchObject({
      vendorCents: 1215n,
      depositorsCents: 2460n,
      platformCents: 100n,
    });
    expect(a.months.map((m) => [m.month, m.soldCount, Number(m.turnoverCents)])).toEqual([
      ['2025-03', 1, 1000],
      ['2025-04', 2, 2775],
    ]);
    expect(a.months[1]!.split).toMatchObject({
      vendorCents: 815n,
      depositorsCents: 1960n,
      platformCents: 0n,
    });
    expect([a.putOnlineCount, a.soldOfPutOnlineCount]).toEqual([4, 3]);
    expect(a.daysToInline).toMatchObject({ deposits: 3, medianDays: 3.5, meanDays: 5.2 });
    expect(a.byChannel.map((c) => [c.key, c.count, Number(c.amountCents)])).toEqual([
      ['WEBSITE', 1, 2050],
      ['EBAY', 1, 1000],
      ['UNKNOWN', 1, 725],
    ]);
    expect(a.byCategory.map((c) => [c.key, c.count, Number(c.amountCents)])).toEqual([
      ['UNKNOWN', 1, 2050],
      [known.category, 2, 1725],
    ]);
    expect(a.byCategory[1]!.label).not.toBe('');
    const statuses = Object.fromEntries(a.depositsByStatus.map((s) => [s.key, s.count]));
    expect(Object.keys(statuses)).toEqual([...DEPOSIT_STATUSES]);
    expect(statuses).toMatchObject({ INLINE: 4, PROGRESS: 1, DRAFT: 0 });
    // A named vendor's figures hold no plan counts.
    expect(a.vendorsByPlan).toEqual([]);
    expectConsistent(a);
  });

  it('with the period open, months run from the first sale to the end', async () => {
    const a = await stats('developer', { from: '', to: '2025-05-31' }, known.vendor);
    expect(a.months.map((m) => m.month)).toEqual(['2025-03', '2025-04', '2025-05']);
    expect(a.turnoverCents).toBe(13775n);
    expectConsistent(a);
  });

  it('gives staff every vendor, with the figures summed from the products themselves', async () => {
    const a = await stats('admin');
    const { rows } = await sql<{ n: number; cents: string }>`
      select count(*)::int as n, coalesce(sum(round(p.selled_price::numeric * 100)), 0)::text as cents
      from product p join deposit d on d.uuid = p.deposit
      where p.sale_status in ('SELL', 'PAYED', 'FACTURED') and p.sell_datetime is not null`.execute(
      db(),
    );
    expect(a.soldCount).toBe(rows[0]!.n);
    expect(a.soldCount).toBeGreaterThan(3);
    expect(Number(a.turnoverCents)).toBe(Number(rows[0]!.cents));
    const { rows: deposits } = await sql<{
      n: number;
    }>`select count(*)::int as n from deposit`.execute(db());
    expect(a.depositsByStatus.reduce((n, s) => n + s.count, 0)).toBe(deposits[0]!.n);
    const { rows: vendors } = await sql<{
      n: number;
    }>`select count(*)::int as n from vendor`.execute(db());
    expect(a.vendorsByPlan.reduce((n, s) => n + s.count, 0)).toBe(vendors[0]!.n);
    expect(a.vendorsByPlan.map((p) => p.key)).toContain('NONE');
    expectConsistent(a);
    // Plans of the vendors who joined in the period: only this test's vendor, without a plan.
    const joined = await stats('admin', PERIOD);
    expect(joined.vendorsByPlan).toEqual([expect.objectContaining({ key: 'NONE', count: 1 })]);
  });

  it('gives a vendor their own figures, the same staff read for them', async () => {
    const own = await stats('vendor');
    const named = await stats('admin', undefined, records.vendorUuid);
    expect(own.turnoverCents).toBeGreaterThan(0n);
    expect(own.turnoverCents).toBe(named.turnoverCents);
    expect(own.split).toEqual(named.split);
    expect(own.byChannel).toEqual(named.byChannel);
    expect(own.vendorsByPlan).toEqual([]);
    const explicit = await stats('vendor', undefined, records.vendorUuid);
    expect(explicit.turnoverCents).toBe(own.turnoverCents);
    expectConsistent(own);
  });

  it('shows what each marketplace kept from the sales imported for the period, as the transactions page does', async () => {
    const sale = (id: string, channel: string, at: string, status = 'COMPLETED') =>
      sql`insert into marketplace_transaction (vendor, id, channel, status, price_cents,
          seller_fee_cents, buyer_fee_cents, shipping_cents, payout_cents, sold_at)
        values (${known.vendor}, ${id}, ${channel}, ${status}, 4000, 600, 270, 499, 3400, ${at})`.execute(
        db(),
      );
    await sale('st-1', 'EBAY', '2025-03-20T10:00:00Z');
    await sale('st-2', 'EBAY', '2025-04-02T10:00:00Z');
    await sale('st-3', 'LEBONCOIN', '2025-04-10T10:00:00Z');
    await sale('st-4', 'EBAY', '2025-04-11T10:00:00Z', 'CANCELLED');
    await sale('st-5', 'EBAY', '2025-05-11T10:00:00Z');
    const a = await stats('admin', PERIOD, known.vendor);
    expect(a.marketplaceFees.map((c) => [c.channel, c.count])).toEqual([
      ['EBAY', 2],
      ['LEBONCOIN', 1],
    ]);
    for (const c of a.marketplaceFees) {
      expect(c.grossCents).toBe(c.marketplaceFeesCents + c.netCents);
      expect(c.netCents).toBe(c.depositorsCents + c.vendorCents);
    }
    const page = await t.client(MarketplaceTransactionService, 'admin').getFeeSplit({
      vendor: known.vendor,
      soldFrom: timestampFromDate(new Date('2025-02-28T23:00:00Z')),
      soldBefore: timestampFromDate(new Date('2025-04-30T22:00:00Z')),
    });
    expect(
      a.marketplaceFees.map((c) => [c.grossCents, c.marketplaceFeesCents, c.netCents]),
    ).toEqual(
      page.channels.map((c) => [
        BigInt(c.grossCents),
        BigInt(c.marketplaceFeesCents),
        BigInt(c.netCents),
      ]),
    );
    // Another vendor's page holds none of them.
    const own = await stats('vendor', PERIOD);
    expect(own.marketplaceFees.some((c) => c.count > 0 && c.channel === 'LEBONCOIN')).toBe(false);
    await sql`delete from marketplace_transaction where vendor = ${known.vendor}`.execute(db());
  });

  it('refuses a vendor naming another vendor, and customers', async () => {
    expect(await refusalOf(stats('vendor', undefined, records.companyVendorUuid))).toMatchObject({
      code: Code.PermissionDenied,
    });
    expect(await refusalOf(stats('vendor', undefined, known.vendor))).toMatchObject({
      code: Code.PermissionDenied,
    });
    expect(await refusalOf(stats('customer'))).toMatchObject({ code: Code.PermissionDenied });
    expect(await refusalOf(t.client(StatsService).getStats({}))).toMatchObject({
      code: Code.Unauthenticated,
    });
  });

  it('refuses a period that is not dates, or ends before it starts, with the reason', async () => {
    expect(await refusalOf(stats('admin', { from: '01/03/2025', to: '' }))).toMatchObject({
      code: Code.InvalidArgument,
    });
    expect(await refusalOf(stats('admin', { from: '2025-04-01', to: '2025-03-01' }))).toMatchObject(
      { code: Code.InvalidArgument, reason: 'INVALID_ARGUMENT' },
    );
  });

  it('stamps the reception date once, when a deposit becomes RECEIVED', async () => {
    const [d] = (
      await sql<{ uuid: string; received_datetime: Date | null }>`
        insert into deposit (name, vendor, status) values ('Stats R', ${known.vendor}, 'TODO')
        returning uuid, received_datetime`.execute(db())
    ).rows;
    expect(d!.received_datetime).toBeNull();
    await sql`update deposit set status = 'RECEIVED' where uuid = ${d!.uuid}`.execute(db());
    const first = (
      await sql<{
        at: Date;
      }>`select received_datetime as at from deposit where uuid = ${d!.uuid}`.execute(db())
    ).rows[0]!.at;
    expect(first).toBeInstanceOf(Date);
    await sql`update deposit set status = 'PROGRESS' where uuid = ${d!.uuid}`.execute(db());
    await sql`update deposit set status = 'RECEIVED' where uuid = ${d!.uuid}`.execute(db());
    const again = (
      await sql<{
        at: Date;
      }>`select received_datetime as at from deposit where uuid = ${d!.uuid}`.execute(db())
    ).rows[0]!.at;
    expect(again.getTime()).toBe(first.getTime());
  });
});
