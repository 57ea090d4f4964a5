import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Code } from '@connectrpc/connect';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SHIPPING_WEBHOOK_PATH } from '../../server/services/shipping/carrierClient.ts';
import {
  SANDBOX_SHIPPING,
  type ShippingSettings,
} from '../../server/services/shipping/shippingSettings.ts';
import {
  PARCEL_STATUSES,
  createSendcloudSandbox,
  type SendcloudSandbox,
} from '../../server/sandbox/sendcloudSandbox.ts';
import { timestampDate } from '@bufbuild/protobuf/wkt';
import {
  ProductEventKind,
  ProductListingService,
} from '../../src/rpc/gen/seconde/v1/listing_pb.ts';
import { DeliveryPlaceService } from '../../src/rpc/gen/seconde/v1/delivery_place_pb.ts';
import {
  LabelFormat,
  ShippingLabelService,
  ShippingStatus,
} from '../../src/rpc/gen/seconde/v1/shipping_label_pb.ts';
import { listenHttpDouble, type HttpDouble } from '../helpers/httpDouble.ts';
import { refusalOf, startTestServer, type TestServer } from '../helpers/testServer.ts';

const PUBLIC_KEY = 'shipping_suite_public';
const SECRET_KEY = 'shipping_suite_secret';
const MONDIAL_RELAY = 1;
/** A Mondial Relay point of the sandbox a few hundred metres from the Louvre. */
const RIVOLI_POINT = '10001';

let t: TestServer;
let double: HttpDouble;
let sandbox: SendcloudSandbox;
let serverUrl = '';
let counter = 0;

const shipping = (base: string): ShippingSettings => ({
  ...SANDBOX_SHIPPING,
  publicKey: PUBLIC_KEY,
  secretKey: SECRET_KEY,
  apiUrl: `${base}/panel/api/v2`,
  servicePointsUrl: `${base}/servicepoints/api/v2`,
  sandbox: false,
  timeoutMs: 1_500,
});

beforeAll(async () => {
  let base = '';
  sandbox = createSendcloudSandbox({
    publicKey: PUBLIC_KEY,
    secretKey: SECRET_KEY,
    baseUrl: () => base,
    webhookUrl: () => `${serverUrl}${SHIPPING_WEBHOOK_PATH}`,
  });
  double = await listenHttpDouble((req, res) => sandbox.handle(req, res, req.url ?? '/'));
  base = double.base;
  t = await startTestServer({ demoProducts: 0, shipping: shipping(double.base) }, [
    'vendor',
    'company',
    'trial',
  ]);
  serverUrl = t.server.url;
});

afterAll(async () => {
  await t?.close();
  await double?.close();
});

const db = () => t.server.db;

/** A product of `who` sold on the storefront (written directly: selling is another area's test). */
async function soldProduct(who: 'vendor' | 'company', status = 'SELL'): Promise<string> {
  const vendor = (await t.me(who)).vendorUuid;
  const deposit = (
    await sql<{
      uuid: string;
    }>`insert into deposit (vendor, name) values (${vendor}, ${`Envoi ${++counter}`})
      returning uuid`.execute(db())
  ).rows[0]!.uuid;
  return (
    await sql<{ uuid: string }>`insert into product (deposit, name, sale_status)
      values (${deposit}, ${`Veste ${counter}`}, ${status}) returning uuid`.execute(db())
  ).rows[0]!.uuid;
}

async function place(who: 'vendor' | 'company' | 'trial', name = 'Tabac Presse Rivoli') {
  return t.client(DeliveryPlaceService, who).create({
    deliveryPlace: {
      deliveryService: MONDIAL_RELAY,
      deliveryServiceId: RIVOLI_POINT,
      deliveryPlaceName: name,
      isActive: true,
      order: 1,
    },
  });
}

