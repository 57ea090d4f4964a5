// The per-deposit figures that migration 0004 keeps up to date on every product change
// (deposit_figures, deposit_month_figures) must always equal the same sums taken from scratch over
// the products: checked here after each kind of change, through the API and in plain SQL.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { timestampFromDate } from '@bufbuild/protobuf/wkt';
import { sql } from 'kysely';
import { SOLD_STATUSES } from '../../src/domain/deposit/statuses.ts';
import { insertRows } from '../../server/db/insertRows.ts';
import {
  DepositService,
  DepositStatus,
  type Deposit,
} from '../../src/rpc/gen/seconde/v1/deposit_pb.ts';
import {
  ProductService,
  SaleStatus,
  type Product,
} from '../../src/rpc/gen/seconde/v1/product_pb.ts';
import { startTestServer, type TestServer } from '../helpers/testServer.ts';

let t: TestServer;
let vendorUuid: string;
let counter = 0;

beforeAll(async () => {
  t = await startTestServer({ demoProducts: 400 }, ['admin', 'vendor']);
  vendorUuid = (await t.me('vendor')).vendorUuid;
}, 180_000);

afterAll(async () => {
  await t?.close();
});

const db = () => t.server.db;
const deposits = () => t.client(DepositService, 'admin');
const products = () => t.client(ProductService, 'admin');

/** Sale statuses that will not sell: neither sold nor potential turnover. */
const OUT_OF_SALE = ['REFUSED', 'RESTITUED'];
const SUMS = [
  'sold_price',
  'sold_vendor_income',
  'sold_price_without_vendor_income',
  'sold_customer_income',
  'sold_price_without_customer_income',
  'sold_vendor_income_without_customer_income',
  'sold_price_without_income',
  'sold_provider_income_without_customer_income',
] as const;
type Sums = Record<(typeof SUMS)[number], number>;
type DepositFigures = {
  deposit: string;
  product_count: number;
  refused_count: number;
  sold_count: number;
} & Sums & {
    potential_suggested_price: number;
  };
type MonthFigures = { deposit: string; month: string; sold_count: number } & Sums;

const parisMonth = (d: Date) =>
  new Intl.DateTimeFormat('en-CA', {
    timeZone: 'Europe/Paris',
    year: 'numeric',
    month: '2-digit',
  }).format(d);

/** Money to compare: exact sums in the database, float sums here. */
const money = (n: unknown) => Math.round(Number(n) * 1e6) / 1e6;

function emptySums(): Sums {
  return Object.fromEntries(SUMS.map((k) => [k, 0])) as Sums;
}

/** The figures summed here, product by product, from the product rows as they are now. */
async function fromScratch(): Promise<{ deposits: DepositFigures[]; months: MonthFigures[] }> {
  const { rows } = await sql<{
    deposit: string | null;
    sale_status: string | null;
    selled_price: number | null;
    suggested_price: number | null;
    vendor_income: number | null;
    customer_income: number | null;
    provider_income: number | null;
    sell_datetime: Date | null;
  }>`select deposit, sale_status, selled_price, suggested_price, vendor_income, customer_income,
      provider_income, sell_datetime from product`.execute(db());
  const byDeposit = new Map<string, DepositFigures>();
  const byMonth = new Map<string, MonthFigures>();
  const addSold = (to: Sums, p: (typeof rows)[number]) => {
    const price = p.selled_price ?? 0;
    to.sold_price += price;
    to.sold_vendor_income += p.vendor_income ?? 0;
    if (p.vendor_income === null) to.sold_price_without_vendor_income += price;
    to.sold_customer_income += p.customer_income ?? 0;
    if (p.customer_income === null) {
      to.sold_price_without_customer_income += price;
      to.sold_vendor_income_without_customer_income += p.vendor_income ?? 0;
      to.sold_provider_income_without_customer_income += p.provider_income ?? 0;
      if (p.vendor_income === null) to.sold_price_without_income += price;
    }
  };
  for (const p of rows) {
    if (!p.deposit) continue;
    const sold = (SOLD_STATUSES as readonly (string | null)[]).includes(p.sale_status);
    const d = byDeposit.get(p.deposit) ?? {
      deposit: p.deposit,
      product_count: 0,
      refused_count: 0,
      sold_count: 0,
      ...emptySums(),
      potential_suggested_price: 0,
    };
    byDeposit.set(p.deposit, d);
    d.product_count++;
    if (p.sale_status === 'REFUSED') d.refused_count++;
    if (sold) {
      d.sold_count++;
      addSold(d, p);
      if (p.sell_datetime) {
        const month = parisMonth(p.sell_datetime);
        const key = `${p.deposit} ${month}`;
        const m = byMonth.get(key) ?? {
          deposit: p.deposit,
          month,
          sold_count: 0,
          ...emptySums(),
        };
        byMonth.set(key, m);
        m.sold_count++;
        addSold(m, p);
      }
    } else if (!OUT_OF_SALE.includes(p.sale_status ?? 'OFFLINE')) {
      d.potential_suggested_price += p.suggested_price ?? 0;
    }
  }
  return { deposits: [...byDeposit.values()], months: [...byMonth.values()] };
}

