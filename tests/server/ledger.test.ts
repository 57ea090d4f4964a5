import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Code } from '@connectrpc/connect';
import { sql } from 'kysely';
import {
  CustomerService,
  LedgerEntryKind,
  type Customer,
} from '../../src/rpc/gen/seconde/v1/customer_pb.ts';
import { DepositService, DepositStatus } from '../../src/rpc/gen/seconde/v1/deposit_pb.ts';
import {
  ProductService,
  SaleStatus,
  type Product,
} from '../../src/rpc/gen/seconde/v1/product_pb.ts';
import { toCents } from '../../src/domain/ledger/ledger.ts';
import {
  refusalOf,
  startTestServer,
  type DemoUser,
  type TestServer,
} from '../helpers/testServer.ts';
import { depositWalkedTo } from '../helpers/depositWalk.ts';

let t: TestServer;
let vendorUuid: string;
let companyVendorUuid: string;
let counter = 0;

beforeAll(async () => {
  t = await startTestServer({ demoProducts: 150 }, ['vendor', 'company', 'admin', 'customer']);
  ({ vendorUuid, companyVendorUuid } = await t.demoRecords());
});

afterAll(async () => {
  await t?.close();
});

const customers = (who: DemoUser) => t.client(CustomerService, who);
const products = (who: DemoUser) => t.client(ProductService, who);
const forbidden = { code: Code.PermissionDenied, reason: 'FORBIDDEN' };

/** A new depositor of `who` (a vendor) with one INLINE deposit holding one item online. */
async function depositorWithItem(
  who: 'vendor' | 'company',
  suggestedPrice = 40,
): Promise<{ depositor: Customer; item: Product }> {
  const n = ++counter;
  // Created by staff: company@ has no subscription, which adding contacts needs.
  const depositor = await customers('admin').create({
    customer: {
      firstName: 'Dépo',
      lastName: `Sant ${n}`,
      email: `ledger.${n}.${Date.now()}@exemple.fr`,
      vendors: [who === 'vendor' ? vendorUuid : companyVendorUuid],
    },
  });
  const deposit = await depositWalkedTo(t, DepositStatus.INLINE, {
    name: `Grand livre ${n}`,
    vendor: who === 'vendor' ? vendorUuid : companyVendorUuid,
    customer: depositor.uuid,
  });
  const item = await products('admin').create({
    product: {
      deposit: deposit.uuid,
      name: `Article ${n}`,
      suggestedPrice,
      saleStatus: SaleStatus.ONLINE,
    },
  });
  return { depositor, item };
}

async function setSaleStatus(who: DemoUser, uuid: string, saleStatus: SaleStatus) {
  const current = await products('admin').retrieve({ uuid });
  return products(who).partialUpdate({
    product: { uuid, rowVersion: current.rowVersion, saleStatus },
    updateMask: { paths: ['sale_status'] },
  });
}

const entriesOf = async (customer: string, who: DemoUser = 'vendor') =>
  (await customers(who).listLedgerEntries({ customer, pagination: { pageSize: 100 } })).results;

const balanceOf = async (customer: string, who: DemoUser = 'vendor') => {
  const b = await customers(who).getBalance({ customer });
  return { balance: Number(b.balanceCents), payable: Number(b.payableCents) };
};

