import { create } from '@bufbuild/protobuf';
import { Code, ConnectError, type HandlerContext } from '@connectrpc/connect';
import { sql, type Kysely } from 'kysely';
import { PDFDocument } from 'pdf-lib';
import { parisDay } from '../../../src/domain/calendar.ts';
import { LABEL_BATCH_KEPT_DAYS, batchKeptUntil } from '../../../src/domain/shipping/labelBatch.ts';
import { TaskName } from '../../../src/rpc/gen/seconde/v1/background_task_pb.ts';
import {
  LabelFormat,
  ShippingLabelService,
  SkippedShipmentSchema,
  type DownloadShippingLabelBatchRequest,
  type PrintShippingLabelsRequest,
} from '../../../src/rpc/gen/seconde/v1/shipping_label_pb.ts';
import { requireCaller, requireInScope } from '../../crud/crudService.ts';
import type { Database } from '../../db/schema.gen.ts';
import { documentKey, type DocumentStore } from '../../documents/store.ts';
import { fail, reasonOf } from '../../rpc/reasons.ts';
import type { ServiceDeps } from '../deps.ts';
import { implement } from '../implement.ts';
import { TaskFailure, type TaskRunner } from '../tasks/taskQueue.ts';
import { carrierClientOf, requireCarrier, type CarrierClient } from './carrierClient.ts';

/** A4 in PDF points. */
const A4_PAGE = { width: 595.28, height: 841.89 } as const;
/** Labels on one A4 sheet: two columns, two rows, as the carrier's own A4 sheet has them. */
const PER_A4 = 4;

/** An item left out of a batch and why. */
export interface Skipped {
  readonly product: string;
  readonly name: string;
  readonly reason: string;
}

/** A label the task prints: its parcel at the carrier, and the item it ships. */
interface BatchLine {
  readonly label: string;
  readonly parcel: string;
  readonly product: string;
  readonly name: string;
}

interface BatchPayload {
  readonly format: 'a4' | '10x15';
  readonly lines: readonly BatchLine[];
  /** Written by the run: where the PDF is, and what it could not print. */
  readonly result?: { key: string; printed: number; skipped: Skipped[] };
}

/** Statuses whose label no longer stands for a parcel to send, each with the reason told. */
const LEFT_OUT: Readonly<Record<string, string>> = {
  CANCELED: 'LABEL_CANCELED',
  EXPIRED: 'LABEL_ENDED',
  ERROR: 'LABEL_ENDED',
  RETURNED: 'LABEL_ENDED',
};

const itemName = (reference: unknown, name: unknown) =>
  [reference, name].filter((part) => typeof part === 'string' && part.trim()).join(' – ');

/**
 * Assembles carrier label PDFs (10 × 15 cm each) into one document: one label per page for label
 * printers, or four per A4 sheet (two by two, scaled to fit a quarter) for office printers.
 */
export async function mergeLabels(
  files: readonly Uint8Array[],
  format: 'a4' | '10x15',
): Promise<Uint8Array> {
  const out = await PDFDocument.create();
  out.setTitle(format === 'a4' ? 'Étiquettes (A4)' : 'Étiquettes (10 × 15)');
  if (format === '10x15') {
    for (const file of files) {
      const source = await PDFDocument.load(file);
      for (const page of await out.copyPages(source, source.getPageIndices())) out.addPage(page);
    }
    return out.save();
  }
  const cell = { width: A4_PAGE.width / 2, height: A4_PAGE.height / 2 };
  let sheet = out.addPage([A4_PAGE.width, A4_PAGE.height]);
  for (const [i, file] of files.entries()) {
    if (i > 0 && i % PER_A4 === 0) sheet = out.addPage([A4_PAGE.width, A4_PAGE.height]);
    const [label] = await out.embedPdf(file, [0]);
    const { width, height } = label!;
    const scale = Math.min(cell.width / width, cell.height / height, 1);
    const slot = i % PER_A4;
    // Top-left first, reading order: PDF's origin is the bottom-left corner.
    const x = (slot % 2) * cell.width + (cell.width - width * scale) / 2;
    const y = A4_PAGE.height - (Math.floor(slot / 2) + 1) * cell.height;
    sheet.drawPage(label!, {
      x,
      y: y + (cell.height - height * scale) / 2,
      xScale: scale,
      yScale: scale,
    });
  }
  return out.save();
}

/** The task: fetches each label from the carrier, merges them, stores the PDF with the task. */
function printRunner(
  db: Kysely<Database>,
  documents: DocumentStore,
  carrier: () => CarrierClient | undefined,
  clock: () => Date,
): TaskRunner {
  return async (payload, report, context) => {
    const { format, lines } = payload as unknown as BatchPayload;
    const client = requireCarrier(carrier);
    await report.setTotal(lines.length);
    const files: Uint8Array[] = [];
    const skipped: Skipped[] = [];
    for (const [i, line] of lines.entries()) {
      report.signal.throwIfAborted();
      try {
        // Always the 10 × 15 file: the A4 sheets are laid out here, four labels each.
        files.push(await client.labelPdf(line.parcel, '10x15'));
      } catch (error) {
        const reason = reasonOf(ConnectError.from(error)) ?? 'CARRIER_UNAVAILABLE';
        skipped.push({ product: line.product, name: line.name, reason });
        await report.progress(i + 1, `${line.name}: ${reason}`);
        continue;
      }
      await report.progress(i + 1);
    }
    if (files.length === 0)
      throw new TaskFailure('The carrier gave none of the labels; nothing was printed');
    const merged = await mergeLabels(files, format);
    const key = documentKey('labels', clock().getUTCFullYear(), context.taskUuid);
    await documents.put(key, merged);
    const result = { key, printed: files.length, skipped };
    await sql`update background_task
      set payload = payload || ${JSON.stringify({ result })}::jsonb, updated_at = ${clock()}
      where uuid = ${context.taskUuid}`.execute(db);
  };
}

