import { Code } from '@connectrpc/connect';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SendcloudSandbox } from '../../server/sandbox/sendcloudSandbox.ts';
import {
  ShippingLabelService,
  ShippingStatus,
} from '../../src/rpc/gen/seconde/v1/shipping_label_pb.ts';
import {
  addSendingPlace,
  pdfText,
  startCarrierSandbox,
  type CarrierSandbox,
} from '../helpers/carrierSandbox.ts';
import { refusalOf, startTestServer, type TestServer } from '../helpers/testServer.ts';

let t: TestServer;
let carrier: CarrierSandbox;
let sandbox: SendcloudSandbox;
let counter = 0;

beforeAll(async () => {
  carrier = await startCarrierSandbox('return_suite', () => t.server.url);
  sandbox = carrier.sandbox;
  t = await startTestServer({ demoProducts: 0, shipping: carrier.settings }, ['vendor', 'company']);
  await addSendingPlace(t);
});

afterAll(async () => {
  await t?.close();
  await carrier?.double.close();
});

const db = () => t.server.db;
const labels = () => t.client(ShippingLabelService, 'vendor');

/** A deposit of vendor@ and its depositor, written directly (the deposit's moves are another test's). */
async function deposit(
  options: { status?: string; postal?: boolean; address?: string } = {},
): Promise<string> {
  const vendor = (await t.me('vendor')).vendorUuid;
  const n = ++counter;
  const customer = (
    await sql<{ uuid: string }>`insert into customer (first_name, last_name, email, phone_number,
        address, postal_code, city, accept_send_postal)
      values ('Louise', ${`Durand${n}`}, ${`louise${n}@exemple.fr`}, '+33611223344',
        ${options.address ?? '12 rue des Tanneurs'}, '69002', 'Lyon', ${options.postal ?? true})
      returning uuid`.execute(db())
  ).rows[0]!.uuid;
  return (
    await sql<{ uuid: string }>`insert into deposit (vendor, customer, name, status)
      values (${vendor}, ${customer}, ${`Retour ${n}`}, ${options.status ?? 'INLINE'})
      returning uuid`.execute(db())
  ).rows[0]!.uuid;
}

const parcelPosts = () =>
  sandbox.requests.filter((r) => r.method === 'POST' && r.path === '/panel/api/v2/parcels');

describe('return labels of a deposit being restituted', () => {
  it('sends the parcel to the depositor’s address from the vendor’s place, once per request key', async () => {
    const uuid = await deposit();
    const before = parcelPosts().length;
    const made = await labels().createReturnLabel({ deposit: uuid, idempotencyKey: `r-${uuid}` });
    expect(made).toMatchObject({
      isReturn: true,
      shippedContentType: 'deposit',
      shippedObjectUuid: uuid,
      recipientContentType: 'customer',
      senderContentType: 'delivery_place',
      deliveryStatus: ShippingStatus.CREATED,
      deliveryService: 1,
    });
    expect(made.trackingNumber).toMatch(/^MO\d{12}$/);
    const sent = parcelPosts().at(-1)!.body as {
      parcel: Record<string, unknown> & { sender: Record<string, string> };
    };
    expect(sent.parcel).toMatchObject({
      name: `Louise Durand${counter}`,
      address: '12 rue des Tanneurs',
      postal_code: '69002',
      city: 'Lyon',
      country: 'FR',
      request_label: true,
    });
    // Sent home, not to a relay point.
    expect(sent.parcel).not.toHaveProperty('to_service_point');
    // From the vendor's place, its address as the carrier knows it.
    expect(sent.parcel.sender.name).toMatch(/ – Tabac Presse Rivoli$/);
    expect(sent.parcel.sender.postal_code).toBe('75001');

    const again = await labels().createReturnLabel({ deposit: uuid, idempotencyKey: `r-${uuid}` });
    expect(again.uuid).toBe(made.uuid);
    expect(parcelPosts().length).toBe(before + 1);
    expect(
      await refusalOf(labels().createReturnLabel({ deposit: uuid, idempotencyKey: `r2-${uuid}` })),
    ).toEqual({ code: Code.FailedPrecondition, reason: 'LABEL_ALREADY_MADE' });

    // The deposit page lists it, its PDF names the depositor.
    const listed = await labels().list({ shippedObjectUuid: uuid });
    expect(listed.results.map((l) => l.uuid)).toEqual([made.uuid]);
    const pdf = await labels().download({ uuid: made.uuid });
    const text = pdfText(pdf.file);
    expect(text).toContain(made.trackingNumber);
    expect(text).toContain(`Louise Durand${counter}`);
    expect(text).toContain('12 rue des Tanneurs');
  });

  it('refuses a deposit the vendor does not hold, a depositor who refused the post or lacks an address', async () => {
    const before = parcelPosts().length;
    const cases: [string, string][] = [
      [await deposit({ status: 'SEND' }), 'DEPOSIT_NOT_RETURNABLE'],
      [await deposit({ postal: false }), 'POSTAL_SENDING_REFUSED'],
      [await deposit({ address: '' }), 'RECIPIENT_INCOMPLETE'],
    ];
    for (const [uuid, reason] of cases)
      expect(await refusalOf(labels().createReturnLabel({ deposit: uuid }))).toEqual({
        code: Code.FailedPrecondition,
        reason,
      });
    expect(parcelPosts().length).toBe(before);
  });

  it('leaves nothing behind when the carrier fails, and another vendor cannot name the deposit', async () => {
    const uuid = await deposit();
    sandbox.failNext(1, 503, '/panel/api/v2/parcels');
    expect(await refusalOf(labels().createReturnLabel({ deposit: uuid }))).toEqual({
      code: Code.Unavailable,
      reason: 'CARRIER_UNAVAILABLE',
    });
    const rows = await sql<{ n: number }>`select count(*)::int as n from shipping_label
      where shipped_object_uuid = ${uuid}`.execute(db());
    expect(rows.rows[0]!.n).toBe(0);
    const other = await refusalOf(
      t.client(ShippingLabelService, 'company').createReturnLabel({ deposit: uuid }),
    );
    expect([Code.PermissionDenied, Code.NotFound]).toContain(other.code);
    expect((await labels().createReturnLabel({ deposit: uuid })).isReturn).toBe(true);
  });
});