describe('the depositor ledger', () => {
  it("credits the depositor's share once when the item is sold, payable only once PAYED", async () => {
    const { depositor, item } = await depositorWithItem('vendor');
    expect(await entriesOf(depositor.uuid)).toEqual([]);

    const sold = await setSaleStatus('vendor', item.uuid, SaleStatus.SELL);
    const share = toCents(sold.customerIncome);
    expect(share).toBeGreaterThan(0);
    const [credit, ...others] = await entriesOf(depositor.uuid);
    expect(others).toEqual([]);
    expect(credit).toMatchObject({
      kind: LedgerEntryKind.SALE_CREDIT,
      amountCents: BigInt(share),
      product: item.uuid,
      productName: item.name,
      vendor: vendorUuid,
      customer: depositor.uuid,
    });
    expect(credit?.payableAt).toBeUndefined();
    expect(await balanceOf(depositor.uuid)).toEqual({ balance: share, payable: 0 });

    await setSaleStatus('vendor', item.uuid, SaleStatus.PAYED);
    const [paid, ...more] = await entriesOf(depositor.uuid);
    expect(more).toEqual([]);
    expect(paid?.uuid).toBe(credit?.uuid);
    expect(paid?.payableAt).toBeDefined();
    expect(await balanceOf(depositor.uuid)).toEqual({ balance: share, payable: share });
    // The customer reads the same figures for their own ledger.
    expect(await balanceOf(depositor.uuid, 'admin')).toEqual({ balance: share, payable: share });
  });

  it('writes nothing twice when the same change is made again, one by one or in bulk', async () => {
    const { depositor, item } = await depositorWithItem('vendor');
    await setSaleStatus('vendor', item.uuid, SaleStatus.SELL);
    await setSaleStatus('vendor', item.uuid, SaleStatus.SELL);
    await setSaleStatus('vendor', item.uuid, SaleStatus.PAYED);
    await setSaleStatus('vendor', item.uuid, SaleStatus.PAYED);
    await t.client(DepositService, 'vendor').changeSaleStatusForAllProducts({
      uuid: item.deposit,
      saleStatus: SaleStatus.PAYED,
    });
    const entries = await entriesOf(depositor.uuid);
    expect(entries.map((e) => e.kind)).toEqual([LedgerEntryKind.SALE_CREDIT]);
  });

  it('reverses the credit on a return, and credits again on a new sale', async () => {
    const { depositor, item } = await depositorWithItem('vendor');
    const sold = await setSaleStatus('vendor', item.uuid, SaleStatus.SELL);
    const share = toCents(sold.customerIncome);
    await setSaleStatus('vendor', item.uuid, SaleStatus.PAYED);
    await setSaleStatus('vendor', item.uuid, SaleStatus.ONLINE);
    const entries = await entriesOf(depositor.uuid);
    expect(entries).toHaveLength(2);
    const credit = entries.find((e) => e.kind === LedgerEntryKind.SALE_CREDIT);
    const reversal = entries.find((e) => e.kind === LedgerEntryKind.SALE_REVERSAL);
    expect(reversal).toMatchObject({ amountCents: BigInt(-share), reverses: credit?.uuid });
    expect(reversal?.payableAt).toBeDefined();
    expect(await balanceOf(depositor.uuid)).toEqual({ balance: 0, payable: 0 });

    // A repeated return writes nothing; the bulk sale writes a new credit.
    await setSaleStatus('vendor', item.uuid, SaleStatus.ONLINE);
    expect(await entriesOf(depositor.uuid)).toHaveLength(2);
    await t.client(DepositService, 'vendor').changeSaleStatusForAllProducts({
      uuid: item.deposit,
      saleStatus: SaleStatus.SELL,
    });
    expect(await entriesOf(depositor.uuid)).toHaveLength(3);
    expect(await balanceOf(depositor.uuid)).toEqual({ balance: share, payable: 0 });
  });

  it('refuses UPDATE and DELETE on the ledger table, but lets a credit become payable once', async () => {
    const { depositor, item } = await depositorWithItem('vendor');
    await setSaleStatus('vendor', item.uuid, SaleStatus.SELL);
    const [credit] = await entriesOf(depositor.uuid);
    const db = t.server.db;
    await expect(
      sql`update depositor_ledger_entry set amount_cents = 1 where uuid = ${credit?.uuid}`.execute(
        db,
      ),
    ).rejects.toThrow(/append-only/);
    await expect(
      sql`delete from depositor_ledger_entry where uuid = ${credit?.uuid}`.execute(db),
    ).rejects.toThrow(/append-only/);
    // Refused by the trigger, or before it by the tables that reference the entries (payouts).
    await expect(sql`truncate depositor_ledger_entry`.execute(db)).rejects.toThrow(
      /append-only|foreign key/,
    );
    await sql`update depositor_ledger_entry set payable_at = now() where uuid = ${credit?.uuid}`.execute(
      db,
    );
    // Once payable, it stays as it is.
    await expect(
      sql`update depositor_ledger_entry set payable_at = null where uuid = ${credit?.uuid}`.execute(
        db,
      ),
    ).rejects.toThrow(/append-only/);
    await expect(
      sql`update depositor_ledger_entry set payable_at = now() + interval '1 day', amount_cents = 1
          where uuid = ${credit?.uuid}`.execute(db),
    ).rejects.toThrow(/append-only/);
  });

  it("never shows a vendor another vendor's depositor's ledger", async () => {
    const { depositor, item } = await depositorWithItem('company');
    await setSaleStatus('admin', item.uuid, SaleStatus.SELL);
    expect(await entriesOf(depositor.uuid, 'company')).toHaveLength(1);
    expect(await refusalOf(customers('vendor').getBalance({ customer: depositor.uuid }))).toEqual(
      forbidden,
    );
    expect(
      await refusalOf(customers('vendor').listLedgerEntries({ customer: depositor.uuid })),
    ).toEqual(forbidden);
    // Naming another vendor on a depositor of one's own is refused too.
    const own = await depositorWithItem('vendor');
    expect(
      await refusalOf(
        customers('vendor').getBalance({ customer: own.depositor.uuid, vendor: companyVendorUuid }),
      ),
    ).toEqual(forbidden);
    // A customer reads only their own ledger.
    expect(
      await refusalOf(customers('customer').listLedgerEntries({ customer: depositor.uuid })),
    ).toEqual(forbidden);
  });

  it('lets a customer read their own ledger', async () => {
    const { customerUuid } = await t.demoRecords();
    const deposit = await depositWalkedTo(t, DepositStatus.INLINE, {
      name: `Grand livre client ${Date.now()}`,
      vendor: vendorUuid,
      customer: customerUuid,
    });
    const item = await products('admin').create({
      product: {
        deposit: deposit.uuid,
        name: 'Manteau',
        suggestedPrice: 25,
        saleStatus: SaleStatus.PAYED,
      },
    });
    const share = toCents(item.customerIncome);
    const entries = await entriesOf(customerUuid, 'customer');
    expect(entries.map((e) => [e.kind, e.amountCents, e.productName])).toContainEqual([
      LedgerEntryKind.SALE_CREDIT,
      BigInt(share),
      'Manteau',
    ]);
    const own = await balanceOf(customerUuid, 'customer');
    expect(own.payable).toBeGreaterThanOrEqual(share);
  });

  it("keeps a shared contact's entries apart per vendor", async () => {
    const { depositor, item } = await depositorWithItem('company');
    await setSaleStatus('admin', item.uuid, SaleStatus.SELL);
    // The same person becomes vendor@'s contact too.
    await sql`update customer set vendors = array_append(vendors, ${vendorUuid}::uuid)
      where uuid = ${depositor.uuid}`.execute(t.server.db);
    expect(await entriesOf(depositor.uuid, 'vendor')).toEqual([]);
    expect(await balanceOf(depositor.uuid, 'vendor')).toEqual({ balance: 0, payable: 0 });
    expect(await entriesOf(depositor.uuid, 'admin')).toHaveLength(1);
  });
});