/** The figures as the triggers keep them. */
async function kept(): Promise<{ deposits: DepositFigures[]; months: MonthFigures[] }> {
  const { rows: d } = await sql<Record<string, unknown>>`
    select * from deposit_figures`.execute(db());
  const { rows: m } = await sql<Record<string, unknown>>`
    select deposit, to_char(month, 'YYYY-MM') as month, sold_count, ${sql.join(SUMS.map((c) => sql.ref(c)))}
    from deposit_month_figures`.execute(db());
  return {
    deposits: d as unknown as DepositFigures[],
    months: m as unknown as MonthFigures[],
  };
}

function normalized(figures: { deposits: DepositFigures[]; months: MonthFigures[] }) {
  const norm = (row: Record<string, unknown>) =>
    Object.fromEntries(
      Object.entries(row).map(([k, v]) => [
        k,
        k === 'deposit' || k === 'month' ? v : k.endsWith('_count') ? Number(v) : money(v),
      ]),
    );
  const key = (r: Record<string, unknown>) => `${String(r.deposit)} ${String(r.month ?? '')}`;
  const sorted = (rows: Record<string, unknown>[]) =>
    rows.map(norm).sort((a, b) => key(a).localeCompare(key(b)));
  return { deposits: sorted(figures.deposits), months: sorted(figures.months) };
}

/** The kept figures equal the from-scratch ones, row for row; answers them for more checks. */
async function expectFiguresRight() {
  const want = normalized(await fromScratch());
  const have = normalized(await kept());
  expect(have.deposits).toEqual(want.deposits);
  expect(have.months).toEqual(want.months);
  expect(want.deposits.length).toBeGreaterThan(0);
  return have;
}

/** A fresh deposit of the demo vendor, walked by an admin to INLINE through the rules. */
async function inlineDeposit(): Promise<Deposit> {
  let deposit = await deposits().create({
    deposit: {
      name: `Chiffres ${++counter} ${Date.now()}`,
      vendor: vendorUuid,
      status: DepositStatus.RECEIVED,
    },
  });
  for (const status of [
    DepositStatus.TODO,
    DepositStatus.PROGRESS,
    DepositStatus.CUSTOMER_WAITING,
    DepositStatus.DEPOSIT_VALIDATED,
    DepositStatus.INLINE,
  ]) {
    deposit = await deposits().partialUpdate({
      deposit: { uuid: deposit.uuid, rowVersion: deposit.rowVersion, status },
      updateMask: { paths: ['status'] },
    });
  }
  return deposit;
}

function change(
  product: Product,
  fields: Partial<
    Pick<
      Product,
      | 'saleStatus'
      | 'selledPrice'
      | 'sellDatetime'
      | 'suggestedPrice'
      | 'vendorIncome'
      | 'customerIncome'
      | 'name'
      | 'deposit'
    >
  >,
  paths: string[],
) {
  return products().partialUpdate({
    product: { uuid: product.uuid, rowVersion: product.rowVersion, ...fields },
    updateMask: { paths },
  });
}

