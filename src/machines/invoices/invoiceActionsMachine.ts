import { assign, emit, fromPromise, setup } from 'xstate';
import { checkStatusChange, type InvoiceStatusName } from '../../domain/invoices/invoiceRules.ts';
import { toAppError, type AppErrorCode } from '../../rpc/errors.ts';
import { invoiceReasonKey } from './invoiceReasons.ts';

/** What the row actions need of an invoice. */
export interface ActionInvoice {
  readonly uuid: string;
  readonly number: string;
  /** NOT_PAYED, PAYED, PAYEMENT_CONFIRMED; null when unknown. */
  readonly status: string | null;
  readonly isCreditNote: boolean;
  /** What is left to credit, in cents (0 on a credit note). */
  readonly remainingCents: number;
  /** "platform", "company:<uuid>" or "vendor:<uuid>"; '' for an invoice the app did not issue. */
  readonly issuer: string;
}

export type StatusTarget = 'PAYED' | 'PAYEMENT_CONFIRMED';

export interface InvoiceActionsContext {
  readonly isStaff: boolean;
  /** The signed-in vendor, for the invoices they issued; null for staff without one and customers. */
  readonly vendorUuid: string | null;
  /** The invoice of the open dialog or of the running call. */
  readonly target: ActionInvoice | null;
  /** The status the open dialog moves the invoice to; null for a credit note. */
  readonly to: StatusTarget | null;
  /** Why the credit note is issued, as typed. */
  readonly reason: string;
  readonly errorCode: AppErrorCode | null;
  readonly errorKey: string | null;
}

export type InvoiceActionsEvent =
  | { type: 'invoice.download'; invoice: ActionInvoice }
  | { type: 'invoice.markPaid'; invoice: ActionInvoice }
  | { type: 'invoice.confirmPayment'; invoice: ActionInvoice }
  | { type: 'invoice.creditNote'; invoice: ActionInvoice }
  | { type: 'invoice.reason'; value: string }
  | { type: 'invoice.confirm' }
  | { type: 'invoice.cancel' };

/** Facts for the view: a toast, and the list loading again after a change. */
export type InvoiceActionsEmitted =
  | { type: 'invoice.downloaded'; number: string }
  | { type: 'invoice.downloadFailed'; number: string; errorKey: string }
  | { type: 'invoice.changed'; number: string; kind: 'status' | 'creditNote' };

/** Longest reason the contract takes. */
export const CREDIT_NOTE_REASON_MAX = 1000;

const notProvided = (id: string) => () =>
  Promise.reject(new Error(`The invoice actions actor "${id}" was not provided`));

const statusName = (status: string | null): InvoiceStatusName | null =>
  status === 'NOT_PAYED' || status === 'PAYED' || status === 'PAYEMENT_CONFIRMED' ? status : null;

/** May the caller move this invoice to `to`? One step forward, confirmation by staff only. */
export function canMove(invoice: ActionInvoice, to: StatusTarget, isStaff: boolean): boolean {
  const from = statusName(invoice.status);
  if (!from || from === to) return false;
  // Marking paid is the step after NOT_PAYED; confirming, the step after PAYED.
  if (to === 'PAYEMENT_CONFIRMED' && from !== 'PAYED') return false;
  return checkStatusChange(from, to, isStaff).ok;
}

/**
 * May the caller credit this invoice? An issued invoice with something left, by its issuer: staff,
 * or the vendor for their own or their company's (the platform's invoices: staff only).
 */
export function canCredit(
  invoice: ActionInvoice,
  isStaff: boolean,
  vendorUuid: string | null,
): boolean {
  if (invoice.isCreditNote || invoice.remainingCents <= 0 || !invoice.issuer) return false;
  if (isStaff) return true;
  // A vendor reads only invoices of theirs: a company issuer there is their company.
  return (
    vendorUuid !== null &&
    (invoice.issuer === `vendor:${vendorUuid}` || invoice.issuer.startsWith('company:'))
  );
}

/**
 * The invoices page's row actions, one at a time: downloading a PDF (saved under its own name),
 * marking an invoice paid and confirming its payment (each after a confirmation), and issuing a
 * credit note with its reason. Refusals stay in the dialog with their text; a failed download is
 * told once (`invoice.downloadFailed`), and each change asks the list to load again.
 */