const order = (product: string, key: string, extra: Record<string, unknown> = {}) => ({
  order: {
    shippedContentType: 'product',
    shippedObjectUuid: product,
    idempotencyKey: key,
    recipientServicePointId: '10002',
    recipientName: 'Camille Martin',
    recipientEmail: 'camille@example.test',
    recipientPhone: '+33612345678',
    weight: 0.8,
    ...extra,
  },
});

const parcelRequests = () =>
  sandbox.requests.filter((r) => r.method === 'POST' && r.path === '/panel/api/v2/parcels');

function pdfText(bytes: Uint8Array): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'label-'));
  const file = path.join(dir, 'label.pdf');
  writeFileSync(file, bytes);
  return execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
}

describe('relay points from the carrier', () => {
  it('asks the carrier API for points around the coordinates, nearest first, with Basic auth', async () => {
    const found = await t.client(DeliveryPlaceService, 'vendor').findPlacesFromProviders({
      deliveryService: MONDIAL_RELAY,
      latitude: 48.8606,
      longitude: 2.3376,
    });
    expect(found.count).toBeGreaterThanOrEqual(3);
    expect(found.results[0]!.name).toBe('Librairie Saint-Honoré');
    const distances = found.results.map((r) => r.distance);
    expect(distances).toEqual([...distances].sort((a, b) => a - b));
    expect(distances[0]).toBeGreaterThan(0);
    expect(distances.at(-1)).toBeLessThanOrEqual(5000);
    expect(found.results[0]!.address).toBe('145 Rue Saint-Honoré');
    expect(found.results.map((r) => r.name)).toContain('Tabac Presse Rivoli');
    const request = sandbox.requests.at(-1)!;
    expect(request.path).toMatch(/^\/servicepoints\/api\/v2\/service-points\?/);
    const query = new URL(request.path, 'http://x').searchParams;
    expect(query.get('carrier')).toBe('mondial_relay');
    expect(query.get('country')).toBe('FR');
    expect(Number(query.get('latitude'))).toBeCloseTo(48.8606);
    expect(request.headers.authorization).toBe(
      `Basic ${Buffer.from(`${PUBLIC_KEY}:${SECRET_KEY}`).toString('base64')}`,
    );
  });

  it('searches around a postal code, and finds nothing far from any point', async () => {
    const lyon = await t.client(DeliveryPlaceService, 'vendor').findPlacesFromProviders({
      deliveryService: 3,
      postalCode: '69002',
    });
    expect(lyon.results.map((r) => r.city)).toContain('Lyon');
    const nowhere = await t.client(DeliveryPlaceService, 'vendor').findPlacesFromProviders({
      deliveryService: MONDIAL_RELAY,
      latitude: 46.0,
      longitude: 2.0,
    });
    expect(nowhere.count).toBe(0);
  });

  it('refuses an unknown carrier, and says clearly when the carrier is slow or failing', async () => {
    const places = t.client(DeliveryPlaceService, 'vendor');
    expect(
      await refusalOf(places.findPlacesFromProviders({ deliveryService: 99, postalCode: '75001' })),
    ).toEqual({ code: Code.InvalidArgument, reason: 'UNKNOWN_DELIVERY_SERVICE' });
    sandbox.delayNext(1, 3_000);
    const started = Date.now();
    expect(
      await refusalOf(
        places.findPlacesFromProviders({ deliveryService: MONDIAL_RELAY, postalCode: '75001' }),
      ),
    ).toEqual({ code: Code.Unavailable, reason: 'CARRIER_UNAVAILABLE' });
    expect(Date.now() - started).toBeLessThan(2_900);
    sandbox.failNext(1, 503);
    expect(
      await refusalOf(
        places.findPlacesFromProviders({ deliveryService: MONDIAL_RELAY, postalCode: '75001' }),
      ),
    ).toEqual({ code: Code.Unavailable, reason: 'CARRIER_UNAVAILABLE' });
  });
});

