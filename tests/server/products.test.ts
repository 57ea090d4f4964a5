import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Code } from '@connectrpc/connect';
import { sql } from 'kysely';
import type { JsonObject, MessageInitShape } from '@bufbuild/protobuf';
import { DEFAULT_SETTINGS } from '../../server/services/deps.ts';
import {
  DepositService,
  DepositStatus,
  type Deposit,
} from '../../src/rpc/gen/seconde/v1/deposit_pb.ts';
import type { ProductSchema } from '../../src/rpc/gen/seconde/v1/product_pb.ts';
import {
  ProductQuality,
  ProductService,
  SaleStatus,
  type Product,
} from '../../src/rpc/gen/seconde/v1/product_pb.ts';
import {
  refusalOf,
  startTestServer,
  type DemoUser,
  type TestServer,
} from '../helpers/testServer.ts';
import { depositWalkedTo } from '../helpers/depositWalk.ts';

const QUOTA = 3;
let t: TestServer;
let vendorUuid: string;
let companyVendorUuid: string;
let counter = 0;

beforeAll(async () => {
  t = await startTestServer(
    { demoProducts: 0, settings: { ...DEFAULT_SETTINGS, monthlyGenerationQuota: QUOTA } },
    ['vendor', 'company', 'admin', 'customer'],
  );
  ({ vendorUuid, companyVendorUuid } = await t.demoRecords());
});

afterAll(async () => {
  await t?.close();
});

const deposits = (who: DemoUser) => t.client(DepositService, who);
const products = (who: DemoUser) => t.client(ProductService, who);
const db = () => t.server.db;

/** A deposit of `vendor` walked by an admin to `status`, with its numbering columns set. */
async function depositAt(
  status: DepositStatus,
  columns: { range?: string; defaultNumber?: number; vendor?: string } = {},
): Promise<Deposit> {
  const deposit = await depositWalkedTo(t, status, {
    name: `Produits ${++counter} ${Date.now()}`,
    vendor: columns.vendor ?? vendorUuid,
    defaultQuality: ProductQuality.GOOD,
  });
  await sql`update deposit set product_number_range = ${columns.range ?? null},
    default_product_number = ${columns.defaultNumber ?? null} where uuid = ${deposit.uuid}`.execute(
    db(),
  );
  return deposit;
}

/** Photos stored on a deposit, `takenAt` in seconds from a fixed start; keys are distinct. */
async function photos(
  deposit: Deposit,
  takenAt: number[],
  clusters: number[] = [],
): Promise<string[]> {
  const start = Date.UTC(2026, 0, 10, 10);
  const uuids: string[] = [];
  for (const [i, seconds] of takenAt.entries()) {
    const key = `${String(i % 100).padStart(2, '0')}/${(++counter).toString(16).padStart(64, '0')}.jpg`;
    const { rows } = await sql<{ uuid: string }>`
      insert into deposit_image (deposit, image, image256, "order", taken_at, cluster, processing_status)
      values (${deposit.uuid}, ${key}, ${key}, ${i + 1}, ${new Date(start + seconds * 1000)},
        ${clusters[i] ?? 0}, 'COMPLETED')
      returning uuid`.execute(db());
    uuids.push(rows[0]!.uuid);
  }
  return uuids;
}

async function depositPhotoCount(deposit: Deposit): Promise<number> {
  const { rows } = await sql<{ n: number }>`
    select count(*)::int as n from deposit_image where deposit = ${deposit.uuid}`.execute(db());
  return rows[0]!.n;
}

type ProductFields = Omit<MessageInitShape<typeof ProductSchema>, '$typeName'>;

async function product(deposit: Deposit, fields: ProductFields = {}): Promise<Product> {
  return products('admin').create({
    product: { deposit: deposit.uuid, name: `Article ${++counter}`, ...fields },
  });
}

async function setColumns(uuid: string, columns: Record<string, unknown>): Promise<void> {
  const sets = Object.entries(columns).map(([k, v]) => sql`${sql.id(k)} = ${v}`);
  await sql`update product set ${sql.join(sets)} where uuid = ${uuid}`.execute(db());
}