export const invoiceActionsMachine = setup({
  types: {
    context: {} as InvoiceActionsContext,
    events: {} as InvoiceActionsEvent,
    input: {} as { isStaff: boolean; vendorUuid: string | null },
    emitted: {} as InvoiceActionsEmitted,
  },
  actors: {
    downloadInvoice: fromPromise<void, { uuid: string }>(notProvided('downloadInvoice')),
    updateStatus: fromPromise<void, { uuid: string; to: StatusTarget }>(
      notProvided('updateStatus'),
    ),
    createCreditNote: fromPromise<void, { uuid: string; reason: string }>(
      notProvided('createCreditNote'),
    ),
  },
  guards: {
    canMarkPaid: ({ context }, params: { invoice: ActionInvoice }) =>
      canMove(params.invoice, 'PAYED', context.isStaff),
    canConfirmPayment: ({ context }, params: { invoice: ActionInvoice }) =>
      canMove(params.invoice, 'PAYEMENT_CONFIRMED', context.isStaff),
    canCredit: ({ context }, params: { invoice: ActionInvoice }) =>
      canCredit(params.invoice, context.isStaff, context.vendorUuid),
    hasReason: ({ context }) =>
      context.reason.trim() !== '' && context.reason.length <= CREDIT_NOTE_REASON_MAX,
  },
  actions: {
    assignTarget: assign((_, params: { invoice: ActionInvoice; to: StatusTarget | null }) => ({
      target: params.invoice,
      to: params.to,
      reason: '',
      errorCode: null,
      errorKey: null,
    })),
    assignReason: assign((_, params: { value: string }) => ({ reason: params.value })),
    assignError: assign((_, params: { error: unknown }) => {
      const error = toAppError(params.error);
      return { errorCode: error.code, errorKey: invoiceReasonKey(error.reason) ?? error.i18nKey };
    }),
    clear: assign({ target: null, to: null, reason: '', errorCode: null, errorKey: null }),
    clearError: assign({ errorCode: null, errorKey: null }),
    emitDownloaded: emit(({ context }) => ({
      type: 'invoice.downloaded' as const,
      number: context.target?.number ?? '',
    })),
    emitDownloadFailed: emit(({ context }, params: { error: unknown }) => {
      const error = toAppError(params.error);
      return {
        type: 'invoice.downloadFailed' as const,
        number: context.target?.number ?? '',
        errorKey: invoiceReasonKey(error.reason) ?? error.i18nKey,
      };
    }),
    emitChanged: emit(({ context }) => ({
      type: 'invoice.changed' as const,
      number: context.target?.number ?? '',
      kind: context.to ? ('status' as const) : ('creditNote' as const),
    })),
  },
}).createMachine({
  id: 'invoiceActions',
  initial: 'idle',
  context: ({ input }) => ({
    isStaff: input.isStaff,
    vendorUuid: input.vendorUuid,
    target: null,
    to: null,
    reason: '',
    errorCode: null,
    errorKey: null,
  }),
  states: {
    idle: {
      on: {
        'invoice.download': {
          target: 'downloading',
          actions: { type: 'assignTarget', params: ({ event }) => ({ ...event, to: null }) },
        },
        'invoice.markPaid': {
          guard: { type: 'canMarkPaid', params: ({ event }) => event },
          target: 'confirmingStatus',
          actions: { type: 'assignTarget', params: ({ event }) => ({ ...event, to: 'PAYED' }) },
        },
        'invoice.confirmPayment': {
          guard: { type: 'canConfirmPayment', params: ({ event }) => event },
          target: 'confirmingStatus',
          actions: {
            type: 'assignTarget',
            params: ({ event }) => ({ ...event, to: 'PAYEMENT_CONFIRMED' }),
          },
        },
        'invoice.creditNote': {
          guard: { type: 'canCredit', params: ({ event }) => event },
          target: 'creditNote',
          actions: { type: 'assignTarget', params: ({ event }) => ({ ...event, to: null }) },
        },
      },
    },
    downloading: {
      tags: ['busy'],
      invoke: {
        id: 'downloadInvoice',
        src: 'downloadInvoice',
        input: ({ context }) => ({ uuid: context.target?.uuid ?? '' }),
        onDone: { target: 'idle', actions: ['emitDownloaded', 'clear'] },
        onError: {
          target: 'idle',
          actions: [
            { type: 'emitDownloadFailed', params: ({ event }) => ({ error: event.error }) },
            'clear',
          ],
        },
      },
    },
    confirmingStatus: {
      initial: 'asking',
      states: { asking: {}, refused: { tags: ['error'] } },
      on: {
        'invoice.cancel': { target: 'idle', actions: 'clear' },
        'invoice.confirm': { target: 'updatingStatus', actions: 'clearError' },
      },
    },
    updatingStatus: {
      tags: ['busy'],
      invoke: {
        id: 'updateStatus',
        src: 'updateStatus',
        input: ({ context }) => ({ uuid: context.target?.uuid ?? '', to: context.to ?? 'PAYED' }),
        onDone: { target: 'idle', actions: ['emitChanged', 'clear'] },
        onError: {
          target: 'confirmingStatus.refused',
          actions: { type: 'assignError', params: ({ event }) => ({ error: event.error }) },
        },
      },
    },
    creditNote: {
      tags: ['editable'],
      initial: 'editing',
      // `missing`: sent without a reason, said at the field.
      states: { editing: {}, missing: {}, refused: { tags: ['error'] } },
      on: {
        'invoice.cancel': { target: 'idle', actions: 'clear' },
        'invoice.reason': {
          target: '.editing',
          actions: ['clearError', { type: 'assignReason', params: ({ event }) => event }],
        },
        'invoice.confirm': [
          { guard: 'hasReason', target: 'creatingCreditNote', actions: 'clearError' },
          { target: '.missing', actions: 'clearError' },
        ],
      },
    },
    creatingCreditNote: {
      tags: ['busy'],
      invoke: {
        id: 'createCreditNote',
        src: 'createCreditNote',
        input: ({ context }) => ({
          uuid: context.target?.uuid ?? '',
          reason: context.reason.trim(),
        }),
        onDone: { target: 'idle', actions: ['emitChanged', 'clear'] },
        onError: {
          target: 'creditNote.refused',
          actions: { type: 'assignError', params: ({ event }) => ({ error: event.error }) },
        },
      },
    },
  },
});
