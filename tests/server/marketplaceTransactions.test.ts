import { readFileSync } from 'node:fs';
import { Code } from '@connectrpc/connect';
import { timestampFromDate } from '@bufbuild/protobuf/wkt';
import { sql } from 'kysely';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../server/config.ts';
import { feesPerChannel } from '../../server/services/marketplaceTransactions/transactionStore.ts';
import { BuyerService } from '../../src/rpc/gen/seconde/v1/buyer_pb.ts';
import {
  MarketplaceTransactionService,
  TransactionLinkFilter,
} from '../../src/rpc/gen/seconde/v1/marketplace_transaction_pb.ts';
import { SalePlatform } from '../../src/rpc/gen/seconde/v1/product_pb.ts';
import { startMarketplaceDouble, type MarketplaceDouble } from '../helpers/marketplaceDouble.ts';
import { refusalOf, startTestServer, type TestServer } from '../helpers/testServer.ts';

let t: TestServer;
let double: MarketplaceDouble;
let vendorUuid: string;
let otherVendor: string;
/** Two of vendor@'s consigned items, known to the marketplace as items 1001001 and 1001002. */
let listed: string[];
/** An item of company@'s. */
let otherProduct: string;

const fixture = (name: string) =>
  readFileSync(new URL(`../fixtures/marketplace/${name}`, import.meta.url), 'utf8');
const PROFILE = 'https://www.vinted.fr/member/1001-vestiaire';
const notYours = { code: Code.PermissionDenied, reason: 'FORBIDDEN' };

beforeAll(async () => {
  double = await startMarketplaceDouble();
  t = await startTestServer(
    { demoProducts: 40, config: loadConfig({ MARKETPLACE_API_URL: double.apiUrl }) },
    ['vendor', 'company', 'admin', 'customer'],
  );
  ({ vendorUuid, companyVendorUuid: otherVendor } = await t.demoRecords());
  await sql`update subscription set status = 'ACTIVE' where vendor = ${otherVendor}`.execute(
    t.server.db,
  );
  const productsOf = async (vendor: string) => {
    const { rows } = await sql<{ uuid: string }>`
      select p.uuid from product p join deposit d on d.uuid = p.deposit
      where d.vendor = ${vendor} and d.customer is not null
        and d.status is distinct from 'RESTITUED' order by p.created_at, p.uuid limit 2`.execute(
      t.server.db,
    );
    return rows.map((r) => r.uuid);
  };
  listed = await productsOf(vendorUuid);
  expect(listed).toHaveLength(2);
  await sql`update product set resale_marketplace_id = '1001001' where uuid = ${listed[0]}`.execute(
    t.server.db,
  );
  // The second is found by its listing's external id on the marketplace.
  await sql`insert into product_listing (product, publisher_name, external_id, status)
    values (${listed[1]}, 'vinted', '1001002', 'LISTED')`.execute(t.server.db);
  otherProduct = (await productsOf(otherVendor))[0]!;
}, 240_000);
afterAll(async () => {
  await t?.close();
  await double?.close();
});
afterEach(() => {
  double.mode = 'ok';
});

const rowsOf = async (vendor: string) => {
  const { rows } = await sql<{ n: number }>`
    select count(*)::int as n from marketplace_transaction where vendor = ${vendor}`.execute(
    t.server.db,
  );
  return rows[0]!.n;
};