const soldNow = () => timestampFromDate(new Date());
const figuresOf = async (deposit: Deposit) =>
  normalized(await kept()).deposits.find((d) => d.deposit === deposit.uuid);

describe('deposit figures', () => {
  it('hold the seeded stock, and the migration’s back-fill rebuilds the same rows', async () => {
    const seeded = await expectFiguresRight();
    expect(seeded.months.length).toBeGreaterThan(0);
    await db()
      .transaction()
      .execute(async (trx) => {
        await sql`delete from deposit_month_figures`.execute(trx);
        await sql`delete from deposit_figures`.execute(trx);
        await sql`do $$ begin
          execute deposit_figures_statement('product', null);
        end $$`.execute(trx);
      });
    expect(await expectFiguresRight()).toEqual(seeded);
  });

  it('follow products created, sold, repriced, moved and deleted through the API', async () => {
    const a = await inlineDeposit();
    const b = await inlineDeposit();
    const made: Product[] = [];
    for (const [i, saleStatus] of [
      SaleStatus.OFFLINE,
      SaleStatus.ONLINE,
      SaleStatus.READY,
      SaleStatus.RESERVED,
      SaleStatus.REFUSED,
      SaleStatus.SELL,
      SaleStatus.PAYED,
    ].entries()) {
      const sold = saleStatus === SaleStatus.SELL || saleStatus === SaleStatus.PAYED;
      made.push(
        await products().create({
          product: {
            deposit: a.uuid,
            name: `Article ${i}`,
            saleStatus,
            suggestedPrice: 10 + i * 2.35,
            ...(sold
              ? {
                  selledPrice: 9.9 + i,
                  sellDatetime: soldNow(),
                  ...(i % 2 ? { vendorIncome: 3.3 } : { providerIncome: 1.1 }),
                }
              : {}),
          },
        }),
      );
      await expectFiguresRight();
    }
    expect((await figuresOf(a))?.product_count).toBe(7);

    // Sold, with and without a recorded split, then the sold price and split change.
    let online = await change(
      made[1]!,
      { saleStatus: SaleStatus.SELL, selledPrice: 21.45, sellDatetime: soldNow() },
      ['sale_status', 'selled_price', 'sell_datetime'],
    );
    await expectFiguresRight();
    online = await change(online, { selledPrice: 19.99, vendorIncome: 6.5, customerIncome: 11 }, [
      'selled_price',
      'vendor_income',
      'customer_income',
    ]);
    await expectFiguresRight();
    online = await change(online, { saleStatus: SaleStatus.PAYED }, ['sale_status']);
    await expectFiguresRight();
    // Back on sale: it leaves the sold sums and comes back to the potential turnover.
    online = await change(online, { saleStatus: SaleStatus.ONLINE }, ['sale_status']);
    await expectFiguresRight();
    await change(made[0]!, { suggestedPrice: 42.1 }, ['suggested_price']);
    await expectFiguresRight();
    // A change that touches no figure.
    await change(made[2]!, { name: 'Renamed' }, ['name']);
    await expectFiguresRight();

    // Moved to another deposit, sold ones too.
    await change(made[5]!, { deposit: b.uuid }, ['deposit']);
    await change(online, { deposit: b.uuid }, ['deposit']);
    const moved = await expectFiguresRight();
    expect(moved.deposits.find((d) => d.deposit === b.uuid)?.product_count).toBe(2);

    // Deleted: a deposit whose last product goes has no figures row left.
    await products().destroy({ uuid: made[3]!.uuid });
    await expectFiguresRight();
    for (const p of (await t.client(ProductService, 'admin', { deposit: b.uuid }).list({})).results)
      await products().destroy({ uuid: p.uuid });
    await expectFiguresRight();
    expect(await figuresOf(b)).toBeUndefined();
  });

  it('follow a restitution and a bulk sale-status change through the API', async () => {
    const bulk = await inlineDeposit();
    for (const saleStatus of [SaleStatus.OFFLINE, SaleStatus.READY, SaleStatus.REFUSED])
      await products().create({
        product: { deposit: bulk.uuid, name: 'Lot', saleStatus, suggestedPrice: 15.5 },
      });
    await expectFiguresRight();
    const { updatedCount } = await deposits().changeSaleStatusForAllProducts({
      uuid: bulk.uuid,
      saleStatus: SaleStatus.ONLINE,
    });
    expect(updatedCount).toBe(3);
    await expectFiguresRight();

    const back = await inlineDeposit();
    for (const saleStatus of [
      SaleStatus.ONLINE,
      SaleStatus.READY,
      SaleStatus.RESERVED,
      SaleStatus.OFFLINE,
      SaleStatus.REFUSED,
    ])
      await products().create({
        product: { deposit: back.uuid, name: 'Retour', saleStatus, suggestedPrice: 20 },
      });
    const invoiced = await products().create({
      product: {
        deposit: back.uuid,
        name: 'Facturé',
        saleStatus: SaleStatus.FACTURED,
        selledPrice: 30,
        sellDatetime: soldNow(),
      },
    });
    expect(invoiced.saleStatus).toBe(SaleStatus.FACTURED);
    const before = await figuresOf(back);
    await deposits().partialUpdate({
      deposit: { uuid: back.uuid, rowVersion: back.rowVersion, status: DepositStatus.RESTITUED },
      updateMask: { paths: ['status'] },
    });
    await expectFiguresRight();
    const after = await figuresOf(back);
    // ONLINE, READY and RESERVED went OFFLINE: still potential turnover, the sale untouched.
    expect(after).toEqual(before);
  });

  it('follow statements over many products and deposits, and a rolled-back truncate', async () => {
    // Sales move a month back, across Paris month ends.
    await sql`update product set sell_datetime = sell_datetime - interval '40 days'
      where sale_status in ('SELL', 'PAYED', 'FACTURED')`.execute(db());
    await expectFiguresRight();
    // Splits and provider income set on every other sale.
    await sql`update product set vendor_income = null, customer_income = null,
        provider_income = round((selled_price * 0.1)::numeric, 2)
      where sale_status in ('SELL', 'PAYED') and reference like '%1'`.execute(db());
    await expectFiguresRight();
    // No sale status, no deposit, a deposit again.
    await sql`update product set sale_status = null where reference like '%2'`.execute(db());
    await sql`update product set deposit = null where reference like '%3'`.execute(db());
    await expectFiguresRight();
    await sql`update product set deposit = (select min(deposit::text)::uuid from product)
      where deposit is null`.execute(db());
    await expectFiguresRight();
    // A multi-row insert over many deposits, then many deletes.
    const { rows: some } = await sql<{ deposit: string }>`
      select distinct deposit from product where deposit is not null limit 12`.execute(db());
    await insertRows(
      db(),
      'product',
      some.flatMap((d, i) => [
        {
          deposit: d.deposit,
          name: 'Lot A',
          sale_status: 'SELL',
          selled_price: 5.25 + i,
          sell_datetime: new Date(Date.now() - i * 9 * 86_400_000),
        },
        { deposit: d.deposit, name: 'Lot B', sale_status: 'OFFLINE', suggested_price: 7.5 },
        { deposit: d.deposit, name: 'Lot D', sale_status: 'PAYED', selled_price: 12 },
        { deposit: d.deposit, name: 'Lot C', sale_status: 'RESTITUED', suggested_price: 3 },
      ]),
      7,
    );
    await expectFiguresRight();
    await sql`delete from product where name like 'Lot %' and sale_status <> 'SELL'`.execute(db());
    await sql`delete from product where reference like '%4'`.execute(db());
    await expectFiguresRight();

    // Inside a transaction rolled back: a truncate empties the figures, the rollback restores them.
    const rolledBack = new Error('roll back');
    const inside = await db()
      .transaction()
      .execute(async (trx) => {
        await sql`truncate product cascade`.execute(trx);
        const { rows } = await sql<{ n: number }>`
          select (select count(*) from deposit_figures)::int
            + (select count(*) from deposit_month_figures)::int as n`.execute(trx);
        throw Object.assign(rolledBack, { n: rows[0]!.n });
      })
      .catch((error: unknown) => error);
    expect(inside).toBe(rolledBack);
    expect((inside as Error & { n: number }).n).toBe(0);
    await expectFiguresRight();
  });
});
