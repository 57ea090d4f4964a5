// A month of invoicing: 10,000 items sold in one month for 500 depositors of one vendor, then the
// month's invoices generated as a vendor does it (GenerateInvoices, a background task): 500
// sales statements and the platform's commission invoice, each a Factur-X PDF stored on the
// server. Figures: total time, PDFs per second, the server's peak memory above its level before
// the run. The baseline, in the same run and process: rendering one statement of the same size
// (20 items) alone. The ratio is the time per issued invoice over that baseline, so it says what
// numbering, reading, storing and the task cost on top of drawing the PDF.
//
// The work is the server's; it is driven through the same Connect call and background task as
// the invoices page, and timed from the call to the task's end.
import type { DescService } from '@bufbuild/protobuf';
import { createClient, type Client } from '@connectrpc/connect';
import { createConnectTransport } from '@connectrpc/connect-node';
import { sql } from 'kysely';
import { Agent } from 'node:http';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { startServer } from '../server/app.ts';
import { renderInvoicePdf } from '../server/documents/invoicePdf.ts';
import type { InvoiceDocument } from '../server/documents/model.ts';
import { backfillSaleLedger } from '../server/services/ledger/backfill.ts';
import { InvoiceService } from '../src/rpc/gen/seconde/v1/invoice_pb.ts';
import { SessionService } from '../src/rpc/gen/seconde/v1/session_pb.ts';
import { demoToken } from '../tests/helpers/demoClient.ts';
import { median, printTable, round, RUNS, writeResults } from './harness.ts';

const DEPOSITORS = Number(process.env.BENCH_INVOICE_DEPOSITORS ?? 500);
const ITEMS = Number(process.env.BENCH_INVOICE_ITEMS ?? 10_000);
const VENDOR = 'vendor@seconde.test';
const BASELINE_RENDERS = 20;

type Server = Awaited<ReturnType<typeof startServer>>;

/**
 * A Connect client that opens a connection per call: the seeding keeps the process busy for
 * longer than the server keeps an idle connection, and a reused one would be reset under it.
 */
function client<S extends DescService>(baseUrl: string, service: S, token: string): Client<S> {
  return createClient(
    service,
    createConnectTransport({
      baseUrl,
      httpVersion: '1.1',
      useBinaryFormat: true,
      nodeOptions: { agent: new Agent({ keepAlive: false }) },
      interceptors: [
        (next) => (req) => {
          req.header.set('authorization', `Bearer ${token}`);
          return next(req);
        },
      ],
    }),
  );
}

/** The month the run invoices: a past one of its own per run, so each run issues everything anew. */
function monthOf(run: number): { start: Date; end: Date } {
  return { start: new Date(Date.UTC(2024, run, 1)), end: new Date(Date.UTC(2024, run + 1, 1)) };
}

/** Depositors of the vendor, one deposit each, and ITEMS items sold and paid within `month`. */
async function seedMonth(server: Server, vendor: string, month: { start: Date; end: Date }) {
  const db = server.db;
  const tag = `${month.start.toISOString().slice(0, 7)}-${Date.now()}`;
  const span = month.end.getTime() - month.start.getTime();
  await sql`
    with c as (
      insert into customer (first_name, last_name, email, vendors, address, postal_code, city)
      select 'Dépo', 'Banc ' || i, 'banc.' || ${tag} || '.' || i || '@exemple.fr',
             array[${vendor}::uuid], i || ' rue des Lilas', '75011', 'Paris'
      from generate_series(1, ${DEPOSITORS}) i
      returning uuid, last_name)
    insert into deposit (name, status, vendor, customer, deposit_selling_mode_status)
    select 'Banc ' || ${tag} || ' ' || c.last_name, 'INLINE', ${vendor}::uuid, c.uuid, 'DEPOSIT_SELL'
    from c`.execute(db);
  const { rows: deposits } = await sql<{ uuid: string }>`
    select uuid from deposit where name like ${`Banc ${tag} %`} order by uuid`.execute(db);
  await sql`
    insert into product (deposit, reference, name, sale_status, suggested_price, selled_price,
      customer_income, vendor_income, provider_income, sell_datetime, payed_datetime)
    select d.uuids[1 + (i % ${deposits.length})], 'BENCH-' || i, 'Article ' || i, 'PAYED',
      40, 36, 18, 14.4, 3.6,
      ${month.start}::timestamptz + (i::bigint * ${Math.floor(span / ITEMS)}::bigint || ' milliseconds')::interval,
      ${month.start}::timestamptz + (i::bigint * ${Math.floor(span / ITEMS)}::bigint || ' milliseconds')::interval
    from generate_series(0, ${ITEMS - 1}) i,
      (select ${deposits.map((d) => d.uuid)}::uuid[] as uuids) d`.execute(db);
  await backfillSaleLedger(db);
}

