import { execFileSync } from 'node:child_process';
import { Code } from '@connectrpc/connect';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LABEL_BATCH_KEPT_DAYS } from '../../src/domain/shipping/labelBatch.ts';
import {
  ShippingLabelService,
  LabelFormat,
} from '../../src/rpc/gen/seconde/v1/shipping_label_pb.ts';
import {
  addSendingPlace,
  pdfText,
  savedPdf,
  startCarrierSandbox,
  type CarrierSandbox,
} from '../helpers/carrierSandbox.ts';
import { refusalOf, startTestServer, type TestServer } from '../helpers/testServer.ts';

let t: TestServer;
let carrier: CarrierSandbox;
let counter = 0;

beforeAll(async () => {
  carrier = await startCarrierSandbox('batch_suite', () => t.server.url);
  const plenty = { STARTER: 50, ESSENTIAL: 50, PRO: 50, PREMIUM: 50, FORMATION: 50 };
  t = await startTestServer(
    { demoProducts: 0, shipping: { ...carrier.settings, freeLabelsPerMonth: plenty } },
    ['vendor', 'company'],
  );
  await addSendingPlace(t);
});

afterAll(async () => {
  await t?.close();
  await carrier?.double.close();
});

const db = () => t.server.db;
const labels = () => t.client(ShippingLabelService, 'vendor');

/** A sold product of vendor@ (written directly: selling is another area's test). */
async function soldProduct(): Promise<string> {
  const vendor = (await t.me('vendor')).vendorUuid;
  const n = ++counter;
  const deposit = (
    await sql<{ uuid: string }>`insert into deposit (vendor, name)
      values (${vendor}, ${`Lot ${n}`}) returning uuid`.execute(db())
  ).rows[0]!.uuid;
  return (
    await sql<{ uuid: string }>`insert into product (deposit, name, reference, sale_status)
      values (${deposit}, ${`Robe ${n}`}, ${`B-${String(n).padStart(3, '0')}`}, 'SELL')
      returning uuid`.execute(db())
  ).rows[0]!.uuid;
}

/** A free label for the product; answers its tracking number. */
async function labelled(product: string): Promise<{ uuid: string; tracking: string }> {
  const made = await labels().createFreeLabel({
    order: {
      shippedContentType: 'product',
      shippedObjectUuid: product,
      idempotencyKey: `batch-${product}`,
      recipientServicePointId: '10002',
      recipientName: 'Camille Martin',
      recipientEmail: 'camille@example.test',
      recipientPhone: '+33612345678',
    },
  });
  return { uuid: made.uuid, tracking: made.trackingNumber };
}

