import type { MessageInitShape } from '@bufbuild/protobuf';
import { Code } from '@connectrpc/connect';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  AnnouncementKind,
  type AnnouncementSchema,
  AnnouncementService,
} from '../../src/rpc/gen/seconde/v1/announcement_pb.ts';
import { DepositStatus, type Deposit } from '../../src/rpc/gen/seconde/v1/deposit_pb.ts';
import { ListingStatus, ProductListingService } from '../../src/rpc/gen/seconde/v1/listing_pb.ts';
import { ProductAnnouncementService } from '../../src/rpc/gen/seconde/v1/product_announcement_pb.ts';
import {
  ProductQuality,
  ProductService,
  type Product,
  type ProductSchema,
} from '../../src/rpc/gen/seconde/v1/product_pb.ts';
import { depositWalkedTo } from '../helpers/depositWalk.ts';
import {
  refusalOf,
  startTestServer,
  type DemoUser,
  type TestServer,
} from '../helpers/testServer.ts';

let t: TestServer;
let vendorUuid: string;
let companyVendorUuid: string;
let companyUuid: string;
let counter = 0;
const db = () => t.server.db;
const announcements = (who: DemoUser) => t.client(AnnouncementService, who);
const texts = (who: DemoUser) => t.client(ProductAnnouncementService, who);
const listings = (who: DemoUser) => t.client(ProductListingService, who);

beforeAll(async () => {
  t = await startTestServer({ demoProducts: 0 }, ['vendor', 'company', 'admin', 'customer']);
  ({ vendorUuid, companyVendorUuid } = await t.demoRecords());
  const { rows } = await sql<{ company: string }>`
    select company from vendor where uuid = ${companyVendorUuid}`.execute(db());
  companyUuid = rows[0]!.company;
});

afterAll(async () => {
  await t?.close();
});

const unique = (name: string) => `${name} ${++counter}`;

function announcement(fields: Omit<MessageInitShape<typeof AnnouncementSchema>, '$typeName'> = {}) {
  return {
    name: unique('Annonce'),
    title: '{titre} {marque} taille {taille}',
    description: 'État : {etat}\nCouleurs : {couleurs}\nPrix : {prix}\nMesures : {mesures}',
    isActive: true,
    kind: AnnouncementKind.TEMPLATE,
    ...fields,
  };
}

/** Reference rows the seed always has: a brand, a size, two colours and a category. */
async function references() {
  const one = async (query: ReturnType<typeof sql<{ uuid: string; label: string }>>) =>
    (await query.execute(db())).rows;
  const [brand] = await one(sql`select uuid, name as label from brand order by name limit 1`);
  const [size] = await one(
    sql`select uuid, title as label from product_size order by title limit 1`,
  );
  const colors = await one(
    sql`select uuid, title as label from color order by "order", title limit 2`,
  );
  const [category] = await one(
    sql`select uuid, coalesce(name_singular, name) as label from category order by name limit 1`,
  );
  return { brand: brand!, size: size!, colors, category: category! };
}

async function depositAt(status: DepositStatus, vendor = vendorUuid): Promise<Deposit> {
  return depositWalkedTo(t, status, { name: unique(`Annonces ${Date.now()}`), vendor });
}

async function productIn(
  deposit: Deposit,
  fields: Omit<MessageInitShape<typeof ProductSchema>, '$typeName'> = {},
): Promise<Product> {
  const r = await references();
  return t.client(ProductService, 'admin').create({
    product: {
      deposit: deposit.uuid,
      name: 'Chemise en lin',
      brand: r.brand.uuid,
      productSize: r.size.uuid,
      colors: r.colors.map((c) => c.uuid),
      category: r.category.uuid,
      quality: ProductQuality.GOOD,
      suggestedPrice: 12.5,
      measurementWidth: 50,
      ...fields,
    },
  });
}

