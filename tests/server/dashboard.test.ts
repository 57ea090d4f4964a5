import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Code } from '@connectrpc/connect';
import { sql } from 'kysely';
import {
  DashboardService,
  type GetDashboardResponse,
} from '../../src/rpc/gen/seconde/v1/dashboard_pb.ts';
import { DepositService } from '../../src/rpc/gen/seconde/v1/deposit_pb.ts';
import {
  refusalOf,
  startTestServer,
  type DemoRecords,
  type DemoUser,
  type TestServer,
} from '../helpers/testServer.ts';

let t: TestServer;
let records: DemoRecords;

beforeAll(async () => {
  t = await startTestServer({}, ['vendor', 'company', 'admin', 'customer', 'developer']);
  records = await t.demoRecords();
  // Support tickets in every state, for two vendors and a customer, so scoping shows.
  const tickets = [
    [records.vendorUuid, null, 'OPEN'],
    [records.vendorUuid, null, 'PENDING'],
    [records.vendorUuid, null, 'CLOSED'],
    [records.companyVendorUuid, null, 'OPEN'],
    [null, records.customerUuid, 'PENDING'],
    [null, records.customerUuid, 'RESOLVED'],
  ] as const;
  for (const [vendor, customer, status] of tickets)
    await sql`insert into support_ticket (title, content, vendor, customer, status, priority)
      values ('Question', 'Bonjour', ${vendor}, ${customer}, ${status}, 'LOW')`.execute(
      t.server.db,
    );
});

afterAll(async () => {
  await t?.close();
});

const dashboard = (who: DemoUser) => t.client(DashboardService, who).get({});
const db = () => t.server.db;

type Count = { key: string; count: number };
const asMap = (rows: readonly Count[]) =>
  Object.fromEntries(rows.map((r) => [r.key, r.count] as const));

/** The expected figures, summed from scratch over the base tables (not the figures table). */
async function expected(where: ReturnType<typeof sql>) {
  const statuses = await sql<Count>`
    select status::text as key, count(*)::int as count from deposit d where ${where}
    group by status`.execute(db());
  const products = await sql<Count>`
    select coalesce(p.sale_status::text, 'OFFLINE') as key, count(*)::int as count
    from product p join deposit d on d.uuid = p.deposit where ${where} group by 1`.execute(db());
  const money = await sql<{ total: number | null }>`
    select sum(p.selled_price)::float8 as total from product p join deposit d on d.uuid = p.deposit
    where ${where} and p.sale_status in ('SELL', 'PAYED', 'FACTURED')`.execute(db());
  return {
    statuses: asMap(statuses.rows),
    products: asMap(products.rows),
    turnover: money.rows[0]?.total ?? 0,
  };
}

async function scalar(query: ReturnType<typeof sql>): Promise<number> {
  const { rows } = await (query as ReturnType<typeof sql<{ n: number }>>).execute(db());
  return rows[0]!.n;
}

function expectFigures(answer: GetDashboardResponse, want: Awaited<ReturnType<typeof expected>>) {
  expect(asMap(answer.depositsByStatus)).toEqual(want.statuses);
  expect(asMap(answer.productsBySaleStatus)).toEqual(want.products);
  expect(answer.soldTurnover).toBeCloseTo(want.turnover, 2);
}