describe('delivery places', () => {
  it('a vendor creates, edits, reorders, favours and lists only their own places', async () => {
    const places = t.client(DeliveryPlaceService, 'company');
    const created = await place('company', 'Relais Bellecour');
    expect(created.vendor).toBe((await t.me('company')).vendorUuid);
    const second = await place('company', 'Relais Mercière');
    const edited = await places.partialUpdate({
      deliveryPlace: { uuid: second.uuid, order: 0, rowVersion: second.rowVersion },
      updateMask: { paths: ['order'] },
    });
    expect(edited.order).toBe(0);
    const list = await places.list({ ordering: 'order' });
    expect(list.results.map((p) => p.deliveryPlaceName)).toEqual([
      'Relais Mercière',
      'Relais Bellecour',
    ]);
    // Another vendor neither sees nor changes them.
    const theirs = await t.client(DeliveryPlaceService, 'vendor').list({});
    expect(theirs.results.map((p) => p.uuid)).not.toContain(created.uuid);
    expect(
      await refusalOf(t.client(DeliveryPlaceService, 'vendor').retrieve({ uuid: created.uuid })),
    ).toMatchObject({ reason: expect.stringMatching(/FORBIDDEN|NOT_FOUND/) });
    expect(
      await refusalOf(t.client(DeliveryPlaceService, 'vendor').destroy({ uuid: created.uuid })),
    ).toMatchObject({ reason: expect.stringMatching(/FORBIDDEN|NOT_FOUND/) });
    // A place named for another vendor is refused.
    expect(
      await refusalOf(
        t.client(DeliveryPlaceService, 'vendor').create({
          deliveryPlace: {
            deliveryService: MONDIAL_RELAY,
            deliveryServiceId: RIVOLI_POINT,
            deliveryPlaceName: 'Pas à moi',
            vendor: (await t.me('company')).vendorUuid,
          },
        }),
      ),
    ).toMatchObject({ code: Code.PermissionDenied });
    await places.destroy({ uuid: created.uuid });
    expect((await places.list({})).results.map((p) => p.uuid)).toEqual([second.uuid]);
  });

  it('keeps the last active place while a parcel is on its way', async () => {
    const only = await place('trial', 'Seul relais');
    await sql`update vendor set subscription = (select subscription from vendor v2
      join subscription s on s.uuid = v2.subscription where s.status = 'ACTIVE' limit 1)
      where uuid = ${(await t.me('trial')).vendorUuid}`.execute(db());
    const trialVendor = (await t.me('trial')).vendorUuid;
    await sql`insert into shipping_label (vendor, delivery_place, delivery_status, carrier_parcel_id)
      values (${trialVendor}, ${only.uuid}, 'SHIPPED', ${`manual-${++counter}`})`.execute(db());
    const places = t.client(DeliveryPlaceService, 'trial');
    expect(await refusalOf(places.destroy({ uuid: only.uuid }))).toEqual({
      code: Code.FailedPrecondition,
      reason: 'LAST_DELIVERY_PLACE',
    });
    expect(
      await refusalOf(
        places.partialUpdate({
          deliveryPlace: { uuid: only.uuid, isActive: false },
          updateMask: { paths: ['is_active'] },
        }),
      ),
    ).toEqual({ code: Code.FailedPrecondition, reason: 'LAST_DELIVERY_PLACE' });
    // With a second active place, the first may go; labels still name it, so it is switched off.
    await place('trial', 'Autre relais');
    await places.destroy({ uuid: only.uuid });
    expect((await places.retrieve({ uuid: only.uuid })).isActive).toBe(false);
  });
});

