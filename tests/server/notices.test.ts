import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { DepositService, DepositStatus } from '../../src/rpc/gen/seconde/v1/deposit_pb.ts';
import { ProductFamily } from '../../src/rpc/gen/seconde/v1/category_pb.ts';
import { StorefrontService } from '../../src/rpc/gen/seconde/v1/listing_pb.ts';
import {
  NoticeKind,
  NotificationService,
  type Notice,
} from '../../src/rpc/gen/seconde/v1/notification_pb.ts';
import { PayoutMethod, PayoutService } from '../../src/rpc/gen/seconde/v1/payout_pb.ts';
import { ProductService, SaleStatus } from '../../src/rpc/gen/seconde/v1/product_pb.ts';
import { toCents } from '../../src/domain/ledger/ledger.ts';
import { depositWalkedTo } from '../helpers/depositWalk.ts';
import { listOnStorefront } from '../helpers/storefrontListing.ts';
import { startTestServer, type DemoUser, type TestServer } from '../helpers/testServer.ts';

let t: TestServer;
let vendorUuid: string;
let customerUuid: string;
let slug: string;
let counter = 0;
const db = () => t.server.db;

const BUYER = {
  firstName: 'Zoé',
  lastName: 'Acheteuse',
  email: 'zoe.acheteuse@example.fr',
  phone: '06 98 76 54 32',
  message: '',
};

beforeAll(async () => {
  t = await startTestServer({ demoProducts: 0 }, [
    'vendor',
    'company',
    'trial',
    'customer',
    'admin',
  ]);
  ({ vendorUuid, customerUuid } = await t.demoRecords());
  slug = (await t.client(StorefrontService, 'vendor').getShop({})).slug;
}, 120_000);

afterAll(async () => {
  await t?.close();
});

/** A notice stream held open as `who`, collecting what it receives until closed. */
function openStream(who: DemoUser, request: { afterSeq?: bigint; fromNow?: boolean }) {
  const controller = new AbortController();
  const notices: Notice[] = [];
  let opened!: () => void;
  const open = new Promise<void>((resolve) => (opened = resolve));
  let lastSeq = -1n;
  const done = (async () => {
    try {
      for await (const message of t
        .client(NotificationService, who)
        .stream(request, { signal: controller.signal })) {
        notices.push(...message.notices);
        lastSeq = message.lastSeq;
        opened();
      }
    } catch {
      // Closed by the test.
    }
  })();
  return {
    notices,
    open,
    get lastSeq() {
      return lastSeq;
    },
    async until(count: number, timeout = 10_000) {
      const end = Date.now() + timeout;
      while (notices.length < count && Date.now() < end)
        await new Promise((r) => setTimeout(r, 50));
      return notices;
    },
    async close() {
      controller.abort();
      await done;
    },
  };
}

/** An item of customer@'s deposit at vendor@, online and on the vendor's shop. */
async function depositorsItem(price = 40) {
  const n = ++counter;
  const deposit = await depositWalkedTo(t, DepositStatus.INLINE, {
    name: `Dépôt avis ${n} ${Date.now()}`,
    vendor: vendorUuid,
    customer: customerUuid,
  });
  const product = await t.client(ProductService, 'admin').create({
    product: {
      deposit: deposit.uuid,
      name: `Manteau avis ${n}`,
      suggestedPrice: price,
      saleStatus: SaleStatus.ONLINE,
    },
  });
  await listOnStorefront(db(), t.server.url, { uuid: product.uuid, vendor: vendorUuid });
  return product;
}

/** A buyer reserves the item on the shop, then vendor@ confirms the sale. */
async function sellThroughShop(product: string, soldPrice: number) {
  const response = await fetch(`${t.server.url}/shop/${slug}/${product}`, {
    method: 'POST',
    body: new URLSearchParams(BUYER),
    redirect: 'manual',
  });
  expect(response.status).toBe(303);
  const { rows } = await sql<{ uuid: string }>`
    select uuid from storefront_reservation where product = ${product}
    and status = 'PENDING'`.execute(db());
  await t
    .client(StorefrontService, 'vendor')
    .confirmReservation({ uuid: rows[0]!.uuid, soldPrice });
}

async function setCustomer(contact: string, language: string) {
  await sql`update customer set prefered_contact_way = ${contact}::contact_way,
    language = ${language} where uuid = ${customerUuid}`.execute(db());
}

async function mailsAbout(text: string) {
  const { rows } = await sql<{ recipient: string; subject: string; body: string }>`
    select recipient, subject, body from outbox_mail where body like ${`%${text}%`}
    order by created_at`.execute(db());
  return rows;
}

