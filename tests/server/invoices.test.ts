import { execFile } from 'node:child_process';
import { mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Code } from '@connectrpc/connect';
import { timestampFromDate } from '@bufbuild/protobuf/wkt';
import { sql } from 'kysely';
import { BuyerService } from '../../src/rpc/gen/seconde/v1/buyer_pb.ts';
import { CustomerService } from '../../src/rpc/gen/seconde/v1/customer_pb.ts';
import { DepositStatus } from '../../src/rpc/gen/seconde/v1/deposit_pb.ts';
import {
  InvoiceCategory,
  InvoiceService,
  InvoiceStatus,
  type Invoice,
} from '../../src/rpc/gen/seconde/v1/invoice_pb.ts';
import { ProductBuyerService } from '../../src/rpc/gen/seconde/v1/product_buyer_pb.ts';
import { ProductService, SaleStatus } from '../../src/rpc/gen/seconde/v1/product_pb.ts';
import { RateSlideService } from '../../src/rpc/gen/seconde/v1/rate_slide_pb.ts';
import { depositWalkedTo } from '../helpers/depositWalk.ts';
import {
  refusalOf,
  startTestServer,
  type DemoUser,
  type TestServer,
} from '../helpers/testServer.ts';

const run = promisify(execFile);

let t: TestServer;
let vendorUuid: string;
let companyVendorUuid: string;
let customerUuid: string;
let counter = 0;

beforeAll(async () => {
  t = await startTestServer({ demoProducts: 150 }, ['vendor', 'company', 'admin', 'customer']);
  ({ vendorUuid, companyVendorUuid, customerUuid } = await t.demoRecords());
}, 120_000);

afterAll(async () => {
  await t?.close();
});

const invoices = (who: DemoUser) => t.client(InvoiceService, who);
const db = () => t.server.db;
const forbidden = { code: Code.PermissionDenied, reason: 'FORBIDDEN' };

async function invoiceCount(): Promise<number> {
  const { rows } = await sql<{ n: number }>`select count(*)::int as n from invoice`.execute(db());
  return Number(rows[0]!.n);
}

async function taskCount(): Promise<number> {
  const { rows } = await sql<{ n: number }>`
    select count(*)::int as n from background_task`.execute(db());
  return Number(rows[0]!.n);
}