describe('AnnouncementService', () => {
  it('keeps a vendor’s announcement to that vendor, set on the server', async () => {
    // Naming another vendor as owner is refused, not rewritten.
    expect(
      await refusalOf(
        announcements('vendor').create({
          announcement: announcement({ vendor: companyVendorUuid }),
        }),
      ),
    ).toEqual({ code: Code.PermissionDenied, reason: 'FORBIDDEN' });
    const created = await announcements('vendor').create({ announcement: announcement() });
    expect(created.vendor).toBe(vendorUuid);
    expect(created.company).toBe('');
    const mine = await announcements('vendor').list({ pagination: { page: 1, pageSize: 100 } });
    expect(mine.results.map((a) => a.uuid)).toContain(created.uuid);
    const theirs = await announcements('company').list({ pagination: { page: 1, pageSize: 100 } });
    expect(theirs.results.map((a) => a.uuid)).not.toContain(created.uuid);
    expect(await refusalOf(announcements('company').retrieve({ uuid: created.uuid }))).toEqual({
      code: Code.PermissionDenied,
      reason: 'FORBIDDEN',
    });
    expect(
      await refusalOf(
        announcements('company').update({ announcement: { ...created, name: 'Volée' } }),
      ),
    ).toMatchObject({ code: Code.PermissionDenied });
    expect(await refusalOf(announcements('company').destroy({ uuid: created.uuid }))).toMatchObject(
      {
        code: Code.PermissionDenied,
      },
    );
  });

  it('refuses customers', async () => {
    expect(await refusalOf(announcements('customer').list({}))).toMatchObject({
      code: Code.PermissionDenied,
    });
    expect(
      await refusalOf(announcements('customer').create({ announcement: announcement() })),
    ).toMatchObject({ code: Code.PermissionDenied });
    expect(await refusalOf(announcements('customer').getFavorite({}))).toMatchObject({
      code: Code.PermissionDenied,
    });
  });

  it('requires a name and a title, and names an unknown placeholder', async () => {
    const noName = announcements('vendor').create({ announcement: announcement({ name: '  ' }) });
    await expect(noName).rejects.toThrow(/needs a name/);
    const noTitle = announcements('vendor').create({ announcement: announcement({ title: '' }) });
    await expect(noTitle).rejects.toThrow(/needs a title/);
    const unknown = announcements('vendor').create({
      announcement: announcement({ description: 'Couleur : {couleur}' }),
    });
    expect(await refusalOf(unknown)).toEqual({
      code: Code.InvalidArgument,
      reason: 'ANNOUNCEMENT_PLACEHOLDER_UNKNOWN',
    });
    await expect(unknown).rejects.toThrow(/\{couleur\}/);
  });

  it('keeps at most one default per owner', async () => {
    const first = await announcements('vendor').create({
      announcement: announcement({ isDefault: true }),
    });
    const second = await announcements('vendor').create({
      announcement: announcement({ isDefault: true }),
    });
    expect((await announcements('vendor').retrieve({ uuid: first.uuid })).isDefault).toBe(false);
    expect(second.isDefault).toBe(true);
    const back = await announcements('vendor').update({
      announcement: {
        ...(await announcements('vendor').retrieve({ uuid: first.uuid })),
        isDefault: true,
      },
    });
    expect(back.isDefault).toBe(true);
    expect((await announcements('vendor').retrieve({ uuid: second.uuid })).isDefault).toBe(false);
    const stale = announcements('vendor').update({ announcement: { ...first, name: 'Vieille' } });
    expect(await refusalOf(stale)).toEqual({
      code: Code.Aborted,
      reason: 'CHANGED_BY_SOMEONE_ELSE',
    });
  });

  it('shares company announcements with the company’s vendors; only its administrator edits', async () => {
    const shared = await announcements('company').create({
      announcement: announcement({ company: companyUuid, kind: AnnouncementKind.PROMPT }),
    });
    expect(shared.company).toBe(companyUuid);
    expect(shared.vendor).toBe('');
    expect(shared.kind).toBe(AnnouncementKind.PROMPT);
    // vendor@ is no member: the company's announcement is not theirs, nor may they write one.
    expect(await refusalOf(announcements('vendor').retrieve({ uuid: shared.uuid }))).toMatchObject({
      reason: 'FORBIDDEN',
    });
    expect(
      await refusalOf(
        announcements('vendor').create({ announcement: announcement({ company: companyUuid }) }),
      ),
    ).toMatchObject({ reason: 'FORBIDDEN' });
    await sql`update vendor set company = ${companyUuid} where uuid = ${vendorUuid}`.execute(db());
    try {
      expect((await announcements('vendor').retrieve({ uuid: shared.uuid })).uuid).toBe(
        shared.uuid,
      );
      const listed = await announcements('vendor').list({ pagination: { page: 1, pageSize: 100 } });
      expect(listed.results.map((a) => a.uuid)).toContain(shared.uuid);
      expect(
        await refusalOf(
          announcements('vendor').update({ announcement: { ...shared, name: 'Pas à moi' } }),
        ),
      ).toMatchObject({ reason: 'FORBIDDEN' });
      const edited = await announcements('company').update({
        announcement: { ...shared, name: unique('Commune') },
      });
      expect(edited.rowVersion).toBe(shared.rowVersion + 1);
      // Staff edit any announcement.
      await announcements('admin').update({ announcement: { ...edited, isActive: false } });
    } finally {
      await sql`update vendor set company = null where uuid = ${vendorUuid}`.execute(db());
    }
  });

  it('keeps a favourite the vendor may read, and says when there is none', async () => {
    await sql`update vendor set favorite_announcement = null where uuid = ${vendorUuid}`.execute(
      db(),
    );
    expect(await refusalOf(announcements('vendor').getFavorite({}))).toEqual({
      code: Code.FailedPrecondition,
      reason: 'NO_FAVORITE_ANNOUNCEMENT',
    });
    const theirs = await announcements('company').create({ announcement: announcement() });
    expect(
      await refusalOf(announcements('vendor').setFavorite({ uuid: theirs.uuid })),
    ).toMatchObject({
      reason: 'FORBIDDEN',
    });
    const mine = await announcements('vendor').create({ announcement: announcement() });
    expect((await announcements('vendor').setFavorite({ uuid: mine.uuid })).uuid).toBe(mine.uuid);
    expect((await announcements('vendor').getFavorite({})).uuid).toBe(mine.uuid);
    await announcements('vendor').setFavorite({ uuid: '' });
    expect(await refusalOf(announcements('vendor').getFavorite({}))).toMatchObject({
      reason: 'NO_FAVORITE_ANNOUNCEMENT',
    });
  });
});

