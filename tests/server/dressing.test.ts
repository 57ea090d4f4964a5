import { toJsonString } from '@bufbuild/protobuf';
import { Code } from '@connectrpc/connect';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { toCents } from '../../src/domain/ledger/ledger.ts';
import { CustomerService } from '../../src/rpc/gen/seconde/v1/customer_pb.ts';
import { DepositStatus } from '../../src/rpc/gen/seconde/v1/deposit_pb.ts';
import {
  DressingSchema,
  DressingService,
  DressingStatementKind,
  DressingStep,
  EarningSource,
  type Dressing,
} from '../../src/rpc/gen/seconde/v1/dressing_pb.ts';
import { PayoutMethod, PayoutService } from '../../src/rpc/gen/seconde/v1/payout_pb.ts';
import { ProductService, SaleStatus } from '../../src/rpc/gen/seconde/v1/product_pb.ts';
import { depositWalkedTo } from '../helpers/depositWalk.ts';
import {
  refusalOf,
  startTestServer,
  type DemoUser,
  type TestServer,
} from '../helpers/testServer.ts';

let t: TestServer;
let vendorUuid: string;
let customerUuid: string;

beforeAll(async () => {
  t = await startTestServer({ demoProducts: 60 }, ['vendor', 'company', 'admin', 'customer']);
  ({ vendorUuid, customerUuid } = await t.demoRecords());
});

afterAll(async () => {
  await t?.close();
});

const dressing = (who: DemoUser) => t.client(DressingService, who);
const products = () => t.client(ProductService, 'admin');
const forbidden = { code: Code.PermissionDenied, reason: 'FORBIDDEN' };

/** What a buyer gave: none of it may ever reach the depositor. */
const BUYER = {
  firstName: 'Bérénice',
  lastName: 'Achetrix',
  email: 'berenice.achetrix@exemple.fr',
  phone: '0698765432',
  address: '17 impasse des Acheteurs',
  city: 'Quimperlé',
  postalCode: '29300',
};

async function setSaleStatus(uuid: string, saleStatus: SaleStatus) {
  const current = await products().retrieve({ uuid });
  return products().partialUpdate({
    product: { uuid, rowVersion: current.rowVersion, saleStatus },
    updateMask: { paths: ['sale_status'] },
  });
}

interface Depositor {
  readonly uuid: string;
  readonly deposit: string;
  /** Sold, paid by the buyer, paid out, reserved on the shop, shipped to the buyer. */
  readonly shipped: string;
  readonly shippedShare: number;
  /** Online, live on the shop and on the marketplace (and withdrawn from eBay). */
  readonly online: string;
  /** Sold, not yet paid by the buyer. */
  readonly sold: string;
  readonly soldShare: number;
  /** Invoiced before the ledger: its income is only stored on the product. */
  readonly stored: string;
  readonly payout: string;
  readonly statement: string;
}

let n = 0;

