import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Code } from '@connectrpc/connect';
import { sql } from 'kysely';
import { DepositStatus } from '../../src/rpc/gen/seconde/v1/deposit_pb.ts';
import { ReservationStatus, StorefrontService } from '../../src/rpc/gen/seconde/v1/listing_pb.ts';
import { createRateLimiter } from '../../server/services/storefront/rateLimit.ts';
import { ensureShopSlug, freeSlug, slugify } from '../../server/services/storefront/shopSlug.ts';
import {
  storefrontProduct,
  type StorefrontProduct,
  type StorefrontProductOptions,
} from '../helpers/storefrontListing.ts';
import {
  refusalOf,
  startTestServer,
  type DemoUser,
  type TestServer,
} from '../helpers/testServer.ts';

let t: TestServer;
let vendorUuid: string;
let companyVendorUuid: string;
let slug: string;
const db = () => t.server.db;
const storefront = (who: DemoUser) => t.client(StorefrontService, who);

beforeAll(async () => {
  t = await startTestServer({ demoProducts: 0 }, ['vendor', 'company', 'admin', 'customer']);
  ({ vendorUuid, companyVendorUuid } = await t.demoRecords());
  slug = (await storefront('vendor').getShop({})).slug;
});

afterAll(async () => {
  await t?.close();
});

type Made = StorefrontProduct;

const shopProduct = (options: StorefrontProductOptions = {}) =>
  storefrontProduct(t, { vendor: vendorUuid, ...options });

const page = (path: string, headers: Record<string, string> = {}) =>
  fetch(`${t.server.url}${path}`, { headers });

const buyer = {
  firstName: 'Camille',
  lastName: 'Durand',
  email: 'camille.durand@example.fr',
  phone: '06 12 34 56 78',
  message: 'Disponible samedi ?',
};

const reserve = (product: Made, fields: Record<string, string> = buyer) =>
  fetch(`${t.server.url}/shop/${slug}/${product.uuid}`, {
    method: 'POST',
    body: new URLSearchParams(fields),
    redirect: 'manual',
  });

async function reservationOf(product: string) {
  const { rows } = await sql<Record<string, unknown>>`
    select * from storefront_reservation where product = ${product}
    order by created_at desc`.execute(db());
  return rows;
}

async function saleStatus(product: string): Promise<string> {
  const { rows } = await sql<{ s: string }>`
    select sale_status::text as s from product where uuid = ${product}`.execute(db());
  return rows[0]!.s;
}

async function events(product: string): Promise<string[]> {
  const { rows } = await sql<{ kind: string }>`
    select kind::text as kind from product_event where product = ${product}
    order by occurred_at, created_at`.execute(db());
  return rows.map((r) => r.kind);
}

describe('shop address', () => {
  it('slugs names and numbers a taken one', async () => {
    expect(slugify('Chez Zoé & Cie !')).toBe('chez-zoe-cie');
    expect(freeSlug('zoe', new Set(['zoe', 'zoe-2']))).toBe('zoe-3');
    const { rows } = await sql<{ uuid: string }>`
      insert into vendor (first_name, last_name, email) values
        ('Zoé', 'Martin', 'zoe1@example.fr'), ('Zoé', 'Martin', 'zoe2@example.fr')
      returning uuid`.execute(db());
    const slugs = [];
    for (const r of rows) slugs.push(await ensureShopSlug(db(), r.uuid));
    expect(slugs).toEqual(['zoe-martin', 'zoe-martin-2']);
    expect(await ensureShopSlug(db(), rows[0]!.uuid)).toBe('zoe-martin');
  });

  it('GetShop answers the caller’s shop with its counts', async () => {
    const shop = await storefront('vendor').getShop({});
    expect(shop.slug).toBe(slug);
    expect(shop.url).toBe(`${t.server.url}/shop/${slug}`);
    expect(shop.name).not.toBe('');
    const before = shop.onlineCount;
    await shopProduct();
    expect((await storefront('vendor').getShop({})).onlineCount).toBe(before + 1);
    expect((await refusalOf(storefront('customer').getShop({}))).code).toBe(Code.PermissionDenied);
  });
});