async function taskEnded(uuid: string): Promise<string> {
  const end = Date.now() + 60_000;
  for (;;) {
    const { rows } = await sql<{ status: string }>`
      select status::text as status from background_task where uuid = ${uuid}`.execute(db());
    const status = rows[0]?.status ?? '';
    if (status === 'COMPLETED' || status === 'ERROR') return status;
    if (Date.now() > end) throw new Error(`task ${uuid} still ${status}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

function pdfPages(bytes: Uint8Array): { pages: number; size: string } {
  const info = execFileSync('pdfinfo', [savedPdf(bytes)], { encoding: 'utf8' });
  return {
    pages: Number(/Pages:\s+(\d+)/.exec(info)![1]),
    size: /Page size:\s+([\d.]+ x [\d.]+)/.exec(info)![1]!,
  };
}

describe('a batch of labels', () => {
  let items: string[] = [];
  let tracking: string[] = [];

  beforeAll(async () => {
    items = [];
    for (let i = 0; i < 5; i++) items.push(await soldProduct());
    tracking = [];
    for (const product of items.slice(0, 3)) tracking.push((await labelled(product)).tracking);
    // The fifth item's label is cancelled; the fourth never had one.
    const cancelled = await labelled(items[4]!);
    await labels().cancel({ uuid: cancelled.uuid });
  });

  it('prints the labelled items on A4, four a sheet, and lists the others with their reason', async () => {
    const started = await labels().printLabels({ products: items, format: LabelFormat.A4 });
    expect(started.count).toBe(3);
    expect(started.skipped.map((s) => [s.product, s.reason, s.name])).toEqual([
      [items[3], 'NO_LABEL', 'B-004 – Robe 4'],
      [items[4], 'LABEL_CANCELED', 'B-005 – Robe 5'],
    ]);
    expect(await taskEnded(started.task)).toBe('COMPLETED');
    const task = (
      await sql<{ task_name: string; total_items: number; current_item_number: number }>`
        select task_name::text as task_name, total_items, current_item_number
        from background_task where uuid = ${started.task}`.execute(db())
    ).rows[0]!;
    expect(task).toEqual({
      task_name: 'PRINT_SHIPPING_LABELS',
      total_items: 3,
      current_item_number: 3,
    });

    const batch = await labels().downloadBatch({ task: started.task });
    expect(batch.contentType).toBe('application/pdf');
    expect(batch.fileName).toMatch(/^etiquettes-\d{4}-\d{2}-\d{2}\.pdf$/);
    expect(batch.printed).toBe(3);
    expect(batch.skipped).toEqual([]);
    expect(pdfPages(batch.file)).toEqual({ pages: 1, size: '595.28 x 841.89' });
    const text = pdfText(batch.file);
    for (const number of tracking) expect(text).toContain(number);
  });

  it('prints one label per 10 × 15 page, and tells a label the carrier did not give', async () => {
    const started = await labels().printLabels({
      products: items.slice(0, 3),
      format: LabelFormat.LABEL_PRINTER,
    });
    expect(started.skipped).toEqual([]);
    // The first label asked of the carrier fails: that item is told with the file, not lost.
    carrier.sandbox.failNext(1, 503, '/panel/api/v2/labels/');
    expect(await taskEnded(started.task)).toBe('COMPLETED');
    const batch = await labels().downloadBatch({ task: started.task });
    expect(batch.printed).toBe(2);
    expect(batch.skipped.map((s) => [s.product, s.reason])).toEqual([
      [items[0], 'CARRIER_UNAVAILABLE'],
    ]);
    const pages = pdfPages(batch.file);
    expect(pages.pages).toBe(2);
    expect(pages.size).toMatch(/^283\.4\d x 425\.2/);
    const text = pdfText(batch.file);
    expect(text).not.toContain(tracking[0]);
    expect(text).toContain(tracking[1]);
    expect(text).toContain(tracking[2]);
  });

  it('starts no task when no chosen item has a label', async () => {
    const before = (
      await sql<{ n: number }>`select count(*)::int as n from background_task`.execute(db())
    ).rows[0]!.n;
    const started = await labels().printLabels({ products: [items[3]!], format: LabelFormat.A4 });
    expect(started).toMatchObject({ task: '', count: 0 });
    expect(started.skipped.map((s) => s.reason)).toEqual(['NO_LABEL']);
    const after = (
      await sql<{ n: number }>`select count(*)::int as n from background_task`.execute(db())
    ).rows[0]!.n;
    expect(after).toBe(before);
  });

  it('another vendor neither prints these items nor reads the batch', async () => {
    const other = t.client(ShippingLabelService, 'company');
    const refused = await refusalOf(other.printLabels({ products: [items[0]!] }));
    expect([Code.PermissionDenied, Code.NotFound]).toContain(refused.code);
    const started = await labels().printLabels({ products: [items[1]!] });
    expect(await taskEnded(started.task)).toBe('COMPLETED');
    const read = await refusalOf(other.downloadBatch({ task: started.task }));
    expect([Code.PermissionDenied, Code.NotFound]).toContain(read.code);
    expect((await labels().downloadBatch({ task: started.task })).printed).toBe(1);
  });

  it('is downloaded again while its PDF is kept, then refused with its reason', async () => {
    const started = await labels().printLabels({ products: [items[0]!, items[2]!] });
    expect(await taskEnded(started.task)).toBe('COMPLETED');
    const first = await labels().downloadBatch({ task: started.task });
    const again = await labels().downloadBatch({ task: started.task });
    expect(again.printed).toBe(2);
    expect(pdfPages(again.file).pages).toBe(2);
    expect(again.file).toEqual(first.file);
    const endedAgo = (days: number) =>
      sql`update background_task
        set last_run_end_datetime = now() - make_interval(days => ${days})
        where uuid = ${started.task}`.execute(db());
    await endedAgo(LABEL_BATCH_KEPT_DAYS - 1);
    expect((await labels().downloadBatch({ task: started.task })).printed).toBe(2);
    await endedAgo(LABEL_BATCH_KEPT_DAYS);
    expect(await refusalOf(labels().downloadBatch({ task: started.task }))).toEqual({
      code: Code.FailedPrecondition,
      reason: 'LABEL_BATCH_EXPIRED',
    });
  });
});