describe('free labels', () => {
  it('needs an active delivery place first', async () => {
    const product = await soldProduct('vendor');
    expect(
      await refusalOf(
        t.client(ShippingLabelService, 'vendor').createFreeLabel(order(product, 'no-place')),
      ),
    ).toEqual({ code: Code.FailedPrecondition, reason: 'NO_DELIVERY_PLACE' });
  });

  it('makes a label through the carrier with the documented body, counted on the allowance', async () => {
    await place('vendor');
    const labels = t.client(ShippingLabelService, 'vendor');
    const before = await labels.checkIfNextLabelIsFree({});
    expect(before).toMatchObject({
      isFree: true,
      freeRemaining: SANDBOX_SHIPPING.freeLabelsPerMonth.PRO,
    });
    const product = await soldProduct('vendor');
    const label = await labels.createFreeLabel(order(product, 'first-label'));
    expect(label.deliveryStatus).toBe(ShippingStatus.CREATED);
    expect(label.trackingNumber).toMatch(/^MO\d{12}$/);
    expect(label.shippedObjectUuid).toBe(product);
    expect(label.originalLabel).toBe('Ready to send');
    const sent = parcelRequests().at(-1)!;
    expect(sent.headers['content-type']).toBe('application/json');
    expect(sent.body).toMatchObject({
      parcel: {
        name: 'Camille Martin',
        email: 'camille@example.test',
        country: 'FR',
        to_service_point: 10002,
        weight: '0.800',
        request_label: true,
        shipment: { id: SANDBOX_SHIPPING.methods.mondial_relay },
        order_number: label.uuid,
        postal_code: '75001',
        city: 'Paris',
      },
    });
    expect((await labels.checkIfNextLabelIsFree({})).freeRemaining).toBe(before.freeRemaining - 1);
  });

  it('a retried request with the same key makes one label', async () => {
    const labels = t.client(ShippingLabelService, 'vendor');
    const product = await soldProduct('vendor');
    const parcelsBefore = parcelRequests().length;
    const [a, b] = await Promise.all([
      labels.createFreeLabel(order(product, 'retried-key')),
      labels.createFreeLabel(order(product, 'retried-key')),
    ]);
    const c = await labels.createFreeLabel(order(product, 'retried-key'));
    expect(new Set([a.uuid, b.uuid, c.uuid]).size).toBe(1);
    expect(parcelRequests().length - parcelsBefore).toBe(1);
    const { n } = (
      await sql<{ n: number }>`select count(*)::int as n from shipping_label
        where idempotency_key = 'retried-key'`.execute(db())
    ).rows[0]!;
    expect(n).toBe(1);
  });

  it('a carrier failure, refusal or time-out leaves no label and says why', async () => {
    const labels = t.client(ShippingLabelService, 'vendor');
    const product = await soldProduct('vendor');
    const count = async () =>
      (
        await sql<{ n: number }>`select count(*)::int as n from shipping_label
          where shipped_object_uuid = ${product}`.execute(db())
      ).rows[0]!.n;
    sandbox.failNext(1, 500, '/panel/api/v2/parcels');
    expect(await refusalOf(labels.createFreeLabel(order(product, 'fails-500')))).toEqual({
      code: Code.Unavailable,
      reason: 'CARRIER_UNAVAILABLE',
    });
    sandbox.delayNext(1, 3_000, '/panel/api/v2/parcels');
    expect(await refusalOf(labels.createFreeLabel(order(product, 'times-out')))).toEqual({
      code: Code.Unavailable,
      reason: 'CARRIER_UNAVAILABLE',
    });
    expect(
      await refusalOf(labels.createFreeLabel(order(product, 'heavy', { weight: 45 }))),
    ).toEqual({ code: Code.FailedPrecondition, reason: 'CARRIER_REFUSED' });
    expect(
      await refusalOf(
        labels.createFreeLabel(order(product, 'wrong-point', { recipientServicePointId: '20001' })),
      ),
    ).toEqual({ code: Code.FailedPrecondition, reason: 'CARRIER_REFUSED' });
    expect(await count()).toBe(0);
    // The same key once the carrier answers again: one label.
    await expect(labels.createFreeLabel(order(product, 'fails-500'))).resolves.toMatchObject({
      deliveryStatus: ShippingStatus.CREATED,
    });
    expect(await count()).toBe(1);
  });

  it('refuses a second label for an item that has one, until that one is cancelled', async () => {
    const labels = t.client(ShippingLabelService, 'vendor');
    const product = await soldProduct('vendor');
    const first = await labels.createFreeLabel(order(product, 'only-one'));
    const parcelsBefore = parcelRequests().length;
    expect(await refusalOf(labels.createFreeLabel(order(product, 'second-one')))).toEqual({
      code: Code.FailedPrecondition,
      reason: 'LABEL_ALREADY_MADE',
    });
    expect(parcelRequests().length).toBe(parcelsBefore);
    // The item's labels are listed by its uuid.
    const listed = await labels.list(
      {},
      { headers: { filters: encodeURIComponent(JSON.stringify({ shippedObjectUuid: product })) } },
    );
    expect(listed.results.map((l) => l.uuid)).toEqual([first.uuid]);
    await labels.cancel({ uuid: first.uuid });
    const again = await labels.createFreeLabel(order(product, 'second-one'));
    expect(again.uuid).not.toBe(first.uuid);
    expect(again.deliveryStatus).toBe(ShippingStatus.CREATED);
  });

  it('refuses a product not sold, or not the vendor’s, and stops at the allowance', async () => {
    const labels = t.client(ShippingLabelService, 'vendor');
    const unsold = await soldProduct('vendor', 'ONLINE');
    expect(await refusalOf(labels.createFreeLabel(order(unsold, 'unsold')))).toEqual({
      code: Code.FailedPrecondition,
      reason: 'PRODUCT_NOT_SOLD',
    });
    const theirs = await soldProduct('company');
    expect(await refusalOf(labels.createFreeLabel(order(theirs, 'theirs')))).toMatchObject({
      reason: expect.stringMatching(/FORBIDDEN|NOT_FOUND/),
    });
    const { freeRemaining } = await labels.checkIfNextLabelIsFree({});
    for (let i = 0; i < freeRemaining; i++)
      await labels.createFreeLabel(order(await soldProduct('vendor'), `fill-${i}`));
    expect(await labels.checkIfNextLabelIsFree({})).toEqual(
      expect.objectContaining({ isFree: false, freeRemaining: 0 }),
    );
    expect(
      await refusalOf(labels.createFreeLabel(order(await soldProduct('vendor'), 'over'))),
    ).toEqual({ code: Code.FailedPrecondition, reason: 'NO_FREE_LABEL_LEFT' });
  });
});