async function categoryNamed(singular: string): Promise<string> {
  const { rows } = await sql<{ uuid: string }>`
    select uuid from category where name_singular = ${singular} order by "order" limit 1`.execute(
    db(),
  );
  return rows[0]!.uuid;
}

async function uuidOf(table: 'brand' | 'color' | 'product_size', column: string, value: string) {
  const { rows } = await sql<{ uuid: string }>`
    select uuid from ${sql.table(table)} where ${sql.ref(column)} = ${value} limit 1`.execute(db());
  return rows[0]!.uuid;
}

describe('products from photos', () => {
  it('moves the chosen photos onto a new product numbered from the range', async () => {
    const deposit = await depositAt(DepositStatus.PROGRESS, { range: '100-102' });
    const [a, b, c] = await photos(deposit, [0, 5, 10]);
    const { rows: keys } = await sql<{ uuid: string; image: string }>`
      select uuid, image from deposit_image where deposit = ${deposit.uuid}`.execute(db());
    const keyOf = new Map(keys.map((k) => [k.uuid, k.image]));
    const made = await products('vendor').createFromDepositImages({
      deposit: deposit.uuid,
      depositImagesUuids: [b!, a!],
    });
    expect(made.reference).toBe('100');
    expect(made.deposit).toBe(deposit.uuid);
    expect(made.saleStatus).toBe(SaleStatus.OFFLINE);
    expect(made.quality).toBe(ProductQuality.GOOD);
    expect(made.stockEntryDatetime).toBeDefined();
    expect(made.images.map((i) => [i.image, i.order])).toEqual([
      [keyOf.get(b!), 1],
      [keyOf.get(a!), 2],
    ]);
    expect(made.mainImageUrl).toBe(`/media/${keyOf.get(b!)}`);
    expect(await depositPhotoCount(deposit)).toBe(1);

    const second = await products('vendor').createFromDepositImages({
      deposit: deposit.uuid,
      depositImagesUuids: [c!],
    });
    expect(second.reference).toBe('101');
    // A plain create takes the next number too; the range then is full.
    expect((await product(deposit)).reference).toBe('102');
    const [d] = await photos(deposit, [0]);
    expect(
      await refusalOf(
        products('vendor').createFromDepositImages({
          deposit: deposit.uuid,
          depositImagesUuids: [d!],
        }),
      ),
    ).toEqual({ code: Code.FailedPrecondition, reason: 'REFERENCE_RANGE_FULL' });
    expect(await depositPhotoCount(deposit)).toBe(1);
  });

  it('numbers from the default product number without a range, filling gaps', async () => {
    const deposit = await depositAt(DepositStatus.PROGRESS, { defaultNumber: 7 });
    const first = await product(deposit);
    const second = await product(deposit);
    expect([first.reference, second.reference]).toEqual(['7', '8']);
    await products('vendor').destroy({ uuid: first.uuid });
    expect((await product(deposit)).reference).toBe('7');
    expect((await product(deposit)).reference).toBe('9');
  });

  it('refuses photos of another deposit, another vendor and customers', async () => {
    const deposit = await depositAt(DepositStatus.PROGRESS);
    const other = await depositAt(DepositStatus.PROGRESS);
    const [mine] = await photos(deposit, [0]);
    const [theirs] = await photos(other, [0]);
    expect(
      await refusalOf(
        products('vendor').createFromDepositImages({
          deposit: deposit.uuid,
          depositImagesUuids: [mine!, theirs!],
        }),
      ),
    ).toEqual({ code: Code.InvalidArgument, reason: 'INVALID_ARGUMENT' });
    for (const who of ['company', 'customer'] as const)
      expect(
        (
          await refusalOf(
            products(who).createFromDepositImages({
              deposit: deposit.uuid,
              depositImagesUuids: [mine!],
            }),
          )
        ).reason,
      ).toBe('FORBIDDEN');
    expect(await depositPhotoCount(deposit)).toBe(1);
  });

  it('walks the photo groups one by one, with the vendor’s correction winning', async () => {
    const deposit = await depositAt(DepositStatus.PROGRESS);
    // Three items: a pause over 30 s starts the next one.
    const shots = await photos(deposit, [0, 5, 10, 120, 125, 400]);
    const answer = await products('vendor').processClusterAndCreateProduct({
      depositUuid: deposit.uuid,
      clusterIndex: 1,
    });
    expect(answer.remainingClustersCount).toBe(2);
    expect(answer.deposit).toBe(deposit.uuid);
    const made = await products('vendor').retrieve({ uuid: answer.productUuid });
    expect(made.reference).toBe('1');
    const { rows } = await sql<{ n: number }>`
      select count(*)::int as n from product_image where product = ${answer.productUuid}`.execute(
      db(),
    );
    expect(rows[0]!.n).toBe(2);
    expect(
      await refusalOf(
        products('vendor').processClusterAndCreateProduct({
          depositUuid: deposit.uuid,
          clusterIndex: 2,
        }),
      ),
    ).toEqual({ code: Code.FailedPrecondition, reason: 'NO_CLUSTER_LEFT' });

    // The vendor regroups: the first photo alone, the other three together.
    const [a, b, c, , , f] = shots;
    const saved = await deposits('vendor').updateClusterImages({
      uuid: deposit.uuid,
      clusters: [{ depositImages: [a!] }, { depositImages: [b!, c!, f!] }, { depositImages: [] }],
    });
    expect(saved).toMatchObject({ success: true, clustersCount: 2 });
    const next = await products('vendor').processClusterAndCreateProduct({
      depositUuid: deposit.uuid,
      clusterIndex: 1,
    });
    expect(next.remainingClustersCount).toBe(1);
    const { rows: moved } = await sql<{ n: number }>`
      select count(*)::int as n from product_image where product = ${next.productUuid}`.execute(
      db(),
    );
    expect(moved[0]!.n).toBe(3);
    expect(
      (
        await refusalOf(
          deposits('company').updateClusterImages({
            uuid: deposit.uuid,
            clusters: [{ depositImages: [a!] }],
          }),
        )
      ).reason,
    ).toBe('FORBIDDEN');
  });
});

