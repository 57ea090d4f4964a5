import { assign, emit, fromPromise, setup } from 'xstate';
import { toAppError, type AppErrorCode } from '../../rpc/errors.ts';
import {
  periodErrors,
  shortcutPeriod,
  type Period,
  type PeriodErrors,
  type PeriodField,
  type PeriodShortcut,
} from './invoicePeriods.ts';
import { invoiceReasonKey } from './invoiceReasons.ts';

/** A customer or vendor the dialog may restrict the generation to. */
export interface PartyOption {
  readonly uuid: string;
  readonly label: string;
}

export interface PartyOptions {
  readonly customers: readonly PartyOption[];
  /** Staff only; a vendor generates their own invoices. */
  readonly vendors: readonly PartyOption[];
}

/** What GenerateInvoices is sent: the period, and at most one party ('' for none). */
export interface GenerateInput extends Period {
  readonly customer: string;
  readonly vendor: string;
}

export interface GenerateContext {
  /** Staff may restrict to a vendor as well as to a customer. */
  readonly isStaff: boolean;
  readonly values: GenerateInput;
  readonly parties: PartyOptions;
  /** The parties could not be read: the period alone may still be sent. */
  readonly partiesFailed: boolean;
  readonly fieldErrors: PeriodErrors;
  /** Bumped on every refused submit, so the view focuses the first wrong field again. */
  readonly refusals: number;
  readonly errorCode: AppErrorCode | null;
  readonly errorKey: string | null;
}

export type GenerateEvent =
  | { type: 'generate.open'; now: Date }
  | { type: 'generate.close' }
  | { type: 'generate.shortcut'; shortcut: PeriodShortcut; now: Date }
  | { type: 'generate.change'; field: PeriodField | 'customer' | 'vendor'; value: string }
  | { type: 'generate.submit' };

/** Told once the server queued the generation: the task panel follows `task`. */
export type GenerateEmitted = { type: 'generate.queued'; task: string; count: number };

const EMPTY: GenerateInput = { dateFrom: '', dateTo: '', customer: '', vendor: '' };
const NO_PARTIES: PartyOptions = { customers: [], vendors: [] };

const notProvided = (id: string) => () =>
  Promise.reject(new Error(`The generate invoices actor "${id}" was not provided`));

/**
 * The "Generate invoices" dialog: a period (typed or from a shortcut, last month by default),
 * optionally one customer (or, for staff, one vendor), checked with the period rules before it is
 * sent; the server's refusal stays in the dialog with its text. Once queued, the dialog closes
 * and `generate.queued` names the background task.
 */
