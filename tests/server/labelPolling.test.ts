import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createCarrierClient,
  type CarrierClient,
} from '../../server/services/shipping/carrierClient.ts';
import { pollLabelsOnce } from '../../server/services/shipping/labelPolling.ts';
import { PARCEL_STATUSES, type SendcloudSandbox } from '../../server/sandbox/sendcloudSandbox.ts';
import { ShippingLabelService } from '../../src/rpc/gen/seconde/v1/shipping_label_pb.ts';
import {
  addSendingPlace,
  startCarrierSandbox,
  type CarrierSandbox,
} from '../helpers/carrierSandbox.ts';
import { startTestServer, type TestServer } from '../helpers/testServer.ts';

let t: TestServer;
let carrier: CarrierSandbox;
let sandbox: SendcloudSandbox;
let client: CarrierClient;
let counter = 0;

beforeAll(async () => {
  carrier = await startCarrierSandbox('polling_suite', () => t.server.url);
  sandbox = carrier.sandbox;
  // The rounds are driven by the test, not by the server's timer.
  const settings = { ...carrier.settings, pollMinutes: 0 };
  t = await startTestServer({ demoProducts: 0, shipping: settings }, ['vendor']);
  client = createCarrierClient({
    publicKey: carrier.publicKey,
    secretKey: carrier.secretKey,
    apiUrl: `${carrier.double.base}/panel/api/v2`,
    servicePointsUrl: `${carrier.double.base}/servicepoints/api/v2`,
    methods: settings.methods,
    timeoutMs: settings.timeoutMs,
  });
  await addSendingPlace(t);
});

afterAll(async () => {
  await t?.close();
  await carrier?.double.close();
});

const db = () => t.server.db;

/** A sold product of vendor@ with a free label; answers the product and its parcel id. */
async function labelledProduct(): Promise<{ product: string; parcel: number; label: string }> {
  const vendor = (await t.me('vendor')).vendorUuid;
  const n = ++counter;
  const deposit = (
    await sql<{ uuid: string }>`insert into deposit (vendor, name)
      values (${vendor}, ${`Suivi ${n}`}) returning uuid`.execute(db())
  ).rows[0]!.uuid;
  const product = (
    await sql<{ uuid: string }>`insert into product (deposit, name, sale_status)
      values (${deposit}, ${`Manteau ${n}`}, 'SELL') returning uuid`.execute(db())
  ).rows[0]!.uuid;
  const label = await t.client(ShippingLabelService, 'vendor').createFreeLabel({
    order: {
      shippedContentType: 'product',
      shippedObjectUuid: product,
      idempotencyKey: `poll-${product}`,
      recipientServicePointId: '10002',
      recipientName: 'Camille Martin',
    },
  });
  const parcel = Number(
    (
      await sql<{ parcel: string }>`select carrier_parcel_id as parcel from shipping_label
        where uuid = ${label.uuid}`.execute(db())
    ).rows[0]!.parcel,
  );
  return { product, parcel, label: label.uuid };
}

/** Moves the sandbox's parcel without any webhook, as if only the carrier knew. */
function carrierMoves(parcel: number, status: { id: number; message: string }, at = new Date()) {
  const p = sandbox.parcels.get(parcel)!;
  p.status = status;
  p.updatedAt = at;
}

async function statusOf(label: string): Promise<string> {
  return (
    await sql<{ status: string }>`select delivery_status::text as status from shipping_label
      where uuid = ${label}`.execute(db())
  ).rows[0]!.status;
}

async function timeline(product: string): Promise<string[]> {
  const { rows } = await sql<{ detail: string }>`select detail from product_event
    where product = ${product} and kind = 'SHIPPING' order by occurred_at, detail`.execute(db());
  return rows.map((r) => r.detail);
}

describe('tracking by polling the carrier', () => {
  it('applies the statuses the carrier holds, as the webhook would, once each', async () => {
    const moving = await labelledProduct();
    const delivered = await labelledProduct();
    const waiting = await labelledProduct();
    carrierMoves(moving.parcel, PARCEL_STATUSES.EN_ROUTE);
    carrierMoves(delivered.parcel, PARCEL_STATUSES.DELIVERED);

    const before = sandbox.requests.length;
    const round = await pollLabelsOnce(db(), client, () => new Date());
    expect(round.failed).toBe(0);
    expect(round.updated).toBe(2);
    expect(await statusOf(moving.label)).toBe('SHIPPED');
    expect(await statusOf(delivered.label)).toBe('DELIVERED');
    expect(await statusOf(waiting.label)).toBe('CREATED');
    expect(await timeline(moving.product)).toEqual(['CREATED', 'SHIPPED']);
    expect(await timeline(delivered.product)).toEqual(['CREATED', 'DELIVERED']);
    // Each open parcel was asked for by its id, with the integration's keys.
    const asked = sandbox.requests
      .slice(before)
      .filter((r) => r.method === 'GET' && /^\/panel\/api\/v2\/parcels\/\d+$/.test(r.path));
    for (const { parcel } of [moving, delivered, waiting])
      expect(asked.map((r) => r.path)).toContain(`/panel/api/v2/parcels/${parcel}`);
    expect(asked[0]!.headers.authorization).toMatch(/^Basic /);

    // Nothing moved since: the next round writes nothing, the delivered parcel is no longer asked.
    const again = sandbox.requests.length;
    expect(await pollLabelsOnce(db(), client, () => new Date())).toMatchObject({ updated: 0 });
    expect(await timeline(moving.product)).toEqual(['CREATED', 'SHIPPED']);
    expect(
      sandbox.requests.slice(again).some((r) => r.path.endsWith(`/parcels/${delivered.parcel}`)),
    ).toBe(false);
  });

  it('never lets an older carrier status overwrite a newer one', async () => {
    const item = await labelledProduct();
    // The webhook told a status an hour from now; the carrier's record is older than that.
    await sql`update shipping_label set delivery_status = 'BLOCKED',
      delivery_status_datetime = ${new Date(Date.now() + 3_600_000)}, original_code = '8'
      where uuid = ${item.label}`.execute(db());
    carrierMoves(item.parcel, PARCEL_STATUSES.AWAITING_PICKUP);
    await pollLabelsOnce(db(), client, () => new Date());
    expect(await statusOf(item.label)).toBe('BLOCKED');
  });

  it('goes on with the other parcels when the carrier fails for one', async () => {
    const first = await labelledProduct();
    const second = await labelledProduct();
    // Earlier parcels are over: this round asks about these two only.
    await sql`update shipping_label set delivery_status = 'DELIVERED'
      where uuid not in (${first.label}, ${second.label})`.execute(db());
    carrierMoves(first.parcel, PARCEL_STATUSES.EN_ROUTE);
    carrierMoves(second.parcel, PARCEL_STATUSES.EN_ROUTE);
    sandbox.failNext(1, 503, '/panel/api/v2/parcels/');
    const round = await pollLabelsOnce(db(), client, () => new Date());
    expect(round.failed).toBe(1);
    const statuses = [await statusOf(first.label), await statusOf(second.label)];
    expect(statuses.sort()).toEqual(['CREATED', 'SHIPPED']);
    // Asked again next round.
    await pollLabelsOnce(db(), client, () => new Date());
    expect([await statusOf(first.label), await statusOf(second.label)]).toEqual([
      'SHIPPED',
      'SHIPPED',
    ]);
  });
});