describe('updates', () => {
  it('refuses invoiced products, whichever way the invoice is recorded', async () => {
    const deposit = await depositAt(DepositStatus.INLINE);
    for (const columns of [
      { in_invoices: ['8d5a6f4e-0000-4000-8000-000000000001'] },
      { product_invoice_uuid: '8d5a6f4e-0000-4000-8000-000000000002' },
    ]) {
      const item = await product(deposit);
      await setColumns(item.uuid, columns);
      expect(
        await refusalOf(
          products('vendor').partialUpdate({
            product: { uuid: item.uuid, name: 'Autre nom' },
            updateMask: { paths: ['name'] },
          }),
        ),
      ).toEqual({ code: Code.FailedPrecondition, reason: 'PRODUCT_INVOICED' });
    }
  });

  it('checks category attributes with their own messages', async () => {
    const deposit = await depositAt(DepositStatus.INLINE);
    const item = await product(deposit);
    const robe = await categoryNamed('Robe');
    const change = (values: JsonObject | undefined) =>
      products('vendor').partialUpdate({
        product: {
          uuid: item.uuid,
          category: robe,
          ...(values ? { categoryAttributeValues: values } : {}),
        },
        updateMask: { paths: ['category', 'category_attribute_values'] },
      });
    const { rows } = await sql<{ options: { marketplaceId: number }[] }>`
      select options from category_attribute where code = 'material'`.execute(db());
    const ids = rows[0]!.options.map((o) => o.marketplaceId);
    const refused = async (values: JsonObject | undefined) => {
      try {
        await change(values);
      } catch (error) {
        return String((error as Error).message);
      }
      throw new Error('accepted');
    };
    expect(await refusalOf(change(undefined))).toEqual({
      code: Code.InvalidArgument,
      reason: 'CATEGORY_ATTRIBUTE_INVALID',
    });
    expect(await refused(undefined)).toContain('Choisissez au moins une matière');
    expect(await refused({ material: ids.slice(0, 4) })).toContain('(3 au plus)');
    expect(await refused({ material: [999_999] })).toContain('matière');
    const saved = await change({ material: ids.slice(0, 2) });
    expect(saved.category).toBe(robe);
    // A later unrelated change does not ask again.
    const renamed = await products('vendor').partialUpdate({
      product: { uuid: item.uuid, name: 'Robe longue' },
      updateMask: { paths: ['name'] },
    });
    expect(renamed.name).toBe('Robe longue');
  });
});