describe('a label after it is made', () => {
  it('downloads as a 10×15 or A4 PDF, is cancelled before it leaves, never seen by another vendor', async () => {
    const labels = t.client(ShippingLabelService, 'vendor');
    await sql`delete from shipping_label where vendor = ${(await t.me('vendor')).vendorUuid}
      and idempotency_key like 'fill-%'`.execute(db());
    const label = await labels.createFreeLabel(order(await soldProduct('vendor'), 'to-print'));
    const small = await labels.download({ uuid: label.uuid });
    expect(small.contentType).toBe('application/pdf');
    expect(Buffer.from(small.file).subarray(0, 5).toString()).toBe('%PDF-');
    const text = pdfText(small.file);
    expect(text).toContain(label.trackingNumber);
    expect(text).toContain('Camille Martin');
    expect(text).toContain('Librairie Saint-Honoré');
    const a4 = await labels.download({ uuid: label.uuid, format: LabelFormat.A4 });
    expect(a4.fileName).toMatch(/-a4\.pdf$/);
    expect(execFileSync('pdfinfo', ['-'], { input: Buffer.from(a4.file) }).toString()).toMatch(
      /Page size:\s+595\.\d+ x 841\.\d+/,
    );

    // Another vendor: not in their list, not retrievable, not downloadable, not cancellable.
    const other = t.client(ShippingLabelService, 'company');
    expect((await other.list({})).results.map((l) => l.uuid)).not.toContain(label.uuid);
    for (const call of [
      () => other.retrieve({ uuid: label.uuid }),
      () => other.download({ uuid: label.uuid }),
      () => other.cancel({ uuid: label.uuid }),
    ])
      expect(await refusalOf(call())).toMatchObject({
        reason: expect.stringMatching(/FORBIDDEN|NOT_FOUND/),
      });
    expect(
      await refusalOf(other.checkIfNextLabelIsFree({ vendor: (await t.me('vendor')).vendorUuid })),
    ).toMatchObject({
      code: Code.PermissionDenied,
    });

    const cancelled = await labels.cancel({ uuid: label.uuid });
    expect(cancelled.deliveryStatus).toBe(ShippingStatus.CANCELED);
    expect(cancelled.cancelDatetime).toBeDefined();
    expect(sandbox.requests.at(-1)!.path).toBe(
      `/panel/api/v2/parcels/${label.parcelNumber}/cancel`,
    );
    expect(await refusalOf(labels.download({ uuid: label.uuid }))).toEqual({
      code: Code.FailedPrecondition,
      reason: 'LABEL_CANCELED',
    });
  });

  it('follows the carrier’s signed webhooks, refuses unsigned ones, and cannot cancel a parcel that left', async () => {
    const labels = t.client(ShippingLabelService, 'vendor');
    const label = await labels.createFreeLabel(order(await soldProduct('vendor'), 'tracked'));
    const parcel = Number(label.parcelNumber);

    expect(await sandbox.advance(parcel, PARCEL_STATUSES.EN_ROUTE)).toBe(200);
    expect((await labels.retrieve({ uuid: label.uuid })).deliveryStatus).toBe(
      ShippingStatus.SHIPPED,
    );
    expect(await refusalOf(labels.cancel({ uuid: label.uuid }))).toEqual({
      code: Code.FailedPrecondition,
      reason: 'LABEL_ALREADY_SHIPPED',
    });

    // A forged event (wrong signature, or none) changes nothing.
    const forged = JSON.stringify({
      action: 'parcel_status_changed',
      timestamp: Date.now() + 60_000,
      parcel: { id: parcel, status: PARCEL_STATUSES.CANCELLED },
    });
    for (const signature of [sandbox.sign(`${forged} `), undefined]) {
      const response = await fetch(`${serverUrl}${SHIPPING_WEBHOOK_PATH}`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          ...(signature && { 'sendcloud-signature': signature }),
        },
        body: forged,
      });
      expect(response.status).toBe(403);
    }
    expect((await labels.retrieve({ uuid: label.uuid })).deliveryStatus).toBe(
      ShippingStatus.SHIPPED,
    );

    expect(await sandbox.advance(parcel, PARCEL_STATUSES.DELIVERED)).toBe(200);
    const delivered = await labels.retrieve({ uuid: label.uuid });
    expect(delivered.deliveryStatus).toBe(ShippingStatus.DELIVERED);
    expect(delivered.originalCode).toBe('11');
    expect(delivered.deliveryStatusDatetime).toBeDefined();

    // An older event arriving late does not move it back.
    const late = JSON.stringify({
      action: 'parcel_status_changed',
      timestamp: Date.now() - 3_600_000,
      parcel: { id: parcel, status: PARCEL_STATUSES.EN_ROUTE },
    });
    const response = await fetch(`${serverUrl}${SHIPPING_WEBHOOK_PATH}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'sendcloud-signature': sandbox.sign(late) },
      body: late,
    });
    expect(await response.json()).toEqual({ received: true, updated: 0 });
    expect((await labels.retrieve({ uuid: label.uuid })).deliveryStatus).toBe(
      ShippingStatus.DELIVERED,
    );

    // Each status applied is a line of the product's timeline, oldest first; ignored ones none.
    const timeline = await t.client(ProductListingService, 'vendor').listEvents({
      product: label.shippedObjectUuid,
    });
    expect(
      timeline.results
        .filter((e) => e.kind === ProductEventKind.SHIPPING)
        .map((e) => [e.detail, timestampDate(e.occurredAt!).getTime()]),
    ).toEqual([
      ['CREATED', timestampDate(label.deliveryStatusDatetime!).getTime()],
      ['SHIPPED', expect.any(Number)],
      ['DELIVERED', timestampDate(delivered.deliveryStatusDatetime!).getTime()],
    ]);
  });
});