describe('import from the marketplace connector', () => {
  it('reads the sales, links items by listing id and buyers by login, and is idempotent', async () => {
    const calls = t.client(MarketplaceTransactionService, 'vendor');
    const first = await calls.importFromMarketplace({ profileUrl: PROFILE });
    // Five sales, four buyers (margaux_b bought twice), two items known by their listing id.
    expect(first).toMatchObject({ created: 5, updated: 0, total: 5, createdBuyers: 4 });
    expect(first.linkedProducts).toBe(2);
    expect(await rowsOf(vendorUuid)).toBe(5);
    const again = await calls.importFromMarketplace({ profileUrl: PROFILE });
    expect(again).toMatchObject({ created: 0, updated: 5, createdBuyers: 0 });
    expect(await rowsOf(vendorUuid)).toBe(5);

    const { results } = await calls.list({ link: TransactionLinkFilter.LINKED });
    expect(results.map((r) => r.product).sort()).toEqual([...listed].sort());
    const sale = results.find((r) => r.product === listed[0])!;
    expect(sale).toMatchObject({
      id: '100100001',
      itemId: '1001001',
      channel: SalePlatform.MAIN_MARKETPLACE,
      priceCents: 1000,
      sellerFeeCents: 50,
      buyerFeeCents: 120,
      shippingCents: 399,
      payoutCents: 950,
      status: 'COMPLETED',
      buyerLogin: 'margaux_b',
    });
    // The buyer is one of the vendor's, found again by the login, and named on the sale.
    const buyer = await t.client(BuyerService, 'vendor').retrieve({ uuid: sale.linkedBuyer });
    expect(buyer.marketplaceAccountId).toBe('margaux_b');
    const { rows: sales } = await sql<{ n: number }>`
      select count(*)::int as n from product_buyer
      where product = ${listed[0]} and platform_transaction_id = '100100001'`.execute(t.server.db);
    expect(sales[0]!.n).toBe(1);
  });

  it('refuses a missing profile, and says when the marketplace fails, writing nothing', async () => {
    const calls = t.client(MarketplaceTransactionService, 'company');
    expect(await refusalOf(calls.importFromMarketplace({ profileUrl: '' }))).toEqual({
      code: Code.FailedPrecondition,
      reason: 'MARKETPLACE_PROFILE_MISSING',
    });
    double.mode = 'fail';
    expect(await refusalOf(calls.importFromMarketplace({ profileUrl: PROFILE }))).toEqual({
      code: Code.Unavailable,
      reason: 'MARKETPLACE_UNAVAILABLE',
    });
    double.mode = 'badJson';
    expect(await refusalOf(calls.importFromMarketplace({ profileUrl: PROFILE }))).toEqual({
      code: Code.Unavailable,
      reason: 'MARKETPLACE_ANSWER_INVALID',
    });
    expect(await rowsOf(otherVendor)).toBe(0);
  });
});

describe('import from the CSV export', () => {
  it('previews without writing, then imports the good rows once, naming the bad ones', async () => {
    const calls = t.client(MarketplaceTransactionService, 'company');
    const csv = fixture('sales-export-bad-rows.csv');
    const preview = await calls.previewCsv({ csv });
    expect(preview.imported).toBe(false);
    expect(preview.total).toBe(6);
    expect(preview.rows.map((r) => r.id)).toEqual(['10450299901']);
    expect(preview.errors.map((e) => [e.line, e.column, e.reason])).toEqual([
      [3, 'Sale date', 'CSV_DATE_INVALID'],
      [4, 'Item price', 'CSV_AMOUNT_INVALID'],
      [5, 'Status', 'CSV_STATUS_UNKNOWN'],
      [6, 'Transaction ID', 'CSV_VALUE_MISSING'],
      [7, 'Transaction ID', 'CSV_ROW_DUPLICATE'],
    ]);
    expect(await rowsOf(otherVendor)).toBe(0);
    const imported = await calls.importCsv({ csv, channel: SalePlatform.EBAY });
    expect(imported).toMatchObject({ imported: true, created: 1, updated: 0 });
    expect(imported.errors).toHaveLength(5);
    expect((await calls.importCsv({ csv, channel: SalePlatform.EBAY })).updated).toBe(1);
    expect(await rowsOf(otherVendor)).toBe(1);
  });

  it('refuses a file that is not a sales export, importing nothing', async () => {
    const calls = t.client(MarketplaceTransactionService, 'company');
    expect(
      await refusalOf(calls.importCsv({ csv: fixture('sales-export-wrong-file.csv') })),
    ).toEqual({ code: Code.InvalidArgument, reason: 'CSV_COLUMNS_MISSING' });
    expect(await refusalOf(calls.previewCsv({ csv: '' }))).toEqual({
      code: Code.InvalidArgument,
      reason: 'CSV_FILE_EMPTY',
    });
    expect(await rowsOf(otherVendor)).toBe(1);
  });

  it('imports the good export with its amounts and filters it by date, status and search', async () => {
    const calls = t.client(MarketplaceTransactionService, 'vendor');
    const done = await calls.importCsv({ csv: fixture('sales-export.csv') });
    expect(done).toMatchObject({ created: 6, total: 6 });
    expect(done.errors).toEqual([]);
    const november = (day: number) => timestampFromDate(new Date(Date.UTC(2026, 10, day)));
    const ranged = await calls.list({ soldFrom: november(4), soldBefore: november(13) });
    expect(ranged.results.map((r) => r.id).filter((id) => id.startsWith('1045'))).toEqual([
      '10450211874',
      '10450211873',
      '10450211872',
    ]);
    const refunded = await calls.list({ status: 'REFUNDED' });
    expect(refunded.results.map((r) => r.itemTitle)).toEqual(['Pull marin Saint James']);
    expect((await calls.list({ search: 'sézane' })).results[0]!.priceCents).toBe(4500);
    expect(await refusalOf(calls.list({ status: 'LOST' }))).toMatchObject({
      code: Code.InvalidArgument,
    });
  });
});