describe('shop page', () => {
  it('lists only the vendor’s online listed products, indexable', async () => {
    const shown = await shopProduct();
    const unlisted = await shopProduct({ listed: false });
    const offline = await shopProduct();
    await sql`update product set sale_status = 'OFFLINE' where uuid = ${offline.uuid}`.execute(
      db(),
    );
    const otherVendor = await shopProduct({ vendor: companyVendorUuid });

    const response = await page(`/shop/${slug}`);
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toMatch(/max-age=\d+/);
    const html = await response.text();
    expect(html).toContain(shown.name);
    for (const hidden of [unlisted, offline, otherVendor]) expect(html).not.toContain(hidden.name);
    expect(html).toContain('<html lang="fr">');
    expect(html).toContain(`<link rel="canonical" href="${t.server.url}/shop/${slug}">`);
    expect(html).toContain('<meta name="robots" content="index,follow">');
    expect(html).toContain('property="og:title"');
    expect(html).toContain('"@type":"ItemList"');
    expect(html).toMatch(
      /<img class="ph" src="\/media\/shop\/[\d-]+-1-256\.jpg" width="256" height="256" loading="lazy"/,
    );
    expect(html).toMatch(/12,50\s€/u);
    expect(html).toContain('Très bon état');
    expect(html).not.toContain('<script src');

    const english = await (
      await page(`/shop/${slug}`, { 'accept-language': 'en-GB,en;q=0.9' })
    ).text();
    expect(english).toContain('Items for sale');
    expect(await (await page(`/shop/${slug}?lang=en`)).text()).toContain('<html lang="en">');
  });

  it('shows a product with its photos in order, description and JSON-LD', async () => {
    const product = await shopProduct({ announcement: 'Belle veste en laine.\nTaille bien.' });
    expect(product.url).toBe(`${t.server.url}/shop/${slug}/${product.uuid}`);
    const html = await (await page(`/shop/${slug}/${product.uuid}`)).text();
    const first = html.indexOf(`-1.jpg"`);
    const second = html.indexOf(`-2.jpg"`);
    expect(first).toBeGreaterThan(0);
    expect(second).toBeGreaterThan(first);
    expect(html).toContain('Belle veste en laine.<br>Taille bien.');
    expect(html).toContain('"@type":"Product"');
    expect(html).toContain('"availability":"https://schema.org/InStock"');
    expect(html).toContain('"price":"12.50"');
    expect(html).toContain('autocomplete="given-name"');
    expect(html).toContain('<label for="f-email">');
  });

  it('answers 404 for unknown shops and products, and closed shops', async () => {
    const other = await shopProduct({ vendor: companyVendorUuid });
    const { rows } = await sql<{ uuid: string }>`
      insert into vendor (first_name, last_name, email, shop_slug, disabled_datetime)
      values ('Ancien', 'Vendeur', 'ancien@example.fr', 'boutique-fermee', now() - interval '1 day')
      returning uuid`.execute(db());
    expect(rows).toHaveLength(1);
    for (const path of [
      '/shop/nobody-here',
      `/shop/${slug}/${crypto.randomUUID()}`,
      `/shop/${slug}/not-a-uuid`,
      `/shop/${slug}/${other.uuid}`,
      '/shop/boutique-fermee',
      `/shop/${slug}/a/b/c`,
    ]) {
      const response = await page(path);
      expect(response.status, path).toBe(404);
      expect(await response.text()).toContain('noindex');
    }
  });
});