export const generateInvoicesMachine = setup({
  types: {
    context: {} as GenerateContext,
    events: {} as GenerateEvent,
    input: {} as { isStaff: boolean },
    emitted: {} as GenerateEmitted,
  },
  actors: {
    loadParties: fromPromise<PartyOptions, { isStaff: boolean }>(notProvided('loadParties')),
    generateInvoices: fromPromise<{ task: string; count: number }, GenerateInput>(
      notProvided('generateInvoices'),
    ),
  },
  guards: {
    /** Only staff restrict to a vendor; a vendor invoices their own sales. */
    canChange: ({ context }, params: { field: string }) =>
      params.field !== 'vendor' || context.isStaff,
    isPeriodValid: ({ context }) => Object.keys(periodErrors(context.values)).length === 0,
  },
  actions: {
    openWith: assign((_, params: { now: Date }) => ({
      values: { ...EMPTY, ...shortcutPeriod('lastMonth', params.now) },
      fieldErrors: {},
      errorCode: null,
      errorKey: null,
    })),
    assignParties: assign((_, params: { parties: PartyOptions }) => ({
      parties: params.parties,
      partiesFailed: false,
    })),
    markPartiesFailed: assign({ parties: NO_PARTIES, partiesFailed: true }),
    assignShortcut: assign(({ context }, params: { shortcut: PeriodShortcut; now: Date }) => ({
      values: { ...context.values, ...shortcutPeriod(params.shortcut, params.now) },
      fieldErrors: {},
    })),
    assignValue: assign(
      ({ context }, params: { field: GenerateEvent & { type: 'generate.change' } }) => {
        const { field, value } = params.field;
        // One party at most: choosing a customer clears the vendor and the other way round.
        const other =
          field === 'customer' && value
            ? { vendor: '' }
            : field === 'vendor' && value
              ? { customer: '' }
              : {};
        return {
          values: { ...context.values, [field]: value, ...other },
          fieldErrors: { ...context.fieldErrors, [field]: undefined },
        };
      },
    ),
    assignLocalErrors: assign(({ context }) => ({
      fieldErrors: periodErrors(context.values),
      refusals: context.refusals + 1,
    })),
    assignRefusal: assign(({ context }, params: { error: unknown }) => {
      const error = toAppError(params.error);
      const own = invoiceReasonKey(error.reason);
      // A period refused by the server is said at the end date, as the local check does.
      const atPeriod = error.reason === 'INVOICE_PERIOD_INVALID';
      return {
        fieldErrors: atPeriod ? { dateTo: own ?? error.i18nKey } : {},
        refusals: context.refusals + 1,
        errorCode: error.code,
        errorKey: atPeriod ? null : (own ?? error.i18nKey),
      };
    }),
    clearError: assign({ errorCode: null, errorKey: null }),
    emitQueued: emit((_, params: { task: string; count: number }) => ({
      type: 'generate.queued' as const,
      ...params,
    })),
  },
}).createMachine({
  id: 'generateInvoices',
  initial: 'closed',
  context: ({ input }) => ({
    isStaff: input.isStaff,
    values: EMPTY,
    parties: NO_PARTIES,
    partiesFailed: false,
    fieldErrors: {},
    refusals: 0,
    errorCode: null,
    errorKey: null,
  }),
  states: {
    closed: {
      on: {
        'generate.open': {
          target: 'open',
          actions: { type: 'openWith', params: ({ event }) => ({ now: event.now }) },
        },
      },
    },
    open: {
      initial: 'loadingParties',
      states: {
        loadingParties: {
          tags: ['busy'],
          invoke: {
            id: 'loadParties',
            src: 'loadParties',
            input: ({ context }) => ({ isStaff: context.isStaff }),
            onDone: {
              target: 'editing',
              actions: {
                type: 'assignParties',
                params: ({ event }) => ({ parties: event.output }),
              },
            },
            onError: { target: 'editing', actions: 'markPartiesFailed' },
          },
          on: {
            'generate.close': { target: '#generateInvoices.closed' },
            'generate.shortcut': {
              actions: { type: 'assignShortcut', params: ({ event }) => event },
            },
            'generate.change': {
              guard: { type: 'canChange', params: ({ event }) => event },
              actions: { type: 'assignValue', params: ({ event }) => ({ field: event }) },
            },
          },
        },
        editing: {
          tags: ['editable'],
          initial: 'idle',
          states: { idle: {}, refused: { tags: ['error'] }, invalid: {} },
          on: {
            // Closing is refused while the call runs: it would be queued all the same.
            'generate.close': { target: '#generateInvoices.closed', actions: 'clearError' },
            'generate.shortcut': {
              target: '.idle',
              actions: ['clearError', { type: 'assignShortcut', params: ({ event }) => event }],
            },
            'generate.change': {
              guard: { type: 'canChange', params: ({ event }) => event },
              target: '.idle',
              actions: [
                'clearError',
                { type: 'assignValue', params: ({ event }) => ({ field: event }) },
              ],
            },
            'generate.submit': [
              { guard: 'isPeriodValid', target: 'submitting', actions: 'clearError' },
              { target: '.invalid', actions: 'assignLocalErrors' },
            ],
          },
        },
        submitting: {
          tags: ['busy'],
          invoke: {
            id: 'generateInvoices',
            src: 'generateInvoices',
            input: ({ context }) => context.values,
            onDone: {
              target: '#generateInvoices.closed',
              actions: { type: 'emitQueued', params: ({ event }) => event.output },
            },
            onError: {
              target: 'editing.refused',
              actions: { type: 'assignRefusal', params: ({ event }) => ({ error: event.error }) },
            },
          },
        },
      },
    },
  },
});
