import { Code, type HandlerContext } from '@connectrpc/connect';
import { create } from '@bufbuild/protobuf';
import { timestampDate } from '@bufbuild/protobuf/wkt';
import { sql } from 'kysely';
import {
  mapDatabaseErrors,
  requireCaller,
  requireInScope,
  requireUuid,
} from '../../crud/crudService.ts';
import { enumToLabel } from '../../crud/rowMapping.ts';
import { documentContentType } from '../../documents/store.ts';
import {
  checkStatusChange,
  isPeriodValid,
  type InvoiceStatusName,
} from '../../../src/domain/invoices/invoiceRules.ts';
import { parisDay } from '../../../src/domain/calendar.ts';
import { TaskName } from '../../../src/rpc/gen/seconde/v1/background_task_pb.ts';
import {
  GenerateInvoicesResponseSchema,
  InvoiceFileSchema,
  InvoiceService,
  InvoiceStatus,
  InvoiceStatusSchema,
  type CreateCreditNoteRequest,
  type DownloadInvoiceRequest,
  type GenerateInvoicesRequest,
  type GenerateProductInvoiceRequest,
  type UpdateInvoiceStatusRequest,
} from '../../../src/rpc/gen/seconde/v1/invoice_pb.ts';
import type { ServiceDeps } from '../deps.ts';
import { implement } from '../implement.ts';
import { issueCreditNote } from './creditNotes.ts';
import { invoiceMessage, lastDayOf, renderAndStore, renderQuietly } from './issue.ts';
import { periodInvoicesRunner, type PeriodPayload } from './periodInvoices.ts';
import { platformOf } from './platform.ts';
import { issueProductInvoice } from './productInvoice.ts';
import { refuse } from './refusals.ts';

/** The owner of a task started by staff for every vendor at once. */
const NOBODY = '00000000-0000-0000-0000-000000000000';

/**
 * InvoiceService's hand-written calls: period generation (a background task), sale invoices,
 * payment status, credit notes and downloads. The authorisation table has checked the caller's
 * role and every row the request names; each call narrows again to the caller's own rows.
 */
export function invoiceCallsHandlers(deps: ServiceDeps) {
  const { db, clock, tasks, documents } = deps;
  const platform = () => platformOf(deps.settings);
  tasks.register(
    TaskName.GENERATE_INVOICES,
    periodInvoicesRunner({ db, clock, documents, platform }),
    { idempotent: true },
  );

  async function generateInvoices(req: GenerateInvoicesRequest, ctx: HandlerContext) {
    const caller = requireCaller(ctx);
    const start = req.startDate ? timestampDate(req.startDate) : undefined;
    const end = req.endDate ? timestampDate(req.endDate) : undefined;
    if (!isPeriodValid(start, end))
      throw refuse(
        Code.InvalidArgument,
        'INVOICE_PERIOD_INVALID',
        'The period must end after it starts',
        start ? 'end_date' : 'start_date',
      );
    let vendor = req.vendor || undefined;
    if (!caller.isAdminLevel) {
      if (!caller.vendorUuid || (vendor && vendor !== caller.vendorUuid))
        throw refuse(
          Code.PermissionDenied,
          'FORBIDDEN',
          'You invoice your own sales only',
          'vendor',
        );
      vendor = caller.vendorUuid;
    }
    const customer = req.customer || undefined;
    const payload: PeriodPayload = {
      start: start!.toISOString(),
      end: end!.toISOString(),
      ...(vendor && { vendor }),
      ...(customer && { customer }),
    };
    const task = await tasks.enqueue({
      name: TaskName.GENERATE_INVOICES,
      vendorUuid: vendor ?? caller.vendorUuid ?? NOBODY,
      label: `${parisDay(start!)} – ${lastDayOf(end!)}`,
      payload: { ...payload },
      requestedBy: caller.sub,
    });
    return create(GenerateInvoicesResponseSchema, { task: task.uuid, count: 0 });
  }

  async function generateProductInvoice(req: GenerateProductInvoiceRequest, ctx: HandlerContext) {
    const caller = requireCaller(ctx);
    const uuid = await mapDatabaseErrors(() =>
      db.transaction().execute((trx) => issueProductInvoice(trx, caller, req, platform(), clock())),
    );
    await renderQuietly(db, documents, uuid);
    return invoiceMessage(db, uuid);
  }

  async function updateInvoiceStatus(req: UpdateInvoiceStatusRequest, ctx: HandlerContext) {
    const caller = requireCaller(ctx);
    requireUuid(req.uuid);
    if (req.invoiceStatus === InvoiceStatus.UNSPECIFIED)
      throw refuse(Code.InvalidArgument, 'FIELD_INVALID', 'Choose a status', 'invoice_status');
    const to = enumToLabel(InvoiceStatusSchema, req.invoiceStatus) as InvoiceStatusName;
    await db.transaction().execute(async (trx) => {
      const row = await requireInScope(
        trx,
        'invoice',
        req.uuid,
        caller,
        'read',
        'invoice',
        'for update',
      );
      const from = (row.invoice_status ?? 'NOT_PAYED') as InvoiceStatusName;
      const verdict = checkStatusChange(from, to, caller.isAdminLevel);
      if (!verdict.ok)
        throw refuse(
          verdict.reason === 'INVOICE_CONFIRMATION_STAFF_ONLY'
            ? Code.PermissionDenied
            : Code.FailedPrecondition,
          verdict.reason,
          verdict.reason === 'INVOICE_STATUS_BACKWARDS'
            ? `An invoice ${from} does not go back to ${to}`
            : 'Only staff confirm a payment',
          'invoice_status',
        );
      if (from === to) return;
      const now = clock();
      await sql`
        update invoice set invoice_status = ${to},
          invoice_payed_datetime = coalesce(invoice_payed_datetime, ${now}),
          updated_at = ${now}, row_version = row_version + 1
        where uuid = ${req.uuid}`.execute(trx);
    });
    return invoiceMessage(db, req.uuid);
  }

  async function createCreditNote(req: CreateCreditNoteRequest, ctx: HandlerContext) {
    const caller = requireCaller(ctx);
    const uuid = await mapDatabaseErrors(() =>
      db.transaction().execute((trx) => issueCreditNote(trx, caller, req, clock())),
    );
    await renderQuietly(db, documents, uuid);
    return invoiceMessage(db, uuid);
  }

  async function downloadInvoice(req: DownloadInvoiceRequest, ctx: HandlerContext) {
    const caller = requireCaller(ctx);
    requireUuid(req.uuid);
    const row = await requireInScope(db, 'invoice', req.uuid, caller, 'read', 'invoice');
    const stored = typeof row.pdf_file === 'string' ? await documents.get(row.pdf_file) : null;
    const data = stored ?? (await renderAndStore(db, documents, req.uuid));
    if (!data)
      throw refuse(
        Code.FailedPrecondition,
        'INVOICE_HAS_NO_DOCUMENT',
        'This invoice was not issued here: there is no document to download',
        'uuid',
      );
    const number = String(row.full_invoice_number ?? req.uuid).replace(/[^\w.-]+/g, '_');
    return create(InvoiceFileSchema, {
      data,
      filename: `${number}.pdf`,
      contentType: documentContentType('x.pdf'),
    });
  }

  return [
    implement(InvoiceService, {
      generateInvoices,
      generateProductInvoice,
      updateInvoiceStatus,
      createCreditNote,
      downloadInvoice,
    }),
  ] as const;
}