/** Waits for a background task to end and answers its final status. */
async function taskEnded(uuid: string): Promise<string> {
  const end = Date.now() + 60_000;
  for (;;) {
    const { rows } = await sql<{ status: string; progress_messages: string[] | null }>`
      select status::text as status, progress_messages from background_task
      where uuid = ${uuid}`.execute(db());
    const status = rows[0]?.status ?? '';
    if (status === 'COMPLETED' || status === 'ERROR') {
      if (status === 'ERROR') console.error(rows[0]?.progress_messages);
      return status;
    }
    if (Date.now() > end) throw new Error(`task ${uuid} still ${status}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

async function generate(
  who: DemoUser,
  start: Date,
  end: Date,
  extra: { vendor?: string; customer?: string } = {},
): Promise<void> {
  const answer = await invoices(who).generateInvoices({
    startDate: timestampFromDate(start),
    endDate: timestampFromDate(end),
    ...extra,
  });
  expect(answer.task).not.toBe('');
  expect(await taskEnded(answer.task)).toBe('COMPLETED');
}

/** A new depositor of `vendor` with an INLINE deposit; answers the deposit and the depositor. */
async function depositFor(vendor: string, customer?: string) {
  const n = ++counter;
  const depositor =
    customer ??
    (
      await t.client(CustomerService, 'admin').create({
        customer: {
          firstName: 'Dépo',
          lastName: `Facture ${n}`,
          email: `invoices.${n}.${Date.now()}@exemple.fr`,
          vendors: [vendor],
        },
      })
    ).uuid;
  const deposit = await depositWalkedTo(t, DepositStatus.INLINE, {
    name: `Factures ${n} ${Date.now()}`,
    vendor,
    customer: depositor,
  });
  return { deposit: deposit.uuid, depositor };
}

/** Items sold (SELL) at `price` euros in a deposit. */
async function soldItems(deposit: string, count: number, price = 30): Promise<string[]> {
  const made: string[] = [];
  for (let i = 0; i < count; i++) {
    const item = await t.client(ProductService, 'admin').create({
      product: {
        deposit,
        name: `Article vendu ${++counter}`,
        suggestedPrice: price,
        selledPrice: price,
        saleStatus: SaleStatus.SELL,
      },
    });
    made.push(item.uuid);
  }
  return made;
}

/** Records one buyer for each item, as staff do. */
async function withBuyer(products: readonly string[]): Promise<string> {
  const buyer = await t.client(BuyerService, 'admin').create({
    buyer: { firstName: 'Bruno', lastName: 'Acheteur', email: 'bruno@exemple.fr', city: 'Lyon' },
  });
  for (const product of products)
    await t.client(ProductBuyerService, 'admin').create({
      productBuyer: { product, buyer: buyer.uuid },
    });
  return buyer.uuid;
}

const numberOf = (invoice: Invoice) => Number(invoice.fullInvoiceNumber.slice(-6));

async function pdfText(data: Uint8Array): Promise<string> {
  const dir = await mkdtemp(path.join(tmpdir(), 'seconde-invoice-'));
  const file = path.join(dir, 'invoice.pdf');
  await writeFile(file, data);
  const { stdout } = await run('pdftotext', ['-layout', file, '-']);
  return stdout.replace(/[\u00a0\u202f]/g, ' ');
}

const XSD = fileURLToPath(new URL('../fixtures/facturx/Factur-X_EN16931.xsd', import.meta.url));

/** The Factur-X XML attached to a downloaded PDF, checked against the EN 16931 schema. */
async function checkedFacturX(data: Uint8Array): Promise<string> {
  const dir = await mkdtemp(path.join(tmpdir(), 'seconde-facturx-'));
  const file = path.join(dir, 'invoice.pdf');
  const xml = path.join(dir, 'factur-x.xml');
  await writeFile(file, data);
  await run('pdfdetach', ['-savefile', 'factur-x.xml', '-o', xml, file]);
  await run('xmllint', ['--noout', '--schema', XSD, xml]);
  return readFile(xml, 'utf8');
}

const euros = (cents: number) =>
  `${Math.trunc(Math.abs(cents) / 100)},${String(Math.abs(cents) % 100).padStart(2, '0')}`;

describe('sale invoices', () => {
  it('numbers 50 concurrent invoices of one issuer after its last, unbroken, none twice', async () => {
    const { deposit } = await depositFor(vendorUuid);
    const items = await soldItems(deposit, 50);
    await withBuyer(items);
    const year = new Date().getFullYear();
    // The demo's invoices of vendor@ already took the first numbers of the year.
    const { rows: before } = await sql<{ last_number: number }>`
      select last_number from invoice_number_sequence
      where issuer = ${`vendor:${vendorUuid}`} and year = ${year}`.execute(db());
    const last = Number(before[0]?.last_number ?? 0);

    const issued = await Promise.all(
      items.map((product) => invoices('vendor').generateProductInvoice({ product })),
    );
    const numbers = issued.map(numberOf).sort((a, b) => a - b);
    expect(numbers).toEqual(Array.from({ length: 50 }, (_, i) => last + i + 1));
    for (const invoice of issued) {
      expect(invoice.fullInvoiceNumber).toMatch(new RegExp(`^FA-${year}-\\d{6}$`));
      expect(invoice.issuer).toBe(`vendor:${vendorUuid}`);
      expect(invoice.category).toBe(InvoiceCategory.PRODUCT_SELL);
      // Sold at 30 €, under the margin scheme (no company, nothing set): no VAT shown.
      expect(invoice.totalCents).toBe(3000n);
      expect(invoice.taxCents).toBe(0n);
      expect(invoice.totalPrice).toBe(30);
      expect(invoice.lines).toHaveLength(1);
    }
    const { rows: products } = await sql<{ sale_status: string; product_invoice_uuid: string }>`
      select sale_status::text as sale_status, product_invoice_uuid from product
      where uuid = any(${items}::uuid[])`.execute(db());
    expect(new Set(products.map((p) => p.sale_status))).toEqual(new Set(['FACTURED']));
    expect(new Set(products.map((p) => p.product_invoice_uuid))).toEqual(
      new Set(issued.map((i) => i.uuid)),
    );
  }, 120_000);

  it('refuses a second invoice of the same item, an unsold item and an unknown one, writing nothing', async () => {
    const { deposit } = await depositFor(vendorUuid);
    const [item] = await soldItems(deposit, 1);
    await withBuyer([item!]);
    await invoices('vendor').generateProductInvoice({ product: item! });
    const count = await invoiceCount();

    expect(await refusalOf(invoices('vendor').generateProductInvoice({ product: item! }))).toEqual({
      code: Code.FailedPrecondition,
      reason: 'PRODUCT_INVOICED',
    });
    const online = await t.client(ProductService, 'admin').create({
      product: { deposit, name: 'Pas vendu', suggestedPrice: 20, saleStatus: SaleStatus.ONLINE },
    });
    expect(
      await refusalOf(invoices('vendor').generateProductInvoice({ product: online.uuid })),
    ).toEqual({ code: Code.FailedPrecondition, reason: 'INVOICE_NOT_SOLD' });
    const unknown = '2b7e1c9a-0000-4000-8000-000000000001';
    expect(
      await refusalOf(invoices('vendor').generateProductInvoice({ product: unknown })),
    ).toEqual({ code: Code.InvalidArgument, reason: 'UNKNOWN_REFERENCE' });
    expect(await refusalOf(invoices('admin').generateProductInvoice({ product: unknown }))).toEqual(
      { code: Code.InvalidArgument, reason: 'UNKNOWN_REFERENCE' },
    );
    // Another vendor's item, and a buyer who did not buy the item.
    const { deposit: theirs } = await depositFor(companyVendorUuid);
    const [theirItem] = await soldItems(theirs, 1);
    expect(
      await refusalOf(invoices('vendor').generateProductInvoice({ product: theirItem! })),
    ).toEqual(forbidden);
    const [mine] = await soldItems(deposit, 1);
    const stranger = await withBuyer([theirItem!]);
    expect(
      await refusalOf(
        invoices('vendor').generateProductInvoice({ product: mine!, buyer: stranger }),
      ),
    ).toEqual(forbidden);
    expect(await refusalOf(invoices('vendor').generateProductInvoice({ product: mine! }))).toEqual({
      code: Code.FailedPrecondition,
      reason: 'INVOICE_BUYER_REQUIRED',
    });
    expect(await invoiceCount()).toBe(count);
  }, 60_000);
});

describe('period invoices', () => {
  /** The month (Paris) holding the most seeded sales: its first instant and the next month's. */
  async function seededMonth(): Promise<{ start: Date; end: Date }> {
    const { rows } = await sql<{ start: Date; end: Date }>`
      select (m at time zone 'Europe/Paris') as start,
        ((m + interval '1 month') at time zone 'Europe/Paris') as end
      from (select date_trunc('month', created_at at time zone 'Europe/Paris') as m, count(*) as n
        from depositor_ledger_entry where kind = 'SALE_CREDIT' group by 1) months
      order by n desc, m desc limit 1`.execute(db());
    return { start: new Date(rows[0]!.start), end: new Date(rows[0]!.end) };
  }

  it('issues a seeded month: a statement per depositor equal to the ledger, commissions equal to the platform shares, nothing more when run again', async () => {
    const { start, end } = await seededMonth();
    const { rows: ledger } = await sql<{ vendor: string; customer: string; cents: string }>`
      select vendor, customer, sum(amount_cents)::text as cents from depositor_ledger_entry
      where kind in ('SALE_CREDIT', 'SALE_REVERSAL') and created_at >= ${start}
        and created_at < ${end}
      group by vendor, customer having sum(amount_cents) > 0`.execute(db());
    expect(ledger.length).toBeGreaterThan(0);
    const { rows: shares } = await sql<{ vendor: string; cents: string }>`
      select e.vendor, sum(case when e.kind = 'SALE_CREDIT' then 1 else -1 end
        * round(coalesce(p.provider_income, 0) * 100))::text as cents
      from depositor_ledger_entry e join product p on p.uuid = e.product
      where e.kind in ('SALE_CREDIT', 'SALE_REVERSAL') and e.created_at >= ${start}
        and e.created_at < ${end}
      group by e.vendor having sum(case when e.kind = 'SALE_CREDIT' then 1 else -1 end
        * round(coalesce(p.provider_income, 0) * 100)) > 0`.execute(db());

    await generate('admin', start, end);

    const { rows: statements } = await sql<{
      vendor: string;
      customer: string;
      total_cents: string;
      total_price: number;
      full_invoice_number: string;
      issuer: string;
      pdf_file: string | null;
    }>`
      select vendor, customer, total_cents::text, total_price, full_invoice_number, issuer, pdf_file
      from invoice where category = 'DEPOSIT_CUSTOMER' and date_start = ${start}
        and date_end = ${end}`.execute(db());
    expect(statements.map((s) => `${s.vendor}/${s.customer}=${s.total_cents}`).sort()).toEqual(
      ledger.map((l) => `${l.vendor}/${l.customer}=${l.cents}`).sort(),
    );
    for (const s of statements) {
      expect(s.total_price).toBe(Number(s.total_cents) / 100);
      expect(s.full_invoice_number).toMatch(/^RV-\d{4}-\d{6}$/);
      expect(s.pdf_file).toMatch(/^documents\/invoices\/\d{4}\/[0-9a-f-]{36}\.pdf$/);
    }

    const { rows: commissions } = await sql<{
      vendor: string;
      total_before_tax_cents: string;
      tax_cents: string;
      total_cents: string;
      issuer: string;
    }>`
      select vendor, total_before_tax_cents::text, tax_cents::text, total_cents::text, issuer
      from invoice where category = 'MONTHLY_VENDOR' and date_start = ${start}
        and date_end = ${end}`.execute(db());
    expect(commissions.map((c) => `${c.vendor}=${c.total_before_tax_cents}`).sort()).toEqual(
      shares.map((s) => `${s.vendor}=${s.cents}`).sort(),
    );
    for (const c of commissions) {
      expect(c.issuer).toBe('platform');
      expect(Number(c.tax_cents)).toBe(Math.round(Number(c.total_before_tax_cents) * 0.2));
      expect(Number(c.total_cents)).toBe(Number(c.total_before_tax_cents) + Number(c.tax_cents));
    }

    // Twice the same period, then a period overlapping it: nothing new.
    const count = await invoiceCount();
    await generate('admin', start, end);
    await generate('vendor', new Date(start.getTime() - 86_400_000), end);
    expect(await invoiceCount()).toBe(count);
  }, 180_000);

  it('bills the platform its share of the period’s sales, plus VAT, once', async () => {
    const start = new Date();
    const { deposit } = await depositFor(vendorUuid);
    // The platform keeps 25 % of the vendor's 40 %: 5 € of a 50 € sale.
    await t.client(RateSlideService, 'admin').create({
      rateSlide: { deposit, priceStart: 0, priceEnd: 1000, commission: 40, providerCommission: 25 },
    });
    await soldItems(deposit, 3, 50);
    const end = new Date(Date.now() + 1000);
    await generate('vendor', start, end);

    const { rows } = await sql<{
      total_before_tax_cents: string;
      tax_cents: string;
      total_cents: string;
      issuer: string;
      full_invoice_number: string;
      lines: { netCents: number; vatRatePercent: number }[];
    }>`
      select total_before_tax_cents::text, tax_cents::text, total_cents::text, issuer,
        full_invoice_number, lines
      from invoice where category = 'MONTHLY_VENDOR' and vendor = ${vendorUuid}
        and date_start = ${start}`.execute(db());
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      total_before_tax_cents: '1500',
      tax_cents: '300',
      total_cents: '1800',
      issuer: 'platform',
    });
    expect(rows[0]!.full_invoice_number).toMatch(/^FC-\d{4}-\d{6}$/);
    expect(rows[0]!.lines.map((l) => [l.netCents, l.vatRatePercent])).toEqual([
      [500, 20],
      [500, 20],
      [500, 20],
    ]);
    const count = await invoiceCount();
    await generate('vendor', start, end);
    expect(await invoiceCount()).toBe(count);
  }, 60_000);

  it('states shares net of returns, in the depositor’s language, once even when asked twice at once', async () => {
    const start = new Date();
    const { deposit, depositor } = await depositFor(vendorUuid);
    const contact = await t.client(CustomerService, 'admin').retrieve({ uuid: depositor });
    await t.client(CustomerService, 'vendor').partialUpdate({
      customer: { uuid: depositor, rowVersion: contact.rowVersion, language: 'en' },
      updateMask: { paths: ['language'] },
    });
    const [kept, returned] = await soldItems(deposit, 2, 40);
    // The second item comes back: its credit is reversed.
    const current = await t.client(ProductService, 'admin').retrieve({ uuid: returned! });
    await t.client(ProductService, 'vendor').partialUpdate({
      product: { uuid: returned!, rowVersion: current.rowVersion, saleStatus: SaleStatus.ONLINE },
      updateMask: { paths: ['sale_status'] },
    });
    const end = new Date(Date.now() + 1000);
    const period = { startDate: timestampFromDate(start), endDate: timestampFromDate(end) };
    const [a, b] = await Promise.all([
      invoices('vendor').generateInvoices({ ...period, customer: depositor }),
      invoices('admin').generateInvoices({ ...period, customer: depositor }),
    ]);
    expect(await taskEnded(a!.task)).toBe('COMPLETED');
    expect(await taskEnded(b!.task)).toBe('COMPLETED');

    const { rows } = await sql<{ uuid: string }>`
      select uuid from invoice where category = 'DEPOSIT_CUSTOMER'
        and customer = ${depositor}`.execute(db());
    expect(rows).toHaveLength(1);
    const statement = await invoices('vendor').retrieve({ uuid: rows[0]!.uuid });
    const { rows: credit } = await sql<{ amount_cents: string }>`
      select amount_cents::text from depositor_ledger_entry
      where product = ${kept!} and kind = 'SALE_CREDIT'`.execute(db());
    expect(statement.lines.map((l) => l.product)).toEqual([kept]);
    expect(statement.totalCents).toBe(BigInt(credit[0]!.amount_cents));
    expect(statement.language).toBe('en');
    const text = await pdfText(
      (await invoices('vendor').downloadInvoice({ uuid: statement.uuid })).data,
    );
    expect(text).toContain('Consignment sales statement');
    expect(text).toContain(statement.fullInvoiceNumber);
  }, 60_000);

  it('refuses a period ending before it starts, and a vendor naming another vendor or their contact', async () => {
    const tasksBefore = await taskCount();
    const now = new Date();
    expect(
      await refusalOf(
        invoices('vendor').generateInvoices({
          startDate: timestampFromDate(now),
          endDate: timestampFromDate(new Date(now.getTime() - 1000)),
        }),
      ),
    ).toEqual({ code: Code.InvalidArgument, reason: 'INVOICE_PERIOD_INVALID' });
    const week = {
      startDate: timestampFromDate(new Date(now.getTime() - 7 * 86_400_000)),
      endDate: timestampFromDate(now),
    };
    expect(
      await refusalOf(invoices('vendor').generateInvoices({ ...week, vendor: companyVendorUuid })),
    ).toEqual(forbidden);
    const { depositor: theirs } = await depositFor(companyVendorUuid);
    expect(
      await refusalOf(invoices('vendor').generateInvoices({ ...week, customer: theirs })),
    ).toEqual(forbidden);
    expect(await refusalOf(invoices('customer').generateInvoices(week))).toEqual(forbidden);
    expect(await taskCount()).toBe(tasksBefore);
  }, 60_000);
});

describe('statements, downloads and scopes', () => {
  let statement: Invoice;
  let periodStart: Date;

  beforeAll(async () => {
    // customer@ deposits with vendor@ and sells two items today.
    const { deposit } = await depositFor(vendorUuid, customerUuid);
    await soldItems(deposit, 2, 45);
    const start = new Date(Date.now() - 60_000);
    await new Promise((resolve) => setTimeout(resolve, 20));
    const { rows: todays } = await sql<{ n: number }>`
      select count(*)::int as n from depositor_ledger_entry
      where customer = ${customerUuid} and created_at >= ${start}`.execute(db());
    expect(Number(todays[0]!.n)).toBe(2);
    await generate('vendor', start, new Date(Date.now() + 1000), { customer: customerUuid });
    const { rows } = await sql<{ uuid: string }>`
      select uuid from invoice where category = 'DEPOSIT_CUSTOMER' and customer = ${customerUuid}
        and date_start = ${start}`.execute(db());
    expect(rows).toHaveLength(1);
    statement = await invoices('customer').retrieve({ uuid: rows[0]!.uuid });
    periodStart = start;
    expect(statement).toBeDefined();
  }, 120_000);

  it('gives the customer their own statement as a PDF naming its number and amounts', async () => {
    const { rows } = await sql<{ share: string }>`
      select sum(amount_cents)::text as share from depositor_ledger_entry
      where customer = ${customerUuid} and created_at >= ${periodStart}`.execute(db());
    expect(statement.totalCents).toBe(BigInt(rows[0]!.share));
    expect(statement.lines).toHaveLength(2);
    for (const line of statement.lines) {
      expect(line.salePriceCents).toBe(4500n);
      expect(line.commissionCents + line.netCents).toBe(4500n);
    }
    const file = await invoices('customer').downloadInvoice({ uuid: statement.uuid });
    expect(file.contentType).toBe('application/pdf');
    expect(file.filename).toBe(`${statement.fullInvoiceNumber}.pdf`);
    expect(Buffer.from(file.data.subarray(0, 5)).toString()).toBe('%PDF-');
    const text = await pdfText(file.data);
    expect(text).toContain(statement.fullInvoiceNumber);
    expect(text).toContain(euros(Number(statement.totalCents)));
    expect(text).toContain(euros(Number(statement.lines[0]!.netCents)));
  }, 60_000);

  it('lets nobody else read or download it, and keeps it off the public media route', async () => {
    expect(await refusalOf(invoices('company').downloadInvoice({ uuid: statement.uuid }))).toEqual(
      forbidden,
    );
    const seen = await refusalOf(invoices('company').retrieve({ uuid: statement.uuid }));
    expect([Code.PermissionDenied, Code.NotFound]).toContain(seen.code);
    const theirList = await invoices('company').list({ pagination: { pageSize: 1000 } });
    expect(theirList.results.map((i) => i.uuid)).not.toContain(statement.uuid);
    expect(theirList.results.every((i) => i.vendor === companyVendorUuid)).toBe(true);
    const other = await sql<{ uuid: string }>`
      select uuid from invoice where customer is not null and customer <> ${customerUuid}
        and vendor = ${vendorUuid} limit 1`.execute(db());
    expect(
      await refusalOf(invoices('customer').downloadInvoice({ uuid: other.rows[0]!.uuid })),
    ).toEqual(forbidden);
    const { rows } = await sql<{ pdf_file: string }>`
      select pdf_file from invoice where uuid = ${statement.uuid}`.execute(db());
    const response = await fetch(`${t.server.url}/media/${rows[0]!.pdf_file}`);
    expect(response.ok).toBe(false);
    // The vendor who issued it downloads it too.
    const file = await invoices('vendor').downloadInvoice({ uuid: statement.uuid });
    expect(file.data.length).toBeGreaterThan(1000);
  });

  it('moves the payment status forward only, and only staff confirm', async () => {
    const paid = await invoices('vendor').updateInvoiceStatus({
      uuid: statement.uuid,
      invoiceStatus: InvoiceStatus.PAYED,
    });
    expect(paid.invoiceStatus).toBe(InvoiceStatus.PAYED);
    expect(paid.invoicePayedDatetime).toBeDefined();
    expect(
      await refusalOf(
        invoices('vendor').updateInvoiceStatus({
          uuid: statement.uuid,
          invoiceStatus: InvoiceStatus.PAYEMENT_CONFIRMED,
        }),
      ),
    ).toEqual({ code: Code.PermissionDenied, reason: 'INVOICE_CONFIRMATION_STAFF_ONLY' });
    const confirmed = await invoices('admin').updateInvoiceStatus({
      uuid: statement.uuid,
      invoiceStatus: InvoiceStatus.PAYEMENT_CONFIRMED,
    });
    expect(confirmed.invoiceStatus).toBe(InvoiceStatus.PAYEMENT_CONFIRMED);
    expect(confirmed.invoicePayedDatetime).toEqual(paid.invoicePayedDatetime);
    for (const back of [InvoiceStatus.PAYED, InvoiceStatus.NOT_PAYED])
      expect(
        await refusalOf(
          invoices('admin').updateInvoiceStatus({ uuid: statement.uuid, invoiceStatus: back }),
        ),
      ).toEqual({ code: Code.FailedPrecondition, reason: 'INVOICE_STATUS_BACKWARDS' });
    expect(
      await refusalOf(
        invoices('company').updateInvoiceStatus({
          uuid: statement.uuid,
          invoiceStatus: InvoiceStatus.PAYED,
        }),
      ),
    ).toEqual(forbidden);
    expect(
      await refusalOf(
        invoices('customer').updateInvoiceStatus({
          uuid: statement.uuid,
          invoiceStatus: InvoiceStatus.PAYED,
        }),
      ),
    ).toEqual(forbidden);
  });
});

describe('credit notes and immutability', () => {
  let invoice: Invoice;

  beforeAll(async () => {
    const { deposit } = await depositFor(vendorUuid);
    const [item] = await soldItems(deposit, 1, 80);
    await withBuyer([item!]);
    invoice = await invoices('vendor').generateProductInvoice({ product: item! });
  }, 60_000);

  it('credits part, then what is left, each with its own number, never more', async () => {
    const first = await invoices('vendor').createCreditNote({
      invoice: invoice.uuid,
      reason: 'Geste commercial',
      lines: [{ label: 'Remise', amountCents: 1500n }],
    });
    expect(first.creditNoteOf).toBe(invoice.uuid);
    expect(first.totalCents).toBe(-1500n);
    expect(first.fullInvoiceNumber).toMatch(/^AV-\d{4}-\d{6}$/);
    expect(numberOf(first)).toBe(numberOf(invoice) + 1);
    expect(first.issuer).toBe(invoice.issuer);
    expect(first.creditNoteReason).toBe('Geste commercial');

    const count = await invoiceCount();
    expect(
      await refusalOf(
        invoices('vendor').createCreditNote({
          invoice: invoice.uuid,
          reason: 'Trop',
          lines: [{ label: 'Trop', amountCents: 6501n }],
        }),
      ),
    ).toEqual({ code: Code.FailedPrecondition, reason: 'CREDIT_NOTE_EXCEEDS_INVOICE' });
    expect(
      await refusalOf(
        invoices('vendor').createCreditNote({ invoice: first.uuid, reason: '', lines: [] }),
      ),
    ).toEqual({ code: Code.FailedPrecondition, reason: 'CREDIT_NOTE_OF_CREDIT_NOTE' });
    expect(
      await refusalOf(
        invoices('company').createCreditNote({ invoice: invoice.uuid, reason: '', lines: [] }),
      ),
    ).toEqual(forbidden);
    expect(await invoiceCount()).toBe(count);

    const rest = await invoices('vendor').createCreditNote({
      invoice: invoice.uuid,
      reason: 'Retour',
      lines: [],
    });
    expect(rest.totalCents).toBe(-6500n);
    expect(numberOf(rest)).toBe(numberOf(first) + 1);
    const after = await invoices('vendor').retrieve({ uuid: invoice.uuid });
    expect(after.remainingCents).toBe(0n);
    expect(after.totalCents).toBe(8000n);
    expect(
      await refusalOf(
        invoices('admin').createCreditNote({ invoice: invoice.uuid, reason: '', lines: [] }),
      ),
    ).toEqual({ code: Code.FailedPrecondition, reason: 'CREDIT_NOTE_EXCEEDS_INVOICE' });

    const text = await pdfText(
      (await invoices('vendor').downloadInvoice({ uuid: rest.uuid })).data,
    );
    expect(text).toContain(rest.fullInvoiceNumber);
    expect(text).toContain(invoice.fullInvoiceNumber);
    expect(text).toContain(euros(6500));
  }, 60_000);

  it('refuses a vendor crediting the platform’s commission invoice', async () => {
    const { rows } = await sql<{ uuid: string }>`
      select uuid from invoice where category = 'MONTHLY_VENDOR' and vendor = ${vendorUuid}
        and issuer = 'platform' limit 1`.execute(db());
    expect(rows[0]).toBeDefined();
    expect(
      await refusalOf(
        invoices('vendor').createCreditNote({ invoice: rows[0]!.uuid, reason: '', lines: [] }),
      ),
    ).toEqual({ code: Code.PermissionDenied, reason: 'CREDIT_NOTE_ISSUER_ONLY' });
  });

  it('attaches Factur-X XML the EN 16931 schema accepts to every kind of document', async () => {
    const { rows } = await sql<{ uuid: string; kind: string; number: string }>`
      select distinct on (category, credit_note_of is null) uuid,
        category::text || case when credit_note_of is null then '' else ' credit' end as kind,
        full_invoice_number as number
      from invoice where document is not null
      order by category, credit_note_of is null, created_at`.execute(db());
    expect(rows.map((r) => r.kind).sort()).toEqual([
      'DEPOSIT_CUSTOMER',
      'MONTHLY_VENDOR',
      'PRODUCT_SELL',
      'PRODUCT_SELL credit',
      'PROVIDER_INVOICE',
    ]);
    for (const row of rows) {
      const file = await invoices('admin').downloadInvoice({ uuid: row.uuid });
      const xml = await checkedFacturX(file.data);
      expect(xml).toContain(row.number);
      expect(xml).toContain(row.kind.endsWith('credit') ? '>381<' : '>380<');
    }
  }, 60_000);

  it('refuses any change to an issued invoice but its payment status, and any deletion', async () => {
    const attempts = [
      sql`update invoice set total_cents = 1 where uuid = ${invoice.uuid}`,
      sql`update invoice set full_invoice_number = 'X' where uuid = ${invoice.uuid}`,
      sql`update invoice set document = '{}'::jsonb where uuid = ${invoice.uuid}`,
      sql`update invoice set remaining_cents = 100 where uuid = ${invoice.uuid}`,
      sql`delete from invoice where uuid = ${invoice.uuid}`,
      sql`update invoice_number_sequence set last_number = 1`,
      sql`delete from invoice_number_sequence`,
    ];
    for (const attempt of attempts)
      await expect(attempt.execute(db())).rejects.toThrow(/never changed|only move forward/);
    await sql`update invoice set invoice_status = 'PAYED' where uuid = ${invoice.uuid}`.execute(
      db(),
    );
    const { rows } = await sql<{ total_cents: string; full_invoice_number: string }>`
      select total_cents::text, full_invoice_number from invoice
      where uuid = ${invoice.uuid}`.execute(db());
    expect(rows[0]).toEqual({
      total_cents: '8000',
      full_invoice_number: invoice.fullInvoiceNumber,
    });
  });
});