describe('income split when a product is sold', () => {
  it('uses the deposit slide, then the vendor slide, then the negotiated percentage', async () => {
    const deposit = await depositAt(DepositStatus.INLINE);
    await sql`insert into rate_slide (price_start, price_end, commission, provider_commission, vendor)
      values (0, 50, 40, 10, ${vendorUuid})`.execute(db());
    await sql`insert into rate_slide (price_start, price_end, commission, provider_commission, deposit)
      values (50, 100, 30, 0, ${deposit.uuid})`.execute(db());
    const sell = async (price: number) => {
      const item = await product(deposit, { saleStatus: SaleStatus.ONLINE });
      return products('vendor').partialUpdate({
        product: { uuid: item.uuid, saleStatus: SaleStatus.SELL, selledPrice: price },
        updateMask: { paths: ['sale_status', 'selled_price'] },
      });
    };
    // Vendor slide: the vendor's part is 40 % (16), of which the provider takes 10 % (1.60).
    expect(await sell(40)).toMatchObject({
      customerIncome: 24,
      vendorIncome: 14.4,
      providerIncome: 1.6,
    });
    // Deposit slide.
    const high = await sell(80);
    expect(high).toMatchObject({ customerIncome: 56, vendorIncome: 24, providerIncome: 0 });
    expect(high.sellDatetime).toBeDefined();
    // No slide covers 150: the vendor's negotiated 20 %.
    expect(await sell(150)).toMatchObject({
      customerIncome: 120,
      vendorIncome: 30,
      providerIncome: 0,
    });
    await sql`delete from rate_slide where vendor = ${vendorUuid}`.execute(db());
  });

  it('fills every product sold in bulk, from the listed price when none was sold at', async () => {
    const deposit = await depositAt(DepositStatus.INLINE, { vendor: companyVendorUuid });
    const a = await product(deposit, { saleStatus: SaleStatus.ONLINE, suggestedPrice: 20 });
    const b = await product(deposit, { saleStatus: SaleStatus.ONLINE, selledPrice: 9.99 });
    const answer = await deposits('company').changeSaleStatusForAllProducts({
      uuid: deposit.uuid,
      saleStatus: SaleStatus.SELL,
    });
    expect(answer.updatedCount).toBe(2);
    // The company negotiated 25 %.
    expect(await products('company').retrieve({ uuid: a.uuid })).toMatchObject({
      selledPrice: 20,
      customerIncome: 15,
      vendorIncome: 5,
      providerIncome: 0,
    });
    const sold = await products('company').retrieve({ uuid: b.uuid });
    expect(sold).toMatchObject({ customerIncome: 7.49, vendorIncome: 2.5 });
    expect(sold.sellDatetime).toBeDefined();
  });
});