describe('reservation', () => {
  it('keeps the typed values and names every error', async () => {
    const product = await shopProduct();
    const response = await reserve(product, { ...buyer, lastName: '', email: 'pas-une-adresse' });
    expect(response.status).toBe(422);
    const html = await response.text();
    expect(html).toContain('role="alert"');
    expect(html).toContain('Le formulaire contient 2 erreur(s)');
    expect(html).toContain('Ce champ est obligatoire');
    expect(html).toContain('Saisissez une adresse e-mail valide');
    expect(html).toContain('value="Camille"');
    expect(html).toContain('value="pas-une-adresse"');
    expect(html).toContain('Disponible samedi ?</textarea>');
    expect(html).toMatch(/id="f-email"[^>]*aria-invalid="true"/);
    const english = await fetch(`${t.server.url}/shop/${slug}/${product.uuid}?lang=en`, {
      method: 'POST',
      body: new URLSearchParams({ ...buyer, phone: '12' }),
    });
    expect(await english.text()).toContain('Enter a valid phone number');
    expect(await reservationOf(product.uuid)).toHaveLength(0);
    expect(await saleStatus(product.uuid)).toBe('ONLINE');
  });

  it('reserves: buyer, pending reservation, RESERVED, timeline, mail to the vendor', async () => {
    const product = await shopProduct();
    const response = await reserve(product);
    expect(response.status).toBe(303);
    expect(response.headers.get('location')).toBe(`/shop/${slug}/reserved`);
    const confirmation = await page(response.headers.get('location')!);
    expect(await confirmation.text()).toContain('Réservation enregistrée');

    const [reservation] = await reservationOf(product.uuid);
    expect(reservation).toMatchObject({
      status: 'PENDING',
      vendor: vendorUuid,
      buyer_name: 'Camille Durand',
      buyer_email: buyer.email,
      buyer_phone: buyer.phone,
      message: buyer.message,
    });
    const { rows: buyers } = await sql<Record<string, unknown>>`
      select * from buyer where uuid = ${reservation!.buyer}`.execute(db());
    expect(buyers[0]).toMatchObject({ first_name: 'Camille', last_name: 'Durand' });
    expect(await saleStatus(product.uuid)).toBe('RESERVED');
    expect(await events(product.uuid)).toEqual(['RESERVED']);
    const { rows: mails } = await sql<{ recipient: string; body: string; subject: string }>`
      select recipient, subject, body from outbox_mail
      where subject like ${`%${product.name}%`}`.execute(db());
    expect(mails).toHaveLength(1);
    expect(mails[0]!.recipient).toBe('vendor@seconde.test');
    expect(mails[0]!.body).toContain(buyer.phone);

    // The shop now shows it reserved, without a form, and no longer in the list.
    const html = await (await page(`/shop/${slug}/${product.uuid}`)).text();
    expect(html).toContain('Réservé');
    expect(html).not.toContain('<form');
    expect(html).toContain('https://schema.org/SoldOut');
    expect(await (await page(`/shop/${slug}`)).text()).not.toContain(product.name);

    const again = await reserve(product, { ...buyer, email: 'autre@example.fr' });
    expect(again.status).toBe(409);
    expect(await again.text()).toContain('vient d’être réservé');
    expect(await reservationOf(product.uuid)).toHaveLength(1);
  });

  it('lets one of two buyers at once win', async () => {
    const product = await shopProduct();
    const answers = await Promise.all([
      reserve(product),
      reserve(product, { ...buyer, email: 'deux@example.fr' }),
    ]);
    expect(answers.map((a) => a.status).sort()).toEqual([303, 409]);
    expect(await reservationOf(product.uuid)).toHaveLength(1);
  });

  it('ignores a robot that fills the hidden field', async () => {
    const product = await shopProduct();
    const response = await reserve(product, { ...buyer, website: 'http://spam.example' });
    expect(response.status).toBe(303);
    expect(await reservationOf(product.uuid)).toHaveLength(0);
    expect(await saleStatus(product.uuid)).toBe('ONLINE');
  });

  it('limits attempts per address', () => {
    let now = 0;
    const limiter = createRateLimiter(2, 1000, () => new Date(now));
    expect([limiter.allow('a'), limiter.allow('a'), limiter.allow('a')]).toEqual([
      true,
      true,
      false,
    ]);
    expect(limiter.allow('b')).toBe(true);
    now = 1000;
    expect(limiter.allow('a')).toBe(true);
  });
});