describe('ProductAnnouncementService', () => {
  it('writes a product’s text from the favourite, once per product and announcement', async () => {
    const r = await references();
    const deposit = await depositAt(DepositStatus.INLINE);
    const product = await productIn(deposit);
    await sql`update vendor set favorite_announcement = null where uuid = ${vendorUuid}`.execute(
      db(),
    );
    expect(
      await refusalOf(texts('vendor').generate({ product: product.uuid, announcement: '' })),
    ).toMatchObject({ reason: 'NO_FAVORITE_ANNOUNCEMENT' });
    const favourite = await announcements('vendor').create({ announcement: announcement() });
    await announcements('vendor').setFavorite({ uuid: favourite.uuid });
    const text = await texts('vendor').generate({ product: product.uuid, announcement: '' });
    expect(text.announcement).toBe(favourite.uuid);
    expect(text.title).toBe(`Chemise en lin ${r.brand.label} taille ${r.size.label}`);
    expect(text.description).toBe(
      `État : bon état\nCouleurs : ${r.colors.map((c) => c.label).join(', ')}\nPrix : 12,50\u00a0€\nMesures : 50 cm de large`,
    );
    const again = await texts('vendor').generate({
      product: product.uuid,
      announcement: favourite.uuid,
    });
    expect(again.uuid).toBe(text.uuid);
    const edited = await texts('vendor').updateOrCreate({
      productAnnouncement: {
        product: product.uuid,
        announcement: favourite.uuid,
        title: 'Chemise lin',
        description: 'Très belle',
      },
    });
    expect(edited.uuid).toBe(text.uuid);
    expect(edited.title).toBe('Chemise lin');
    const { rows } = await sql<{ n: number; announcement_uuid: string }>`
      select (select count(*)::int from product_announcement where product = p.uuid) as n,
        p.announcement_uuid from product p where p.uuid = ${product.uuid}`.execute(db());
    expect(rows[0]).toEqual({ n: 1, announcement_uuid: favourite.uuid });
    const read = await texts('vendor').list({});
    expect(read.results.map((x) => x.uuid)).toContain(text.uuid);
  });

  it('writes a PROMPT announcement’s text from the product’s fields', async () => {
    const deposit = await depositAt(DepositStatus.INLINE);
    const product = await productIn(deposit, { name: 'Veste', brand: '', manualBrand: 'Maison' });
    const prompt = await announcements('vendor').create({
      announcement: announcement({
        kind: AnnouncementKind.PROMPT,
        title: 'Écris un titre pour {titre}',
      }),
    });
    const text = await texts('vendor').generate({
      product: product.uuid,
      announcement: prompt.uuid,
    });
    expect(text.title).toBe('Veste');
    expect(text.description).toMatch(/^Veste\n\nMarque : Maison\n/);
    expect(text.description).toContain('État : bon état');
  });

  it('refuses another vendor’s product or announcement, customers and invoiced products', async () => {
    const deposit = await depositAt(DepositStatus.INLINE);
    const product = await productIn(deposit);
    const mine = await announcements('vendor').create({ announcement: announcement() });
    const theirs = await announcements('company').create({ announcement: announcement() });
    expect(
      await refusalOf(
        texts('company').generate({ product: product.uuid, announcement: theirs.uuid }),
      ),
    ).toMatchObject({ code: Code.PermissionDenied });
    expect(
      await refusalOf(
        texts('vendor').generate({ product: product.uuid, announcement: theirs.uuid }),
      ),
    ).toMatchObject({ code: Code.PermissionDenied });
    expect(
      await refusalOf(
        texts('customer').generate({ product: product.uuid, announcement: mine.uuid }),
      ),
    ).toMatchObject({ code: Code.PermissionDenied });
    await sql`update product set product_invoice_uuid = 'INV-1' where uuid = ${product.uuid}`.execute(
      db(),
    );
    expect(
      await refusalOf(texts('vendor').generate({ product: product.uuid, announcement: mine.uuid })),
    ).toEqual({ code: Code.FailedPrecondition, reason: 'PRODUCT_INVOICED' });
    expect(
      await refusalOf(
        texts('vendor').updateOrCreate({
          productAnnouncement: { product: product.uuid, announcement: mine.uuid, title: 'x' },
        }),
      ),
    ).toMatchObject({ reason: 'PRODUCT_INVOICED' });
  });

  it('keeps the texts of a destroyed announcement, and clears it as favourite', async () => {
    const deposit = await depositAt(DepositStatus.INLINE);
    const product = await productIn(deposit);
    const gone = await announcements('vendor').create({ announcement: announcement() });
    await announcements('vendor').setFavorite({ uuid: gone.uuid });
    const text = await texts('vendor').generate({ product: product.uuid, announcement: gone.uuid });
    await announcements('vendor').destroy({ uuid: gone.uuid });
    const kept = await texts('vendor').retrieve({ uuid: text.uuid });
    expect(kept.title).toBe(text.title);
    expect(kept.announcement).toBe('');
    expect(await refusalOf(announcements('vendor').getFavorite({}))).toMatchObject({
      reason: 'NO_FAVORITE_ANNOUNCEMENT',
    });
  });
});