/** One statement of the month's average size, as the generation draws it. */
function typicalStatement(): InvoiceDocument {
  const count = Math.round(ITEMS / DEPOSITORS);
  const party = (name: string) => ({
    name,
    addressLines: ['12 rue des Lilas'],
    postalCode: '75011',
    city: 'Paris',
    countryCode: 'FR',
    isProfessional: false,
  });
  const lines = Array.from({ length: count }, (_, i) => ({
    label: `BENCH-${i} – Article ${i}`,
    quantity: 1,
    unitPriceCents: 1800,
    netCents: 1800,
    vatRatePercent: 0,
    details: [
      { labelKey: 'documents.detailSalePrice', cents: 3600 },
      { labelKey: 'documents.detailCommission', cents: 1800 },
    ],
  }));
  const total = count * 1800;
  return {
    kind: 'DEPOSIT_CUSTOMER',
    language: 'fr',
    number: 'R-2024-000001',
    issueDate: '2024-02-01',
    dueDate: '2024-03-02',
    period: { start: '2024-01-01', end: '2024-01-31' },
    seller: { ...party('Valérie Vendeuse'), siret: '81234567800013', isProfessional: true },
    buyer: party('Dépo Banc 1'),
    lines,
    vat: { kind: 'FRANCHISE' },
    totalNetCents: total,
    totalVatCents: 0,
    totalGrossCents: total,
    paidCents: 0,
    dueCents: total,
    currency: 'EUR',
  };
}

async function taskEnded(server: Server, uuid: string): Promise<void> {
  for (;;) {
    const { rows } = await sql<{ status: string; progress_messages: unknown }>`
      select status::text as status, progress_messages from background_task
      where uuid = ${uuid}`.execute(server.db);
    const status = rows[0]?.status;
    if (status === 'COMPLETED') return;
    if (status === 'ERROR') throw new Error(`Invoicing failed: ${JSON.stringify(rows[0])}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

export async function benchInvoices(): Promise<void> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'seconde-bench-invoices-'));
  console.log(`Invoicing: ${ITEMS} items sold in a month for ${DEPOSITORS} depositors…`);
  const server = await startServer({ port: 0, host: '127.0.0.1', dataDir, seed: 'demo' });
  try {
    const token = await demoToken(
      { url: server.url, issuer: server.issuer, clientId: server.clientId },
      VENDOR,
    );
    const vendor = (await client(server.url, SessionService, token).getCurrentUser({})).vendorUuid;
    // The baseline's first render also loads the fonts: one render before timing.
    await renderInvoicePdf(typicalStatement());
    const runs: Record<string, number>[] = [];
    for (let run = 0; run < RUNS; run++) {
      const month = monthOf(run);
      await seedMonth(server, vendor, month);
      const baselineStart = performance.now();
      for (let i = 0; i < BASELINE_RENDERS; i++) await renderInvoicePdf(typicalStatement());
      const onePdfMs = (performance.now() - baselineStart) / BASELINE_RENDERS;

      global.gc?.();
      const rssBefore = process.memoryUsage().rss;
      let rssPeak = rssBefore;
      const sampler = setInterval(() => {
        rssPeak = Math.max(rssPeak, process.memoryUsage().rss);
      }, 50);
      const started = performance.now();
      const { task } = await client(server.url, InvoiceService, token).generateInvoices({
        startDate: { seconds: BigInt(month.start.getTime() / 1000), nanos: 0 },
        endDate: { seconds: BigInt(month.end.getTime() / 1000), nanos: 0 },
      });
      await taskEnded(server, task);
      const totalMs = performance.now() - started;
      clearInterval(sampler);
      const { rows } = await sql<{ n: number; pdfs: number }>`
        select count(*)::int as n, count(pdf_file)::int as pdfs from invoice
        where date_start = ${month.start}`.execute(server.db);
      const issued = rows[0]?.n ?? 0;
      if (issued < DEPOSITORS) throw new Error(`Only ${issued} invoices issued for the month`);
      runs.push({
        invoices: issued,
        pdfs: rows[0]?.pdfs ?? 0,
        totalMs,
        pdfsPerSecond: ((rows[0]?.pdfs ?? 0) * 1000) / totalMs,
        peakMemoryMb: (rssPeak - rssBefore) / 2 ** 20,
        onePdfMs,
        ratio: totalMs / issued / onePdfMs,
      });
      console.log(`  run ${run + 1}: ${Math.round(totalMs)} ms for ${issued} invoices`);
    }
    const figures = Object.fromEntries(
      Object.keys(runs[0]!).map((k) => [k, median(runs.map((r) => r[k]!))]),
    );
    await writeResults('invoicing', {
      depositors: DEPOSITORS,
      items: ITEMS,
      runs: RUNS,
      figures,
      baseline: `one ${Math.round(ITEMS / DEPOSITORS)}-item statement rendered alone`,
    });
    printTable(
      `Invoicing a month: ${ITEMS} items, ${DEPOSITORS} depositors (median of ${RUNS} runs)`,
      { month: round(figures) },
    );
  } finally {
    await server.close();
    await rm(dataDir, { recursive: true, force: true });
  }
}