describe('sales made before the ledger', () => {
  it('are credited once at start, dated at the sale and payable from the payment', async () => {
    // The demo seed writes sold products without the ledger: the start wrote their credits.
    const { rows } = await sql<{
      uuid: string;
      sale_status: string;
      customer_income: number;
      sell_datetime: Date;
      payed_datetime: Date | null;
    }>`select p.uuid, p.sale_status::text as sale_status, p.customer_income, p.sell_datetime,
              p.payed_datetime
       from product p join deposit d on d.uuid = p.deposit
       where p.sale_status in ('SELL', 'PAYED', 'FACTURED') and p.customer_income > 0
         and d.vendor is not null and d.customer is not null
         and p.reference like 'REF-%'`.execute(t.server.db);
    expect(rows.length).toBeGreaterThan(0);
    const { rows: entries } = await sql<{
      product: string;
      kind: string;
      amount_cents: string;
      created_at: Date;
      payable_at: Date | null;
    }>`select product, kind::text as kind, amount_cents, created_at, payable_at
       from depositor_ledger_entry where product = any(${rows.map((r) => r.uuid)}::uuid[])`.execute(
      t.server.db,
    );
    for (const p of rows) {
      const own = entries.filter((e) => e.product === p.uuid);
      expect(own).toHaveLength(1);
      expect(own[0]!.kind).toBe('SALE_CREDIT');
      expect(Number(own[0]!.amount_cents)).toBe(toCents(p.customer_income));
      expect(own[0]!.created_at.getTime()).toBe(p.sell_datetime.getTime());
      if (p.sale_status === 'SELL') expect(own[0]!.payable_at).toBeNull();
      else expect(own[0]!.payable_at?.getTime()).toBe(p.payed_datetime?.getTime());
    }
    // Running it again writes nothing.
    const { backfillSaleLedger } = await import('../../server/services/ledger/backfill.ts');
    expect(await backfillSaleLedger(t.server.db)).toBe(0);
  });
});
