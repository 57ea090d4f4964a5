import { execFile } from 'node:child_process';
import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { timestampFromDate } from '@bufbuild/protobuf/wkt';
import { sql } from 'kysely';
import { LISTED_CATEGORIES } from '../../src/machines/invoices/invoiceLogic.ts';
import { InvoiceService, InvoiceStatus } from '../../src/rpc/gen/seconde/v1/invoice_pb.ts';
import { startTestServer, type TestServer } from '../helpers/testServer.ts';

const run = promisify(execFile);

let t: TestServer;

beforeAll(async () => {
  t = await startTestServer({ demoProducts: 150 }, ['vendor', 'company', 'admin', 'customer']);
}, 120_000);

afterAll(async () => {
  await t?.close();
});

const db = () => t.server.db;

async function pdfText(data: Uint8Array): Promise<string> {
  const dir = await mkdtemp(path.join(tmpdir(), 'seconde-demo-invoice-'));
  const file = path.join(dir, 'invoice.pdf');
  await writeFile(file, data);
  const { stdout } = await run('pdftotext', ['-layout', file, '-']);
  return stdout.replace(/[\u00a0\u202f]/g, ' ');
}

interface Numbered {
  issuer: string;
  invoice_year: number;
  invoice_number: number;
  full_invoice_number: string;
  created_at: Date;
}

/** Every numbered invoice, by issuer and year, in the order of their numbers. */
async function sequences(): Promise<Map<string, Numbered[]>> {
  const { rows } = await sql<Numbered>`
    select issuer, invoice_year, invoice_number, full_invoice_number, created_at from invoice
    where issuer is not null order by issuer, invoice_year, invoice_number`.execute(db());
  const by = new Map<string, Numbered[]>();
  for (const row of rows) {
    const key = `${row.issuer} ${row.invoice_year}`;
    by.set(key, [...(by.get(key) ?? []), row]);
  }
  return by;
}

/** Numbers 1..n in each issuer's year, dated in the order of their numbers, as far as taken. */
async function expectUnbroken(): Promise<Map<string, Numbered[]>> {
  const by = await sequences();
  const { rows: taken } = await sql<{ issuer: string; year: number; last_number: number }>`
    select issuer, year, last_number from invoice_number_sequence`.execute(db());
  expect(taken.map((s) => `${s.issuer} ${s.year}`).sort()).toEqual([...by.keys()].sort());
  for (const [key, rows] of by) {
    expect(
      rows.map((r) => r.invoice_number),
      key,
    ).toEqual(rows.map((_, i) => i + 1));
    expect(taken.find((s) => `${s.issuer} ${s.year}` === key)!.last_number, key).toBe(rows.length);
    const dates = rows.map((r) => new Date(r.created_at).getTime());
    expect(dates, key).toEqual([...dates].sort((a, b) => a - b));
    for (const r of rows)
      expect(r.full_invoice_number.slice(-6), key).toBe(String(r.invoice_number).padStart(6, '0'));
  }
  return by;
}

describe('demo invoices', () => {
  it('are issued invoices: a number in their issuer’s sequence, lines and a document', async () => {
    const { rows } = await sql<{
      category: string;
      issuer: string | null;
      lines: unknown[];
      document: { number: string; totalGrossCents: number } | null;
      full_invoice_number: string;
      total_cents: string;
      pdf_file: string | null;
    }>`
      select category::text as category, issuer, lines, document, full_invoice_number,
        total_cents::text as total_cents, pdf_file from invoice`.execute(db());
    expect(new Set(rows.map((r) => r.category))).toEqual(
      new Set(['MONTHLY_VENDOR', 'DEPOSIT_CUSTOMER', 'PROVIDER_INVOICE', 'PRODUCT_SELL']),
    );
    for (const row of rows) {
      expect(row.issuer, row.full_invoice_number).not.toBeNull();
      expect(row.lines.length).toBeGreaterThan(0);
      expect(row.document?.number).toBe(row.full_invoice_number);
      expect(String(row.document?.totalGrossCents)).toBe(row.total_cents);
      // Rendered on first download, never while seeding.
      expect(row.pdf_file).toBeNull();
    }
    await expectUnbroken();
  });

  it('download as vendor@, every one of the default list, as a PDF naming its number', async () => {
    const vendor = t.client(InvoiceService, 'vendor', { category: LISTED_CATEGORIES });
    const list = await vendor.list({ pagination: { page: 1, pageSize: 500 } });
    expect(list.results.length).toBeGreaterThanOrEqual(7);
    const statuses = new Set(list.results.map((i) => i.invoiceStatus));
    expect(statuses).toEqual(
      new Set([InvoiceStatus.NOT_PAYED, InvoiceStatus.PAYED, InvoiceStatus.PAYEMENT_CONFIRMED]),
    );
    for (const invoice of list.results) {
      const file = await t.client(InvoiceService, 'vendor').downloadInvoice({ uuid: invoice.uuid });
      expect(file.contentType).toBe('application/pdf');
      const text = await pdfText(file.data);
      expect(text, invoice.fullInvoiceNumber).toContain(invoice.fullInvoiceNumber);
    }
    // The customer downloads their own statements too.
    const customer = t.client(InvoiceService, 'customer', { category: LISTED_CATEGORIES });
    const theirs = await customer.list({ pagination: { page: 1, pageSize: 500 } });
    expect(theirs.results.length).toBeGreaterThan(0);
    for (const invoice of theirs.results) {
      const file = await t.client(InvoiceService, 'customer').downloadInvoice({
        uuid: invoice.uuid,
      });
      expect(await pdfText(file.data)).toContain(invoice.fullInvoiceNumber);
    }
  }, 120_000);

  it('leave numbers unbroken when invoices are generated afterwards: they continue the sequence', async () => {
    const before = await expectUnbroken();
    const { vendorUuid } = await t.demoRecords();
    // Every sale of the demo ledger so far, up to now.
    const answer = await t.client(InvoiceService, 'admin').generateInvoices({
      startDate: timestampFromDate(new Date('2000-01-01T00:00:00Z')),
      endDate: timestampFromDate(new Date(Date.now() + 1000)),
    });
    const end = Date.now() + 120_000;
    for (;;) {
      const { rows } = await sql<{ status: string }>`
        select status::text as status from background_task where uuid = ${answer.task}`.execute(
        db(),
      );
      if (rows[0]?.status === 'COMPLETED') break;
      expect(rows[0]?.status).not.toBe('ERROR');
      if (Date.now() > end) throw new Error('generation still running');
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    const after = await expectUnbroken();
    // vendor@ issued statements in the demo and issues more now: they follow the demo's last.
    const vendorYear = `vendor:${vendorUuid} ${new Date().getFullYear()}`;
    expect(before.get(vendorYear)?.length).toBeGreaterThan(0);
    expect(after.get(vendorYear)!.length).toBeGreaterThan(before.get(vendorYear)!.length);
    for (const [key, seeded] of before) {
      const now = after.get(key)!;
      expect(now.slice(0, seeded.length), key).toEqual(seeded);
      for (const added of now.slice(seeded.length))
        expect(new Date(added.created_at).getTime(), key).toBeGreaterThanOrEqual(
          new Date(seeded.at(-1)!.created_at).getTime(),
        );
    }
  }, 180_000);
});