/** A depositor of vendor@ with an item at every step, a payout, a statement and a buyer. */
async function depositor(): Promise<Depositor> {
  const db = t.server.db;
  const tag = `${process.pid}-${++n}`;
  const customer = await t.client(CustomerService, 'admin').create({
    customer: {
      firstName: 'Odile',
      lastName: `Dressing ${tag}`,
      email: `dressing.${tag}@exemple.fr`,
      vendors: [vendorUuid],
    },
  });
  const deposit = await depositWalkedTo(t, DepositStatus.INLINE, {
    name: `Dressing ${tag}`,
    vendor: vendorUuid,
    customer: customer.uuid,
  });
  const make = async (name: string, price: number) =>
    (
      await products().create({
        product: {
          deposit: deposit.uuid,
          name,
          suggestedPrice: price,
          saleStatus: SaleStatus.ONLINE,
        },
      })
    ).uuid;
  const shipped = await make(`Manteau ${tag}`, 60);
  const online = await make(`Robe ${tag}`, 30);
  const sold = await make(`Sac ${tag}`, 45);
  const stored = await make(`Écharpe ${tag}`, 20);

  await sql`insert into product_image (product, image, image256, "order", processing_status)
    values (${shipped}, ${`dressing/${tag}.jpg`}, ${`dressing/${tag}-256.jpg`}, 1, 'COMPLETED')`.execute(
    db,
  );
  // A reservation on the shop, with the buyer's details, then the sale and the buyer's payment.
  await sql`insert into storefront_reservation (product, vendor, status, buyer_name, buyer_email,
      buyer_phone, message, decided_at)
    values (${shipped}, ${vendorUuid}, 'CONFIRMED', ${`${BUYER.firstName} ${BUYER.lastName}`},
      ${BUYER.email}, ${BUYER.phone}, ${BUYER.address}, now())`.execute(db);
  await sql`insert into product_event (product, kind, publisher_name, occurred_at)
    values (${shipped}, 'RESERVED', 'SECONDE_STOREFRONT', now())`.execute(db);
  const paidShare = toCents((await setSaleStatus(shipped, SaleStatus.PAYED)).customerIncome);
  const soldShare = toCents((await setSaleStatus(sold, SaleStatus.SELL)).customerIncome);
  // The buyer's record linked to the sale, and the parcel addressed to them.
  const { rows: buyers } = await sql<{ uuid: string }>`
    insert into buyer (first_name, last_name, email, phone_number, address, postal_code, city)
    values (${BUYER.firstName}, ${BUYER.lastName}, ${BUYER.email}, ${BUYER.phone}, ${BUYER.address},
      ${BUYER.postalCode}, ${BUYER.city}) returning uuid`.execute(db);
  await sql`insert into product_buyer (product, buyer, buy_on)
    values (${shipped}, ${buyers[0]!.uuid}, 'WEBSITE')`.execute(db);
  await sql`insert into shipping_label (vendor, shipped_content_type, shipped_object_uuid,
      delivery_status, delivery_status_datetime, recipient_name, recipient_email, recipient_phone,
      tracking_number)
    values (${vendorUuid}, 'product', ${shipped}, 'SHIPPED', now(),
      ${`${BUYER.firstName} ${BUYER.lastName}`}, ${BUYER.email}, ${BUYER.phone}, ${`TRK${tag}`})`.execute(
    db,
  );
  await sql`insert into product_event (product, kind, detail, occurred_at)
    values (${shipped}, 'SHIPPING', 'SHIPPED', now())`.execute(db);

  const payout = await t.client(PayoutService, 'vendor').settle({
    customer: customer.uuid,
    method: PayoutMethod.CASH,
    idempotencyKey: `dressing-${tag}-${Date.now()}`,
  });
  const { rows: invoices } = await sql<{ uuid: string }>`
    insert into invoice (customer, vendor, category, full_invoice_number, total_cents, date_start,
      date_end, customer_party)
    values (${customer.uuid}, ${vendorUuid}, 'DEPOSIT_CUSTOMER', ${`RV-${tag}`}, ${paidShare},
      now() - interval '30 days', now(), ${JSON.stringify({ first_name: 'Odile' })})
    returning uuid`.execute(db);

  // Live on the shop and the marketplace; a listing withdrawn from eBay is not live.
  await sql`insert into product_listing (product, publisher_name, url, status, listed_at)
    values (${online}, 'SECONDE_STOREFRONT', ${`https://shop.exemple.fr/p/${tag}`}, 'LISTED', now()),
      (${online}, 'MAIN_MARKETPLACE', ${`https://www.vinted.fr/items/${tag}`}, 'LISTED', now()),
      (${online}, 'EBAY', ${`https://www.ebay.fr/itm/${tag}`}, 'WITHDRAWN', now())`.execute(db);
  await sql`update product_listing set withdrawn_at = now()
    where product = ${online} and publisher_name = 'EBAY'`.execute(db);

  // Invoiced before the ledger existed: no entry, only the stored income.
  await sql`update product set sale_status = 'FACTURED', selled_price = 20, customer_income = 11.5,
      sell_datetime = now() where uuid = ${stored}`.execute(db);

  return {
    uuid: customer.uuid,
    deposit: deposit.uuid,
    shipped,
    shippedShare: paidShare,
    online,
    sold,
    soldShare,
    stored,
    payout: payout.uuid,
    statement: invoices[0]!.uuid,
  };
}

const itemOf = (d: Dressing, uuid: string) => {
  const item = d.items.find((i) => i.uuid === uuid);
  if (!item) throw new Error(`item ${uuid} missing`);
  return item;
};
const steps = (d: Dressing, uuid: string) => itemOf(d, uuid).timeline.map((e) => e.step);

describe('the depositor’s dressing', () => {
  let d: Depositor;
  beforeAll(async () => {
    d = await depositor();
  }, 60_000);

  it('gives each item its live channels, its timeline and its earning', async () => {
    const answer = await dressing('vendor').getDressing({ customer: d.uuid });
    expect(answer.customer).toBe(d.uuid);
    expect(answer.itemCount).toBe(4);
    expect(answer.items.map((i) => i.uuid).sort()).toEqual(
      [d.shipped, d.online, d.sold, d.stored].sort(),
    );

    const online = itemOf(answer, d.online);
    expect(online.saleStatus).toBe(SaleStatus.ONLINE);
    expect(online.priceCents).toBe(3000n);
    expect(online.channels.map((c) => [c.publisherName, c.url]).sort()).toEqual([
      ['MAIN_MARKETPLACE', expect.stringMatching(/^https:\/\/www\.vinted\.fr\/items\//)],
      ['SECONDE_STOREFRONT', expect.stringMatching(/^https:\/\/shop\.exemple\.fr\/p\//)],
    ]);
    expect(steps(answer, d.online)).toEqual([DressingStep.RECEIVED, DressingStep.ONLINE]);
    expect(online.earningCents).toBe(0n);
    expect(online.earningSource).toBe(EarningSource.NONE);

    const shipped = itemOf(answer, d.shipped);
    expect(shipped.channels).toEqual([]);
    expect(shipped.photoUrl).toMatch(/-256\.jpg$/);
    expect(steps(answer, d.shipped)).toEqual([
      DressingStep.RECEIVED,
      DressingStep.PHOTOGRAPHED,
      DressingStep.RESERVED,
      DressingStep.SOLD,
      DressingStep.SHIPPED,
      DressingStep.PAID_OUT,
    ]);
    const times = shipped.timeline.map((e) => e.at?.seconds ?? 0n);
    expect(times.every((s) => s > 0n)).toBe(true);
    expect(shipped.earningCents).toBe(BigInt(d.shippedShare));
    expect(shipped.earningSource).toBe(EarningSource.LEDGER);

    const sold = itemOf(answer, d.sold);
    expect(steps(answer, d.sold)).toEqual([DressingStep.RECEIVED, DressingStep.SOLD]);
    expect(sold.earningCents).toBe(BigInt(d.soldShare));
    expect(sold.earningSource).toBe(EarningSource.LEDGER);

    const stored = itemOf(answer, d.stored);
    expect(stored.earningCents).toBe(1150n);
    expect(stored.earningSource).toBe(EarningSource.STORED_INCOME);
    expect(stored.priceCents).toBe(2000n);
  });

  it('totals what is owed and paid as the ledger does', async () => {
    for (const who of ['vendor', 'admin'] as const) {
      const answer = await dressing(who).getDressing({ customer: d.uuid });
      const balance = await t.client(CustomerService, who).getBalance({ customer: d.uuid });
      expect(answer.owedCents, who).toBe(balance.balanceCents);
      expect(answer.payableCents, who).toBe(balance.payableCents);
      // The paid item was paid out; the sold one is still owed, not yet payable.
      expect(answer.paidCents, who).toBe(BigInt(d.shippedShare));
      expect(answer.owedCents, who).toBe(BigInt(d.soldShare));
      expect(answer.payableCents, who).toBe(0n);
    }
  });

  it('lists the statements and receipts, each downloadable by the depositor’s vendor', async () => {
    const answer = await dressing('vendor').getDressing({ customer: d.uuid });
    expect(answer.statements.map((s) => [s.kind, s.uuid]).sort()).toEqual(
      [
        [DressingStatementKind.PAYOUT_RECEIPT, d.payout],
        [DressingStatementKind.STATEMENT, d.statement],
      ].sort(),
    );
    const receipt = answer.statements.find((s) => s.uuid === d.payout)!;
    expect(receipt.number).toMatch(/^R-\d{4}-\d{6}$/);
    expect(receipt.amountCents).toBe(BigInt(d.shippedShare));
    const file = await t.client(PayoutService, 'vendor').downloadReceipt({ uuid: d.payout });
    expect(file.contentType).toBe('application/pdf');
  });

  it('never holds anything of the buyer, even for a sold and shipped item', async () => {
    const answer = await dressing('admin').getDressing({ customer: d.uuid });
    expect(itemOf(answer, d.shipped).timeline.length).toBeGreaterThan(4);
    const json = toJsonString(DressingSchema, answer);
    for (const value of Object.values(BUYER)) expect(json).not.toContain(value);
    expect(json).not.toMatch(/buyer|recipient|tracking/i);
  });

  it('refuses anyone else’s dressing', async () => {
    // A customer names only themself.
    expect(await refusalOf(dressing('customer').getDressing({ customer: d.uuid }))).toEqual(
      forbidden,
    );
    // Another vendor, whose contact the depositor is not.
    expect(await refusalOf(dressing('company').getDressing({ customer: d.uuid }))).toEqual(
      forbidden,
    );
    // A contact of vendor@ without any deposit at them.
    const contact = await t.client(CustomerService, 'vendor').create({
      customer: {
        firstName: 'Sans',
        lastName: `Dépôt ${process.pid}`,
        email: `sans.depot.${process.pid}.${Date.now()}@exemple.fr`,
        vendors: [vendorUuid],
      },
    });
    expect(await refusalOf(dressing('vendor').getDressing({ customer: contact.uuid }))).toEqual(
      forbidden,
    );
  });
});

describe('customer@’s own dressing', () => {
  it('holds their items and the same totals as their balance, named or not', async () => {
    const own = await dressing('customer').getDressing({});
    const named = await dressing('customer').getDressing({ customer: customerUuid });
    expect(own.customer).toBe(customerUuid);
    expect(named.items.map((i) => i.uuid)).toEqual(own.items.map((i) => i.uuid));
    const { rows } = await sql<{ count: number }>`
      select count(*)::int as count from product p join deposit d on d.uuid = p.deposit
      where d.customer = ${customerUuid}`.execute(t.server.db);
    expect(own.itemCount).toBe(rows[0]!.count);
    expect(own.items.length).toBe(Math.min(rows[0]!.count, 500));
    expect(own.itemCount).toBeGreaterThan(0);
    const balance = await t
      .client(CustomerService, 'customer')
      .getBalance({ customer: customerUuid });
    expect(own.owedCents).toBe(balance.balanceCents);
    expect(own.payableCents).toBe(balance.payableCents);
    // Every sold item's earning is its ledger credit, so they add up to what was earned.
    const earned = own.items.reduce((s, i) => s + i.earningCents, 0n);
    expect(earned).toBe(own.owedCents + own.paidCents);
  });
});