describe('listing kit', () => {
  async function withPhotos(product: Product) {
    for (const [order, key] of [
      [2, 'ab/second.jpg'],
      [1, 'ab/first.jpg'],
    ] as const)
      await sql`insert into product_image (product, image, image256, "order", kind, processing_status)
        values (${product.uuid}, ${key}, ${key}, ${order}, 'FRONT', 'COMPLETED')`.execute(db());
  }

  it('gives the text, price, photos in order and the marketplace search', async () => {
    const deposit = await depositAt(DepositStatus.INLINE);
    const product = await productIn(deposit);
    await withPhotos(product);
    const favourite = await announcements('vendor').create({
      announcement: announcement({ title: '{titre} - {marque}' }),
    });
    await announcements('vendor').setFavorite({ uuid: favourite.uuid });
    const r = await references();
    const kit = await listings('vendor').getListingKit({ product: product.uuid, announcement: '' });
    const title = `Chemise en lin - ${r.brand.label}`;
    expect(kit.title).toBe(title);
    expect(kit.price).toBe(12.5);
    expect(kit.photoUrls).toEqual([
      `${t.server.url}/media/ab/first.jpg`,
      `${t.server.url}/media/ab/second.jpg`,
    ]);
    expect(kit.searchUrl).toMatch(/\/catalog\?search_text=Chemise%20en%20lin%20-%20/);
    expect(kit.listingUrl).toBe('');
    // A saved (edited) text wins over the template.
    await texts('vendor').updateOrCreate({
      productAnnouncement: {
        product: product.uuid,
        announcement: favourite.uuid,
        title: 'Lin',
        description: 'd',
      },
    });
    expect((await listings('vendor').getListingKit({ product: product.uuid })).title).toBe('Lin');
    expect(
      await refusalOf(listings('company').getListingKit({ product: product.uuid })),
    ).toMatchObject({ code: Code.PermissionDenied });
    expect(
      await refusalOf(listings('customer').getListingKit({ product: product.uuid })),
    ).toMatchObject({ code: Code.PermissionDenied });
  });

  it('records the listing link: listing, title, link, timeline, ONLINE', async () => {
    const deposit = await depositAt(DepositStatus.INLINE);
    const product = await productIn(deposit);
    const bad = listings('vendor').recordMarketplaceListing({
      product: product.uuid,
      url: 'https://www.leboncoin.fr/ad/1',
      title: 'Chemise',
    });
    expect(await refusalOf(bad)).toEqual({
      code: Code.InvalidArgument,
      reason: 'INVALID_ARGUMENT',
    });
    await expect(bad).rejects.toThrow(/vinted/);
    const url = 'https://www.vinted.fr/items/4242-chemise';
    const listing = await listings('vendor').recordMarketplaceListing({
      product: product.uuid,
      url,
      title: 'Chemise en lin bleue',
    });
    expect(listing).toMatchObject({
      product: product.uuid,
      vendorConnector: '',
      publisherName: 'MAIN_MARKETPLACE',
      status: ListingStatus.LISTED,
      url,
    });
    const again = await listings('vendor').recordMarketplaceListing({
      product: product.uuid,
      url,
      title: 'Chemise en lin bleue',
    });
    expect(again.uuid).toBe(listing.uuid);
    const { rows } = await sql<{
      marketplace_title: string;
      product_links: string[];
      sale_status: string;
      online: boolean;
      events: number;
    }>`select marketplace_title, product_links, sale_status::text as sale_status,
        online_datetime is not null as online,
        (select count(*)::int from product_event e where e.product = p.uuid and e.kind = 'RECORDED') as events
      from product p where uuid = ${product.uuid}`.execute(db());
    expect(rows[0]).toEqual({
      marketplace_title: 'Chemise en lin bleue',
      product_links: [url],
      sale_status: 'ONLINE',
      online: true,
      events: 2,
    });
    await texts('vendor').updateOrCreate({
      productAnnouncement: {
        product: product.uuid,
        announcement: '',
        title: 'Chemise',
        description: '',
      },
    });
    const kit = await listings('vendor').getListingKit({ product: product.uuid });
    expect(kit.listingUrl).toBe(url);
  });

  it('refuses to record before the deposit inventory is validated, and another vendor’s product', async () => {
    const deposit = await depositAt(DepositStatus.PROGRESS);
    const product = await productIn(deposit);
    const early = listings('vendor').recordMarketplaceListing({
      product: product.uuid,
      url: 'https://www.vinted.fr/items/1',
      title: 'x',
    });
    expect(await refusalOf(early)).toEqual({
      code: Code.FailedPrecondition,
      reason: 'ONLINE_BEFORE_VALIDATION',
    });
    const { rows } = await sql<{ n: number }>`
      select count(*)::int as n from product_listing where product = ${product.uuid}`.execute(db());
    expect(rows[0]!.n).toBe(0);
    expect(
      await refusalOf(
        listings('company').recordMarketplaceListing({
          product: product.uuid,
          url: 'https://www.vinted.fr/items/1',
          title: 'x',
        }),
      ),
    ).toMatchObject({ code: Code.PermissionDenied });
  });
});