describe('destroy, duplicate and transfer', () => {
  it('destroys an unsold product and says why a sold one stays', async () => {
    const deposit = await depositAt(DepositStatus.INLINE);
    const free = await product(deposit);
    expect((await refusalOf(products('customer').destroy({ uuid: free.uuid }))).reason).toBe(
      'FORBIDDEN',
    );
    expect((await refusalOf(products('company').destroy({ uuid: free.uuid }))).reason).toBe(
      'FORBIDDEN',
    );
    expect(await products('vendor').destroy({ uuid: free.uuid })).toMatchObject({ success: true });
    for (const [status, reason] of [
      [SaleStatus.SELL, 'PRODUCT_SOLD'],
      [SaleStatus.PAYED, 'PRODUCT_PAID'],
      [SaleStatus.FACTURED, 'PRODUCT_INVOICED'],
    ] as const) {
      const item = await product(deposit, { saleStatus: status });
      expect(await refusalOf(products('vendor').destroy({ uuid: item.uuid }))).toEqual({
        code: Code.FailedPrecondition,
        reason,
      });
    }
    // Staff may remove a sale recorded by mistake, never an invoiced product.
    const mistake = await product(deposit, { saleStatus: SaleStatus.SELL });
    expect(await products('admin').destroy({ uuid: mistake.uuid })).toMatchObject({
      success: true,
    });
    const invoiced = await product(deposit, { saleStatus: SaleStatus.FACTURED });
    expect((await refusalOf(products('admin').destroy({ uuid: invoiced.uuid }))).reason).toBe(
      'PRODUCT_INVOICED',
    );
  });

  it('duplicates with a new reference, offline, sharing the photos and the announcement', async () => {
    const deposit = await depositAt(DepositStatus.INLINE, { range: 'A1-A9' });
    const [photo] = await photos(deposit, [0]);
    const made = await products('vendor').createFromDepositImages({
      deposit: deposit.uuid,
      depositImagesUuids: [photo!],
    });
    const original = await products('vendor').partialUpdate({
      product: {
        uuid: made.uuid,
        name: 'Veste en jean',
        suggestedPrice: 35,
        saleStatus: SaleStatus.ONLINE,
      },
      updateMask: { paths: ['name', 'suggested_price', 'sale_status'] },
    });
    await sql`insert into product_announcement (product, title, description)
      values (${made.uuid}, 'Veste en jean', 'Portée deux fois')`.execute(db());
    const copy = await products('vendor').duplicate({
      uuid: original.uuid,
      copyImages: true,
      copyProductAnnouncement: true,
    });
    expect(copy).toMatchObject({
      reference: 'A2',
      name: 'Veste en jean',
      suggestedPrice: 35,
      saleStatus: SaleStatus.OFFLINE,
      mainImageUrl: original.mainImageUrl,
    });
    expect(copy.images.map((i) => i.image)).toEqual(made.images.map((i) => i.image));
    const { rows } = await sql<{ title: string }>`
      select title from product_announcement where product = ${copy.uuid}`.execute(db());
    expect(rows).toEqual([{ title: 'Veste en jean' }]);
    const bare = await products('vendor').duplicate({
      uuid: original.uuid,
      copyImages: false,
      copyProductAnnouncement: false,
    });
    expect(bare.reference).toBe('A3');
    expect(bare.images).toHaveLength(0);
    expect(
      (await refusalOf(products('company').duplicate({ uuid: original.uuid, copyImages: true })))
        .reason,
    ).toBe('FORBIDDEN');
  });

  it('transfers between deposits of the same vendor through the deposit rules', async () => {
    const from = await depositAt(DepositStatus.INLINE);
    const to = await depositAt(DepositStatus.INLINE, { range: '500-599' });
    const early = await depositAt(DepositStatus.PROGRESS);
    const foreign = await depositAt(DepositStatus.INLINE, { vendor: companyVendorUuid });
    const a = await product(from, { saleStatus: SaleStatus.ONLINE });
    const b = await product(from);
    const answer = await products('vendor').transferToAnotherDeposit({
      productUuids: [a.uuid, b.uuid],
      targetDeposit: to.uuid,
    });
    expect(answer).toMatchObject({ success: true, transferredCount: 2 });
    const moved = await products('vendor').retrieve({ uuid: a.uuid });
    expect([moved.deposit, moved.reference]).toEqual([to.uuid, '500']);
    expect((await products('vendor').retrieve({ uuid: b.uuid })).reference).toBe('501');

    expect(
      await refusalOf(
        products('vendor').transferToAnotherDeposit({
          productUuids: [a.uuid],
          targetDeposit: early.uuid,
        }),
      ),
    ).toEqual({ code: Code.FailedPrecondition, reason: 'ONLINE_BEFORE_VALIDATION' });
    expect(
      (
        await refusalOf(
          products('vendor').transferToAnotherDeposit({
            productUuids: [b.uuid],
            targetDeposit: foreign.uuid,
          }),
        )
      ).reason,
    ).toBe('FORBIDDEN');
    expect(
      (
        await refusalOf(
          products('admin').transferToAnotherDeposit({
            productUuids: [b.uuid],
            targetDeposit: foreign.uuid,
          }),
        )
      ).reason,
    ).toBe('FORBIDDEN');
    const invoiced = await product(to, { saleStatus: SaleStatus.FACTURED });
    expect(
      await refusalOf(
        products('vendor').transferToAnotherDeposit({
          productUuids: [b.uuid, invoiced.uuid],
          targetDeposit: from.uuid,
        }),
      ),
    ).toEqual({ code: Code.FailedPrecondition, reason: 'PRODUCT_INVOICED' });
    expect((await products('vendor').retrieve({ uuid: b.uuid })).deposit).toBe(to.uuid);
  });
});

