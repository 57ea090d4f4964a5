import { Code } from '@connectrpc/connect';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ProductService } from '../../src/rpc/gen/seconde/v1/product_pb.ts';
import {
  refusalOf,
  startTestServer,
  type DemoUser,
  type TestServer,
} from '../helpers/testServer.ts';

let t: TestServer;
let vendorUuid: string;
let companyVendorUuid: string;
const products = (who: DemoUser) => t.client(ProductService, who);
const db = () => t.server.db;

beforeAll(async () => {
  t = await startTestServer({ demoProducts: 20 }, ['vendor', 'company', 'customer']);
  ({ vendorUuid, companyVendorUuid } = await t.demoRecords());
}, 120_000);

afterAll(async () => {
  await t?.close();
});

async function productOf(vendor: string): Promise<string> {
  const { rows } = await sql<{ uuid: string }>`
    select p.uuid from product p join deposit d on d.uuid = p.deposit
    where d.vendor = ${vendor} and d.status is distinct from 'RESTITUED'
    order by p.brand is null, p.uuid limit 1`.execute(db());
  return rows[0]!.uuid;
}

describe('ProductService.RetrieveForExtension', () => {
  it('answers the item in the extension’s versioned shape, with names rather than uuids', async () => {
    const uuid = await productOf(vendorUuid);
    const item = await products('vendor').retrieveForExtension({ uuid });
    const full = await products('vendor').retrieve({ uuid });
    expect(item.version).toBe(1);
    expect(item.uuid).toBe(uuid);
    expect(item.reference).toBe(full.reference);
    expect(item.title).toBe(full.marketplaceTitle || full.name);
    expect(item.priceCents).toBe(BigInt(Math.round((full.suggestedPrice ?? 0) * 100)));
    const { rows } = await sql<{ brand: string | null; colors: number }>`
      select coalesce(b.name, p.manual_brand) as brand, coalesce(cardinality(p.colors), 0)::int as colors
      from product p left join brand b on b.uuid = p.brand where p.uuid = ${uuid}`.execute(db());
    expect(item.brand).toBe(rows[0]!.brand ?? '');
    expect(item.colors).toHaveLength(rows[0]!.colors);
    expect(item.photoUrls.every((u) => /^https?:\/\//.test(u))).toBe(true);
  });

  it('is scoped like Retrieve: another vendor’s item, a customer and no uuid are refused', async () => {
    const theirs = await productOf(companyVendorUuid);
    const other = await refusalOf(products('vendor').retrieveForExtension({ uuid: theirs }));
    expect([Code.PermissionDenied, Code.NotFound]).toContain(other.code);
    const customer = await refusalOf(products('customer').retrieveForExtension({ uuid: theirs }));
    expect(customer.code).toBe(Code.PermissionDenied);
    expect(await refusalOf(products('vendor').retrieveForExtension({ uuid: '' }))).toEqual({
      code: Code.InvalidArgument,
      reason: 'INVALID_ARGUMENT',
    });
    const missing = await refusalOf(
      products('vendor').retrieveForExtension({ uuid: '00000000-0000-4000-8000-000000000000' }),
    );
    expect(missing.code).toBe(Code.NotFound);
  });
});