describe('DashboardService.Get', () => {
  it('gives a vendor the figures of their own deposits and items, as their list shows them', async () => {
    const answer = await dashboard('vendor');
    const mine = sql`d.vendor = ${records.vendorUuid} and d.status <> 'RESTITUED'`;
    const want = await expected(mine);
    expectFigures(answer, want);
    // The demo seed gives vendor@ deposits and sales, so the comparison is not vacuous.
    expect(Object.values(want.statuses).reduce((a, b) => a + b, 0)).toBeGreaterThan(5);
    expect(want.turnover).toBeGreaterThan(0);
    expect(answer.customerCount).toBe(
      await scalar(sql`select count(*)::int as n from customer
        where ${records.vendorUuid}::uuid = any(vendors)`),
    );
    expect(answer.openSupportTickets).toBe(2);
    expect(answer.vendorCount).toBe(0);
    expect(answer.openDepositRequests).toBe(0);
  });

  it('never shows a vendor another vendor’s figures', async () => {
    const [mine, theirs] = await Promise.all([dashboard('vendor'), dashboard('company')]);
    const total = (a: GetDashboardResponse) => a.depositsByStatus.reduce((s, c) => s + c.count, 0);
    const vendorDeposits = await scalar(
      sql`select count(*)::int as n from deposit where vendor = ${records.vendorUuid} and status <> 'RESTITUED'`,
    );
    const companyDeposits = await scalar(
      sql`select count(*)::int as n from deposit where vendor = ${records.companyVendorUuid} and status <> 'RESTITUED'`,
    );
    expect(total(mine)).toBe(vendorDeposits);
    expect(total(theirs)).toBe(companyDeposits);
    expect(vendorDeposits).not.toBe(companyDeposits);
    // A sale in the company vendor's deposit moves their turnover, never vendor@'s.
    const before = mine.soldTurnover;
    const { rows } = await sql<{ uuid: string }>`
      select p.uuid from product p join deposit d on d.uuid = p.deposit
      where d.vendor = ${records.companyVendorUuid} and d.status = 'INLINE'
        and p.sale_status = 'ONLINE' limit 1`.execute(db());
    expect(rows).toHaveLength(1);
    await sql`update product set sale_status = 'SELL', selled_price = 1000, sell_datetime = now()
      where uuid = ${rows[0]!.uuid}`.execute(db());
    const [mineAfter, theirsAfter] = await Promise.all([dashboard('vendor'), dashboard('company')]);
    expect(mineAfter.soldTurnover).toBeCloseTo(before, 2);
    expect(theirsAfter.soldTurnover).toBeCloseTo(theirs.soldTurnover + 1000, 2);
    expect(theirsAfter.openSupportTickets).toBe(1);
  });

  it('gives a company admin their own figures and the number of vendors of their company', async () => {
    const answer = await dashboard('company');
    expectFigures(
      answer,
      await expected(sql`d.vendor = ${records.companyVendorUuid} and d.status <> 'RESTITUED'`),
    );
    const companyVendors = await scalar(sql`select count(*)::int as n from vendor
      where company = (select company from vendor where uuid = ${records.companyVendorUuid})`);
    expect(companyVendors).toBeGreaterThan(0);
    expect(answer.vendorCount).toBe(companyVendors);
  });

  it('gives a customer their own deposits and items only', async () => {
    const answer = await dashboard('customer');
    const want = await expected(sql`d.customer = ${records.customerUuid}`);
    expectFigures(answer, want);
    expect(Object.keys(want.statuses).length).toBeGreaterThan(0);
    expect(answer.customerCount).toBe(0);
    expect(answer.vendorCount).toBe(0);
    expect(answer.openSupportTickets).toBe(1);
  });

  it.each(['admin', 'developer'] as const)(
    'gives %s everything, with requests and tickets',
    async (who) => {
      const answer = await dashboard(who);
      expectFigures(answer, await expected(sql`true`));
      // Products outside any deposit count too for staff.
      expect(answer.productsBySaleStatus.reduce((s, c) => s + c.count, 0)).toBe(
        await scalar(sql`select count(*)::int as n from product`),
      );
      expect(answer.customerCount).toBe(await scalar(sql`select count(*)::int as n from customer`));
      expect(answer.vendorCount).toBe(await scalar(sql`select count(*)::int as n from vendor`));
      const open = await t.client(DepositService, 'admin').listRequests({});
      expect(open.count).toBeGreaterThan(0);
      expect(answer.openDepositRequests).toBe(open.count);
      expect(answer.openSupportTickets).toBe(
        await scalar(
          sql`select count(*)::int as n from support_ticket where status in ('OPEN', 'PENDING')`,
        ),
      );
    },
  );

  it('refuses a visitor who is not signed in', async () => {
    const refusal = await refusalOf(t.client(DashboardService).get({}));
    expect(refusal.code).toBe(Code.Unauthenticated);
  });
});