describe('the vendor decides', () => {
  it('confirms: SELL at the agreed price, incomes, buyer, timeline', async () => {
    const product = await shopProduct({ price: 40 });
    await reserve(product);
    const [reservation] = await reservationOf(product.uuid);
    const uuid = String(reservation!.uuid);

    const { results, count } = await storefront('vendor').listReservations({
      product: product.uuid,
      status: ReservationStatus.PENDING,
    });
    expect(count).toBe(1);
    expect(results[0]).toMatchObject({
      uuid,
      buyerName: 'Camille Durand',
      buyerPhone: buyer.phone,
    });
    expect((await storefront('company').listReservations({ product: product.uuid })).count).toBe(0);
    expect((await storefront('vendor').getShop({})).pendingReservations).toBeGreaterThan(0);

    expect((await refusalOf(storefront('company').confirmReservation({ uuid }))).reason).toBe(
      'FORBIDDEN',
    );
    expect((await refusalOf(storefront('customer').confirmReservation({ uuid }))).reason).toBe(
      'FORBIDDEN',
    );

    const confirmed = await storefront('vendor').confirmReservation({ uuid, soldPrice: 35 });
    expect(confirmed.status).toBe(ReservationStatus.CONFIRMED);
    expect(confirmed.decidedAt).toBeDefined();
    const { rows } = await sql<Record<string, unknown>>`
      select sale_status::text as sale_status, selled_price, vendor_income, customer_income,
        provider_income, sell_on::text as sell_on, sell_datetime
      from product where uuid = ${product.uuid}`.execute(db());
    const sold = rows[0]!;
    expect(sold).toMatchObject({ sale_status: 'SELL', selled_price: 35, sell_on: 'WEBSITE' });
    expect(sold.sell_datetime).not.toBeNull();
    expect(
      Number(sold.vendor_income) + Number(sold.customer_income) + Number(sold.provider_income),
    ).toBeCloseTo(35, 2);
    const { rows: buyers } = await sql<Record<string, unknown>>`
      select buy_on::text as buy_on, buyer from product_buyer where product = ${product.uuid}`.execute(
      db(),
    );
    expect(buyers).toEqual([{ buy_on: 'WEBSITE', buyer: reservation!.buyer }]);
    expect(await events(product.uuid)).toEqual(['RESERVED', 'SOLD']);

    expect((await refusalOf(storefront('vendor').confirmReservation({ uuid }))).reason).toBe(
      'RESERVATION_DECIDED',
    );
    expect((await refusalOf(storefront('vendor').releaseReservation({ uuid }))).reason).toBe(
      'RESERVATION_DECIDED',
    );
  });

  it('confirms at the suggested price when none is given', async () => {
    const product = await shopProduct({ price: 22 });
    await reserve(product);
    const [reservation] = await reservationOf(product.uuid);
    await storefront('admin').confirmReservation({ uuid: String(reservation!.uuid) });
    const { rows } = await sql<{ selled_price: number }>`
      select selled_price from product where uuid = ${product.uuid}`.execute(db());
    expect(rows[0]!.selled_price).toBe(22);
  });

  it('refuses a sale before the deposit is INLINE, with the rule engine’s reason', async () => {
    const product = await shopProduct({ status: DepositStatus.DEPOSIT_VALIDATED });
    expect((await reserve(product)).status).toBe(303);
    const [reservation] = await reservationOf(product.uuid);
    const refusal = await refusalOf(
      storefront('vendor').confirmReservation({ uuid: String(reservation!.uuid) }),
    );
    expect(refusal).toEqual({ code: Code.FailedPrecondition, reason: 'SALE_BEFORE_INLINE' });
    expect(await saleStatus(product.uuid)).toBe('RESERVED');
  });

  it('releases: back ONLINE and on the shop, other channels named to publish again', async () => {
    const product = await shopProduct();
    await reserve(product);
    const [reservation] = await reservationOf(product.uuid);
    const uuid = String(reservation!.uuid);
    // What the withdrawals did meanwhile: the eBay listing came off.
    await sql`insert into product_listing (product, publisher_name, status, withdrawn_at, withdraw_reason)
      values (${product.uuid}, 'EBAY', 'WITHDRAWN', now(), 'RESERVED_ELSEWHERE')`.execute(db());
    expect((await refusalOf(storefront('company').releaseReservation({ uuid }))).reason).toBe(
      'FORBIDDEN',
    );
    const released = await storefront('vendor').releaseReservation({ uuid });
    expect(released.status).toBe(ReservationStatus.RELEASED);
    expect(released.withdrawnPublishers).toEqual(['EBAY']);
    expect(await saleStatus(product.uuid)).toBe('ONLINE');
    expect(await events(product.uuid)).toEqual(['RESERVED', 'RELEASED']);
    expect(await (await page(`/shop/${slug}`)).text()).toContain(product.name);
    expect((await reserve(product, { ...buyer, email: 'second@example.fr' })).status).toBe(303);
  });

  it('refuses unknown reservations', async () => {
    expect(
      (await refusalOf(storefront('vendor').confirmReservation({ uuid: crypto.randomUUID() })))
        .reason,
    ).toBe('NOT_FOUND');
    expect(
      (await refusalOf(storefront('vendor').releaseReservation({ uuid: 'nope' }))).reason,
    ).toBe('FIELD_INVALID');
  });
});