describe('generation and price search', () => {
  it('names from attributes, prices from comparable sales, within the monthly quota', async () => {
    const deposit = await depositAt(DepositStatus.INLINE);
    const robe = await categoryNamed('Robe');
    const zara = await uuidOf('brand', 'name', 'Zara');
    const mango = await uuidOf('brand', 'name', 'Mango');
    const blue = await uuidOf('color', 'title', 'Bleu');
    const m = await uuidOf('product_size', 'title', 'M');
    const item = await product(deposit, {
      category: robe,
      brand: zara,
      colors: [blue],
      productSize: m,
      quality: ProductQuality.VERY_GOOD,
    });
    const named = await products('vendor').generateName({ uuid: item.uuid });
    expect(named).toMatchObject({
      name: 'Robe Zara bleue taille M – Très bon état',
      quotaRemaining: QUOTA - 1,
    });

    // Two comparable sales of the same brand: too few, so the price widens to category + quality.
    for (const [brand, price] of [
      [zara, 10],
      [zara, 30],
      [mango, 24],
    ] as const)
      await product(deposit, {
        category: robe,
        brand,
        quality: ProductQuality.VERY_GOOD,
        saleStatus: SaleStatus.SELL,
        selledPrice: price,
      });
    const widened = await products('vendor').generatePrice({ uuid: item.uuid });
    expect(widened).toMatchObject({ suggestedPrice: 24, comparableCount: 3, quotaRemaining: 1 });
    expect((await products('vendor').generateName({ uuid: item.uuid })).quotaRemaining).toBe(0);

    expect(await refusalOf(products('vendor').generateName({ uuid: item.uuid }))).toEqual({
      code: Code.ResourceExhausted,
      reason: 'QUOTA_REACHED',
    });
    expect((await refusalOf(products('customer').generateName({ uuid: item.uuid }))).reason).toBe(
      'FORBIDDEN',
    );
    // Another vendor's quota is their own.
    const theirs = await product(
      await depositAt(DepositStatus.INLINE, { vendor: companyVendorUuid }),
      {
        category: robe,
      },
    );
    expect(await products('company').generateName({ uuid: theirs.uuid })).toMatchObject({
      name: 'Robe – Très bon état',
      quotaRemaining: QUOTA - 1,
    });
  });

  it('searches comparable sold items by title and builds the marketplace search address', async () => {
    const deposit = await depositAt(DepositStatus.INLINE);
    const item = await product(deposit, { name: 'Robe Zara', marketplaceTitle: 'Robe d’été Zara' });
    for (const [name, price] of [
      ['Robe Zara fleurie', 12],
      ['Longue robe ZARA', 20],
      ['Jupe Zara', 50],
    ] as const)
      await product(deposit, { name, saleStatus: SaleStatus.SELL, selledPrice: price });
    expect(
      await refusalOf(
        products('vendor').findPriceForComparableItems({ uuid: item.uuid, title: ' ' }),
      ),
    ).toEqual({ code: Code.InvalidArgument, reason: 'TITLE_REQUIRED' });
    const found = await products('vendor').findPriceForComparableItems({
      uuid: item.uuid,
      title: 'robe zara',
    });
    expect(found.items.map((i) => i.title).sort()).toEqual([
      'Longue robe ZARA',
      'Robe Zara fleurie',
    ]);
    expect([found.averagePrice, found.medianPrice]).toEqual([16, 16]);

    const { url } = await products('vendor').getMarketplaceSearchUrl({ uuid: item.uuid });
    expect(url).toMatch(/^https?:\/\/[^?]+\/catalog\?search_text=/);
    expect(new URL(url).searchParams.get('search_text')).toBe('Robe d’été Zara');
    expect(
      (await refusalOf(products('company').getMarketplaceSearchUrl({ uuid: item.uuid }))).reason,
    ).toBe('FORBIDDEN');
  });
});
