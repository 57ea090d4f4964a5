import { createClient } from '@connectrpc/connect';
import { createConnectTransport } from '@connectrpc/connect-node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  STOCK_LABELS_HEADER,
  STOCK_VIEW_HEADER,
  decodeStockLabels,
} from '../../src/domain/stock/stockWire.ts';
import { BrandService } from '../../src/rpc/gen/seconde/v1/brand_pb.ts';
import { CategoryService } from '../../src/rpc/gen/seconde/v1/category_pb.ts';
import { DepositService } from '../../src/rpc/gen/seconde/v1/deposit_pb.ts';
import { ProductService, SaleStatus } from '../../src/rpc/gen/seconde/v1/product_pb.ts';
import { DEPOSIT_STATUSES } from '../../src/domain/deposit/statuses.ts';
import { depositStatusValue } from '../../src/machines/deposit/enums.ts';
import { startTestServer, type DemoUser, type TestServer } from '../helpers/testServer.ts';

let t: TestServer;
let vendorUuid: string;
const all = { pagination: { page: 1, pageSize: 5000 } };
const EVERY_STATUS = DEPOSIT_STATUSES.map(depositStatusValue);

beforeAll(async () => {
  t = await startTestServer({ demoProducts: 400 }, ['vendor', 'company', 'admin', 'customer']);
  ({ vendorUuid } = await t.demoRecords());
});

afterAll(async () => {
  await t?.close();
});

/** The products client as the stock page calls it: a view header, filters, the labels read back. */
function stockClient(who: DemoUser, filters?: unknown, view = 'list') {
  let labels: string | null = null;
  const client = createClient(
    ProductService,
    createConnectTransport({
      baseUrl: t.server.url,
      httpVersion: '1.1',
      interceptors: [
        (next) => async (req) => {
          req.header.set('authorization', `Bearer ${t.token(who)}`);
          req.header.set(STOCK_VIEW_HEADER, view);
          if (filters) req.header.set('filters', encodeURIComponent(JSON.stringify(filters)));
          const res = await next(req);
          labels = res.header.get(STOCK_LABELS_HEADER);
          return res;
        },
      ],
    }),
  );
  return { client, labels: () => labels };
}

const uuids = (r: { results: { uuid: string }[] }) => r.results.map((p) => p.uuid);

