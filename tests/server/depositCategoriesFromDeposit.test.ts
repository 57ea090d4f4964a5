import { Code } from '@connectrpc/connect';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DepositProductCategoryService } from '../../src/rpc/gen/seconde/v1/deposit_product_category_pb.ts';
import {
  refusalOf,
  startTestServer,
  type DemoUser,
  type TestServer,
} from '../helpers/testServer.ts';

let t: TestServer;
let vendorUuid: string;
let companyVendorUuid: string;
const calls = (who: DemoUser) => t.client(DepositProductCategoryService, who);
const db = () => t.server.db;

beforeAll(async () => {
  t = await startTestServer({ demoProducts: 40 }, ['vendor', 'company', 'customer']);
  ({ vendorUuid, companyVendorUuid } = await t.demoRecords());
}, 120_000);

afterAll(async () => {
  await t?.close();
});

/** A deposit of `vendor` holding products, with its counts by category as the products say. */
async function depositWithProducts(vendor: string) {
  const { rows } = await sql<{ deposit: string }>`
    select p.deposit from product p join deposit d on d.uuid = p.deposit
    where d.vendor = ${vendor} and d.status is distinct from 'RESTITUED' and p.category is not null
    group by p.deposit order by count(*) desc limit 1`.execute(db());
  const deposit = rows[0]!.deposit;
  const counts = await sql<{ category: string; n: number }>`
    select category, count(*)::int as n from product
    where deposit = ${deposit} and category is not null group by category`.execute(db());
  return { deposit, expected: new Map(counts.rows.map((r) => [r.category, r.n])) };
}

describe('DepositProductCategoryService.CreateFromDeposit', () => {
  it('replaces the announced counts with what the deposit holds', async () => {
    const { deposit, expected } = await depositWithProducts(vendorUuid);
    // An announced count of a category the deposit no longer holds goes away.
    const { rows: other } = await sql<{ uuid: string }>`
      select uuid from category where uuid <> all(${[...expected.keys()]}::uuid[]) limit 1`.execute(
      db(),
    );
    await sql`insert into deposit_product_category (deposit, category, product_count)
      values (${deposit}, ${other[0]!.uuid}, 7)`.execute(db());

    const answer = await calls('vendor').createFromDeposit({ depositUuid: deposit });
    expect(answer.count).toBe(expected.size);
    expect(new Map(answer.results.map((r) => [r.category, r.productCount]))).toEqual(expected);
    expect(answer.results.every((r) => r.deposit === deposit && r.uuid !== '')).toBe(true);
    const listed = await t
      .client(DepositProductCategoryService, 'vendor', { deposit })
      .list({ deposit });
    expect(listed.count).toBe(expected.size);

    // Again: the same counts, nothing doubled.
    const again = await calls('vendor').createFromDeposit({ depositUuid: deposit });
    expect(new Map(again.results.map((r) => [r.category, r.productCount]))).toEqual(expected);
  });

  it('refuses another vendor’s deposit, a customer, and a deposit that does not exist', async () => {
    const { deposit } = await depositWithProducts(companyVendorUuid);
    const before = await sql<{ n: number }>`
      select count(*)::int as n from deposit_product_category where deposit = ${deposit}`.execute(
      db(),
    );
    expect(
      (await refusalOf(calls('vendor').createFromDeposit({ depositUuid: deposit }))).code,
    ).toBe(Code.PermissionDenied);
    expect(
      (await refusalOf(calls('customer').createFromDeposit({ depositUuid: deposit }))).code,
    ).toBe(Code.PermissionDenied);
    const missing = await refusalOf(
      calls('vendor').createFromDeposit({ depositUuid: '00000000-0000-4000-8000-000000000000' }),
    );
    expect([Code.NotFound, Code.PermissionDenied, Code.InvalidArgument]).toContain(missing.code);
    const after = await sql<{ n: number }>`
      select count(*)::int as n from deposit_product_category where deposit = ${deposit}`.execute(
      db(),
    );
    expect(after.rows[0]!.n).toBe(before.rows[0]!.n);
  });

  it('refuses a request naming no deposit', async () => {
    const refused = await refusalOf(calls('vendor').createFromDeposit({ depositUuid: '' }));
    expect(refused).toEqual({ code: Code.InvalidArgument, reason: 'INVALID_ARGUMENT' });
  });
});