describe('scopes and links', () => {
  it('lists only the caller’s rows; another vendor’s are refused; staff name a vendor', async () => {
    const vendorList = await t.client(MarketplaceTransactionService, 'vendor').list({});
    expect(vendorList.results.every((r) => r.vendor === vendorUuid)).toBe(true);
    expect(vendorList.count).toBe(11);
    const calls = t.client(MarketplaceTransactionService, 'vendor');
    expect(await refusalOf(calls.list({ vendor: otherVendor }))).toEqual(notYours);
    expect(await refusalOf(calls.getFeeSplit({ vendor: otherVendor }))).toEqual(notYours);
    expect(await refusalOf(calls.importCsv({ vendor: otherVendor, csv: 'x' }))).toEqual(notYours);
    const foreign = (await t.client(MarketplaceTransactionService, 'company').list({})).results[0]!;
    expect(await refusalOf(calls.retrieve({ uuid: foreign.uuid }))).toEqual(notYours);
    expect(await refusalOf(calls.link({ uuid: foreign.uuid, product: listed[0] }))).toEqual(
      notYours,
    );
    expect(
      await refusalOf(t.client(MarketplaceTransactionService, 'customer').list({})),
    ).toMatchObject({ code: Code.PermissionDenied });
    const staff = await t
      .client(MarketplaceTransactionService, 'admin')
      .list({ vendor: otherVendor });
    expect(staff.results.map((r) => r.uuid)).toEqual([foreign.uuid]);
    // The staff-only generic calls still answer staff.
    const made = await t.client(MarketplaceTransactionService, 'admin').create({
      marketplaceTransaction: { id: 'staff-1', vendor: otherVendor, itemTitle: 'Saisie' },
    });
    expect(made.itemTitle).toBe('Saisie');
    expect(
      await refusalOf(calls.create({ marketplaceTransaction: { id: 'v-1', itemTitle: 'Non' } })),
    ).toMatchObject({ code: Code.PermissionDenied });
  });

  it('links a transaction to the vendor’s item and buyer, never to another vendor’s item', async () => {
    const calls = t.client(MarketplaceTransactionService, 'vendor');
    const { results } = await calls.list({
      link: TransactionLinkFilter.UNLINKED,
      search: 'sézane',
    });
    const sale = results[0]!;
    expect(sale.product).toBe('');
    expect(await refusalOf(calls.link({ uuid: sale.uuid, product: otherProduct }))).toEqual(
      notYours,
    );
    const linked = await calls.link({
      uuid: sale.uuid,
      product: listed[0],
      buyer: sale.linkedBuyer,
    });
    expect(linked).toMatchObject({ product: listed[0], linkedBuyer: sale.linkedBuyer });
    const after = await calls.list({ link: TransactionLinkFilter.UNLINKED });
    expect(after.results.map((r) => r.uuid)).not.toContain(sale.uuid);
    // A later import keeps the link made by hand.
    await calls.importCsv({ csv: fixture('sales-export.csv') });
    expect((await calls.retrieve({ uuid: sale.uuid })).product).toBe(listed[0]);
  });

  it('splits each channel’s money to the cent, the depositors paid from the net', async () => {
    const split = await t.client(MarketplaceTransactionService, 'vendor').getFeeSplit({});
    expect(split.channels.map((c) => c.channel)).toEqual([SalePlatform.MAIN_MARKETPLACE]);
    const main = split.channels[0]!;
    // Connector: four counted sales (one cancelled); CSV: four (one cancelled, one refunded).
    expect(main.count).toBe(8);
    expect(main.marketplaceFeesCents + main.netCents).toBe(main.grossCents);
    expect(main.depositorShareCents + main.vendorShareCents).toBe(main.netCents);
    expect(main.depositorShareCents).toBeGreaterThan(0);
    expect(split.total).toMatchObject({ grossCents: main.grossCents, netCents: main.netCents });
    const direct = await feesPerChannel(t.server.db, vendorUuid, {
      soldFrom: new Date(Date.UTC(2026, 10, 1)),
      soldBefore: new Date(Date.UTC(2026, 10, 3)),
    });
    // 2 November: the connector's first sale (10 €, 0.50 € seller fee) and the CSV's Sézane dress.
    expect(direct.total).toMatchObject({ count: 2, grossCents: 5500, marketplaceFeesCents: 50 });
    const other = await t.client(MarketplaceTransactionService, 'admin').getFeeSplit({
      vendor: otherVendor,
    });
    expect(other.channels.map((c) => c.channel)).toEqual([SalePlatform.EBAY]);
  });
});