describe('the stock list call', () => {
  it('keeps a vendor to their own deposits (restituted ones left out); staff see all', async () => {
    const deposits = await t
      .client(DepositService, 'admin')
      .list({ ...all, statuses: EVERY_STATUS });
    const visible = new Set(
      deposits.results
        .filter((d) => d.vendor === vendorUuid && d.status !== depositStatusValue('RESTITUED'))
        .map((d) => d.uuid),
    );
    const own = await stockClient('vendor').client.list(all);
    expect(own.count).toBeGreaterThan(0);
    expect(own.results.every((p) => visible.has(p.deposit))).toBe(true);
    const every = await stockClient('admin').client.list(all);
    expect(every.count).toBe(400);
    const expected = (await t.client(ProductService, 'admin').list(all)).results.filter((p) =>
      visible.has(p.deposit),
    );
    expect(own.count).toBe(expected.length);
    // Another vendor's products are not reachable by a filter either.
    const foreign = every.results.find((p) => !visible.has(p.deposit))!;
    const probe = await stockClient('vendor', { uuid: [foreign.uuid] }).client.list(all);
    expect(probe.count).toBe(0);
  });

  it('pages without overlap or gap, with the count of the same filters', async () => {
    const { client } = stockClient('admin', { sale_status: ['ONLINE', 'OFFLINE'] });
    const whole = await client.list({ ...all, ordering: '-stock_entry_datetime' });
    const pages = [];
    for (let page = 1; page <= Math.ceil(whole.count / 37); page++) {
      const answer = await client.list({
        pagination: { page, pageSize: 37 },
        ordering: '-stock_entry_datetime',
      });
      expect(answer.count).toBe(whole.count);
      pages.push(...uuids(answer));
    }
    expect(pages).toEqual(uuids(whole));
    expect(
      whole.results.every((p) => [SaleStatus.ONLINE, SaleStatus.OFFLINE].includes(p.saleStatus)),
    ).toBe(true);
    const entries = whole.results.map((p) => Number(p.stockEntryDatetime!.seconds));
    expect(entries).toEqual([...entries].sort((a, b) => b - a));
  });

  it('orders by each sortable column, both ways', async () => {
    for (const [ordering, value] of [
      ['suggested_price', (p: { suggestedPrice?: number }) => p.suggestedPrice ?? -1],
      ['-suggested_price', (p: { suggestedPrice?: number }) => -(p.suggestedPrice ?? -1)],
    ] as const) {
      const list = await stockClient('admin').client.list({ ...all, ordering });
      const values = list.results.map(value);
      expect(values, ordering).toEqual([...values].sort((a, b) => a - b));
    }
    const byReference = await stockClient('admin').client.list({ ...all, ordering: 'reference' });
    const refs = byReference.results.map((p) => p.reference);
    expect(refs).toEqual([...refs].sort());
    await expect(stockClient('admin').client.list({ ...all, ordering: 'nope' })).rejects.toThrow(
      /ordering/i,
    );
  });

  it('filters by deposit, category, brand, entry dates and free text together', async () => {
    const every = (await stockClient('admin').client.list(all)).results;
    const sample = every[7]!;
    const byDeposit = await stockClient('admin', { deposit: [sample.deposit] }).client.list(all);
    expect(byDeposit.count).toBe(every.filter((p) => p.deposit === sample.deposit).length);
    const both = await stockClient('admin', {
      category: [sample.category],
      brand: [sample.brand],
    }).client.list(all);
    expect(uuids(both).sort()).toEqual(
      every
        .filter((p) => p.category === sample.category && p.brand === sample.brand)
        .map((p) => p.uuid)
        .sort(),
    );
    const day = new Date(Number(sample.stockEntryDatetime!.seconds) * 1000);
    const from = new Date(day.getTime() - 86_400_000).toISOString();
    const to = new Date(day.getTime() + 86_400_000).toISOString();
    const dated = await stockClient('admin', {
      stock_entry_datetime: { gte: from, lt: to },
    }).client.list(all);
    expect(dated.count).toBeGreaterThan(0);
    expect(dated.count).toBeLessThan(every.length);
    expect(
      dated.results.every((p) => {
        const at = Number(p.stockEntryDatetime!.seconds) * 1000;
        return at >= Date.parse(from) && at < Date.parse(to);
      }),
    ).toBe(true);
    const found = await stockClient('admin').client.list({ ...all, search: sample.reference });
    expect(uuids(found)).toEqual([sample.uuid]);
    const words = await stockClient('admin').client.list({
      ...all,
      search: sample.name.split(' ').slice(0, 2).join(' ').toUpperCase(),
    });
    expect(uuids(words)).toContain(sample.uuid);
  });

  it('answers the names of each line and only the fields the view shows', async () => {
    const { client, labels } = stockClient('admin', undefined, 'pictures');
    const page = await client.list({
      pagination: { page: 1, pageSize: 100 },
      ordering: 'reference',
    });
    const names = decodeStockLabels(labels(), page.results.length);
    const categories = await t.client(CategoryService, 'admin').list(all);
    const brands = await t
      .client(BrandService, 'admin')
      .list({ pagination: { page: 1, pageSize: 5000 } });
    const category = new Map(categories.results.map((c) => [c.uuid, c.name]));
    const brand = new Map(brands.results.map((b) => [b.uuid, b.name]));
    page.results.forEach((p, i) => {
      expect(names[i]!.category).toBe(category.get(p.category) ?? '');
      expect(names[i]!.brand).toBe(brand.get(p.brand) ?? '');
      expect(names[i]!.deposit).not.toBe('');
      expect(names[i]!.vendor).not.toBe('');
    });
    // The pictures view gets the first photo's thumbnail, and nothing it does not show.
    expect(page.results.every((p) => p.images.length === 1 && p.images[0]!.image256 !== '')).toBe(
      true,
    );
    expect(page.results.every((p) => p.comment === '' && p.colors.length === 0)).toBe(true);
    // A vendor is not told vendors' names.
    const own = stockClient('vendor');
    const mine = await own.client.list({ pagination: { page: 1, pageSize: 10 } });
    expect(decodeStockLabels(own.labels(), mine.results.length).every((l) => l.vendor === '')).toBe(
      true,
    );
    // Without the view header the list stays the generic one: full rows, no labels.
    const generic = await t
      .client(ProductService, 'admin')
      .list({ pagination: { page: 1, pageSize: 5 } });
    expect(generic.results.some((p) => p.colors.length > 0)).toBe(true);
  });

  it('gives pickers and the dashboard light rows under the same scope', async () => {
    const light = await t
      .client(ProductService, 'vendor', { sale_status: ['ONLINE'] })
      .extraLightList({ pagination: { page: 1, pageSize: 5000 } });
    const online = await stockClient('vendor', { sale_status: ['ONLINE'] }).client.list(all);
    expect(uuids(light).sort()).toEqual(uuids(online).sort());
    expect(light.results.every((p) => p.reference !== '' && p.suggestedPrice === undefined)).toBe(
      true,
    );
    const dashboard = await t
      .client(ProductService, 'vendor')
      .dashboardList({ pagination: { page: 1, pageSize: 5 } });
    expect(dashboard.results).toHaveLength(5);
    expect(dashboard.count).toBe((await stockClient('vendor').client.list(all)).count);
    const customer = await t.client(ProductService, 'customer').extraLightList({});
    const theirs = await t
      .client(DepositService, 'customer')
      .list({ ...all, statuses: EVERY_STATUS });
    const deposits = new Set(theirs.results.map((d) => d.uuid));
    expect(customer.results.every((p) => deposits.has(p.deposit))).toBe(true);
  });
});