/**
 * Batch printing: the chosen sold items' labels into one PDF, built by a background task the task
 * panel follows; items without a printable label are told apart with their reason at once, labels
 * the carrier does not give when the task runs are told with the file. The task's owner downloads
 * the PDF again (task panel) for LABEL_BATCH_KEPT_DAYS after the task ended.
 */
export function labelBatchHandlers(deps: ServiceDeps) {
  const { db, clock, documents, tasks } = deps;
  const carrier = carrierClientOf(deps.shipping, deps.publicUrl);
  tasks.register(TaskName.PRINT_SHIPPING_LABELS, printRunner(db, documents, carrier, clock), {
    idempotent: true,
  });

  async function printLabels(req: PrintShippingLabelsRequest, ctx: HandlerContext) {
    const caller = requireCaller(ctx);
    const vendor = caller.vendorUuid;
    if (!vendor)
      throw fail(Code.FailedPrecondition, 'NO_OWN_RECORD', 'Only a vendor prints their labels');
    const products = [...new Set(req.products)];
    if (products.length === 0)
      throw fail(Code.InvalidArgument, 'INVALID_ARGUMENT', 'Choose the items to print');
    const { rows } = await sql<{
      uuid: string;
      reference: string | null;
      name: string | null;
      label: string | null;
      status: string | null;
      parcel: string | null;
    }>`
      select p.uuid::text as uuid, p.reference, p.name, l.uuid::text as label,
        l.delivery_status::text as status, l.carrier_parcel_id as parcel
      from product p join deposit d on d.uuid = p.deposit
      left join lateral (
        select * from shipping_label l
        where l.vendor = d.vendor and l.shipped_content_type = 'product'
          and l.shipped_object_uuid = p.uuid::text and not l.is_return
        -- A label still standing for the parcel first, else the newest.
        order by (coalesce(l.delivery_status::text, '') in ('CANCELED', 'EXPIRED', 'ERROR',
          'RETURNED')), l.created_at desc
        limit 1) l on true
      where d.vendor = ${vendor} and p.uuid::text in (${sql.join(products)})
      order by p.reference nulls last, p.name`.execute(db);
    const lines: BatchLine[] = [];
    const skipped: Skipped[] = [];
    for (const row of rows) {
      const name = itemName(row.reference, row.name) || row.uuid;
      const reason = !row.label || !row.parcel ? 'NO_LABEL' : LEFT_OUT[row.status ?? ''];
      if (reason) skipped.push({ product: row.uuid, name, reason });
      else lines.push({ label: row.label!, parcel: row.parcel!, product: row.uuid, name });
    }
    const skippedMessages = skipped.map((s) => create(SkippedShipmentSchema, s));
    if (lines.length === 0) return { task: '', count: 0, skipped: skippedMessages };
    const format = req.format === LabelFormat.A4 ? 'a4' : '10x15';
    const payload: BatchPayload = { format, lines };
    const task = await tasks.enqueue({
      name: TaskName.PRINT_SHIPPING_LABELS,
      vendorUuid: vendor,
      label: `${lines.length} × ${format === 'a4' ? 'A4' : '10×15'} · ${parisDay(clock())}`,
      payload: { ...payload },
      totalItems: lines.length,
      requestedBy: caller.sub,
    });
    return { task: task.uuid, count: lines.length, skipped: skippedMessages };
  }

  async function downloadBatch(req: DownloadShippingLabelBatchRequest, ctx: HandlerContext) {
    const caller = requireCaller(ctx);
    const task = await requireInScope(db, 'background_task', req.task, caller, 'read', 'task');
    if (task.task_name !== 'PRINT_SHIPPING_LABELS')
      throw fail(Code.NotFound, 'NOT_FOUND', 'No label batch has this task');
    const result = (task.payload as BatchPayload | null)?.result;
    if (task.status === 'ERROR')
      throw fail(Code.FailedPrecondition, 'LABEL_BATCH_FAILED', 'This batch could not be printed');
    if (task.status !== 'COMPLETED' || !result)
      throw fail(
        Code.FailedPrecondition,
        'LABEL_BATCH_NOT_READY',
        'The labels are still being printed',
      );
    const ended = (task.last_run_end_datetime ?? task.updated_at) as Date;
    if (batchKeptUntil(new Date(ended)) <= clock())
      throw fail(
        Code.FailedPrecondition,
        'LABEL_BATCH_EXPIRED',
        `A batch's PDF is kept ${LABEL_BATCH_KEPT_DAYS} days; print the labels again`,
      );
    const file = await documents.get(result.key);
    if (!file) throw fail(Code.NotFound, 'NOT_FOUND', 'The batch file is no longer kept');
    return {
      file,
      fileName: `etiquettes-${parisDay(task.created_at as Date)}.pdf`,
      contentType: 'application/pdf',
      printed: result.printed,
      skipped: result.skipped.map((s) => create(SkippedShipmentSchema, s)),
    };
  }

  return [implement(ShippingLabelService, { printLabels, downloadBatch })] as const;
}