describe('live notices', () => {
  it('tells the depositor and the vendor of a sale, live, with nothing of the buyer; mails the depositor in their language', async () => {
    await setCustomer('EMAIL', 'en');
    const item = await depositorsItem();
    const depositor = openStream('customer', { fromNow: true });
    const vendor = openStream('vendor', { fromNow: true });
    const other = openStream('trial', { fromNow: true });
    await Promise.all([depositor.open, vendor.open, other.open]);

    await sellThroughShop(item.uuid, 35);

    const [reserved, sold] = await vendor.until(2);
    expect(reserved).toMatchObject({ kind: NoticeKind.ITEM_RESERVED, product: item.uuid });
    expect(sold).toMatchObject({
      kind: NoticeKind.ITEM_SOLD,
      product: item.uuid,
      itemName: item.name,
      amountCents: 3500n,
    });
    expect(sold!.seq).toBe(reserved!.seq + 1n);

    const [told] = await depositor.until(1);
    const { rows: shares } = await sql<{ customer_income: number }>`
      select customer_income from product where uuid = ${item.uuid}`.execute(db());
    expect(told).toMatchObject({
      kind: NoticeKind.ITEM_SOLD,
      product: item.uuid,
      itemName: item.name,
      amountCents: BigInt(toCents(shares[0]!.customer_income)),
    });
    expect(told!.amountCents).toBeLessThan(3500n);
    // The depositor's notice, as stored and as sent, never names the buyer.
    const { rows: stored } = await sql<{ payload: unknown }>`
      select n.payload from notice n join customer c on c.identity_user_uuid = n.recipient
      where c.uuid = ${customerUuid}`.execute(db());
    for (const text of [
      JSON.stringify(stored),
      JSON.stringify(told, (_, v: unknown) => (typeof v === 'bigint' ? String(v) : v)),
    ])
      for (const secret of [BUYER.lastName, BUYER.email, BUYER.phone, 'Zoé'])
        expect(text).not.toContain(secret);

    const mails = await mailsAbout(item.name);
    const depositorMail = mails.find((m) => m.subject.includes('has sold'));
    expect(depositorMail).toBeDefined();
    expect(depositorMail!.subject).toBe(`Your item “${item.name}” has sold`);
    expect(depositorMail!.body).toContain('Your share is €');
    expect(depositorMail!.body).not.toContain(BUYER.lastName);

    await new Promise((r) => setTimeout(r, 300));
    expect(other.notices).toEqual([]);
    await Promise.all([depositor.close(), vendor.close(), other.close()]);
  }, 60_000);

  it('resumes after a cut stream from the last seq seen: nothing lost, nothing twice', async () => {
    await setCustomer('PHONE_CALL', 'fr');
    const first = openStream('customer', { fromNow: true });
    await first.open;
    const start = first.lastSeq;
    const a = await depositorsItem(20);
    await sellThroughShop(a.uuid, 20);
    const [seen] = await first.until(1);
    expect(seen!.seq).toBe(start + 1n);
    await first.close();

    // While no tab listens, two more sales.
    const b = await depositorsItem(30);
    const c = await depositorsItem(50);
    await sellThroughShop(b.uuid, 30);
    await sellThroughShop(c.uuid, 50);

    const resumed = openStream('customer', { afterSeq: seen!.seq });
    const [nb, nc] = await resumed.until(2);
    await new Promise((r) => setTimeout(r, 300));
    expect(resumed.notices.map((n) => n.product)).toEqual([b.uuid, c.uuid]);
    expect([nb!.seq, nc!.seq]).toEqual([seen!.seq + 1n, seen!.seq + 2n]);
    await resumed.close();

    // A phone preference: the in-app notice only, no mail.
    expect((await mailsAbout(b.name)).filter((m) => !m.subject.includes('réservé'))).toEqual([]);
  }, 90_000);

  it('tells the depositor of a payout, and mails them in French when they prefer e-mail', async () => {
    await setCustomer('EMAIL', 'fr');
    const item = await depositorsItem(60);
    await sellThroughShop(item.uuid, 60);
    const current = await t.client(ProductService, 'admin').retrieve({ uuid: item.uuid });
    await t.client(ProductService, 'vendor').partialUpdate({
      product: { uuid: item.uuid, rowVersion: current.rowVersion, saleStatus: SaleStatus.PAYED },
      updateMask: { paths: ['sale_status'] },
    });
    const stream = openStream('customer', { fromNow: true });
    await stream.open;
    const payout = await t.client(PayoutService, 'vendor').settle({
      customer: customerUuid,
      method: PayoutMethod.CHEQUE,
      chequeNumber: '0012345',
      idempotencyKey: `notices-${Date.now()}`,
    });
    const [notice] = await stream.until(1);
    expect(notice).toMatchObject({
      kind: NoticeKind.PAYOUT_SENT,
      amountCents: payout.amountCents,
      payoutMethod: PayoutMethod.CHEQUE,
      receiptNumber: payout.receiptNumber,
    });
    await stream.close();
    const mails = await mailsAbout(payout.receiptNumber);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toMatch(/^Versement de /);
    expect(mails[0]!.body).toContain('par chèque');
  }, 60_000);

  it('tells a vendor of the deposit staff gave them, and nobody else', async () => {
    const deposit = await t.client(DepositService, 'admin').create({
      deposit: {
        name: `Demande avis ${Date.now()}`,
        status: DepositStatus.WAITING_FOR_VENDOR,
        customerPostalCode: '75018',
        family: ProductFamily.WOMAN,
        customerAcceptSendPostal: false,
        isCreatedByPublicForm: true,
      },
    });
    const vendor = openStream('vendor', { fromNow: true });
    const other = openStream('company', { fromNow: true });
    await Promise.all([vendor.open, other.open]);
    await t.client(DepositService, 'admin').assign({
      uuid: deposit.uuid,
      vendorUuid,
      rowVersion: deposit.rowVersion,
    });
    const [notice] = await vendor.until(1);
    expect(notice).toMatchObject({
      kind: NoticeKind.DEPOSIT_ASSIGNED,
      deposit: deposit.uuid,
      depositName: deposit.name,
    });
    await new Promise((r) => setTimeout(r, 300));
    expect(other.notices).toEqual([]);
    await Promise.all([vendor.close(), other.close()]);
  });

  it('answers nobody else’s notices: the stream reads the caller’s identity only', async () => {
    const before = openStream('trial', { afterSeq: 0n });
    await before.open;
    await new Promise((r) => setTimeout(r, 300));
    // trial@ never had a notice, though customer@ and vendor@ had many above.
    expect(before.notices).toEqual([]);
    await before.close();
  });

  it('lists the latest notices to a tab opened later, newest first, unread until marked read, the caller’s own only', async () => {
    await setCustomer('PHONE_CALL', 'fr');
    const notices = () => t.client(NotificationService, 'customer');
    const before = await notices().list({});
    await notices().markRead({ upToSeq: before.lastSeq });
    // No tab open: a sale happens.
    const item = await depositorsItem(25);
    await sellThroughShop(item.uuid, 25);

    const fresh = await notices().list({});
    expect(fresh.lastSeq).toBe(before.lastSeq + 1n);
    expect(fresh.readSeq).toBe(before.lastSeq);
    expect(fresh.notices[0]).toMatchObject({
      seq: fresh.lastSeq,
      kind: NoticeKind.ITEM_SOLD,
      product: item.uuid,
      itemName: item.name,
    });
    const seqs = fresh.notices.map((n) => n.seq);
    expect(seqs).toEqual([...seqs].sort((a, b) => (a < b ? 1 : -1)));
    expect(fresh.notices.length).toBeLessThanOrEqual(20);
    expect((await notices().list({ limit: 1 })).notices).toHaveLength(1);

    // Marking past the latest reads up to the latest; marking lower never unreads.
    expect((await notices().markRead({ upToSeq: fresh.lastSeq + 50n })).readSeq).toBe(
      fresh.lastSeq,
    );
    expect((await notices().markRead({ upToSeq: 1n })).readSeq).toBe(fresh.lastSeq);
    expect((await notices().list({})).readSeq).toBe(fresh.lastSeq);

    // Another user lists and reads only their own: trial@ was never told anything.
    const other = await t.client(NotificationService, 'trial').list({});
    expect(other).toMatchObject({ notices: [], lastSeq: 0n, readSeq: 0n });
    expect((await t.client(NotificationService, 'trial').markRead({ upToSeq: 5n })).readSeq).toBe(
      0n,
    );
    // The vendor's list has their own notice of the same sale (the price), not the depositor's.
    const vendorList = await t.client(NotificationService, 'vendor').list({});
    const vendorSold = vendorList.notices.find(
      (n) => n.kind === NoticeKind.ITEM_SOLD && n.product === item.uuid,
    );
    expect(vendorSold?.amountCents).toBe(2500n);
    expect(fresh.notices[0]!.amountCents).toBeLessThan(2500n);
  }, 60_000);
});
