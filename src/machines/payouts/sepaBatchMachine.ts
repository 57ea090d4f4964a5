import { assign, emit, fromPromise, setup } from 'xstate';
import { checkBic, checkIban } from '../../domain/bank/iban.ts';
import { isDayValue, type DayValue } from '../../domain/dates.ts';
import type { AppErrorCode } from '../../rpc/errors.ts';
import { errorCodeUpdate, refusalUpdate } from './payoutReasons.ts';
import type {
  BatchPreview,
  BatchResult,
  CreateBatchInput,
  Debtor,
  DebtorField,
  DebtorOnFile,
  BatchDepositor,
  Refusal,
} from './payoutTypes.ts';

export interface SepaBatchContext {
  /** `YYYY-MM-DD` in Paris: the earliest execution date. */
  readonly today: DayValue;
  readonly rows: readonly BatchDepositor[];
  /** Depositors ticked for the batch; only those a transfer can reach. */
  readonly selected: readonly string[];
  readonly executionDate: DayValue | null;
  readonly debtorOnFile: DebtorOnFile | null;
  /** The debtor account typed in, asked only while none is on file. */
  readonly debtor: Debtor;
  /** Sent with the creation; the same until a batch is made, so a retry makes it once. */
  readonly idempotencyKey: string | null;
  readonly result: BatchResult | null;
  /** Why the last creation or download was refused; the page stays as it was. */
  readonly refusal: Refusal | null;
  /** Why the preview could not be read (set exactly in `failed`). */
  readonly errorCode: AppErrorCode | null;
}

export type SepaBatchEvent =
  | { type: 'batch.toggle'; customer: string }
  | { type: 'batch.toggleAll' }
  | { type: 'batch.date'; value: DayValue | null }
  | { type: 'batch.debtor'; field: DebtorField; value: string }
  | { type: 'batch.create' }
  | { type: 'batch.download' }
  | { type: 'batch.retry' }
  | { type: 'batch.reload' };

/** Days a SEPA credit transfer may be asked for: open days, from today on. */
export function isExecutionDay(value: DayValue | null, today: DayValue): boolean {
  if (!value || !isDayValue(value) || value < today) return false;
  const day = new Date(`${value}T12:00:00Z`).getUTCDay();
  return day !== 0 && day !== 6;
}

/** What is wrong with the debtor account, field by field (the shared IBAN and BIC rules). */
export function debtorProblems(debtor: Debtor): Partial<Record<DebtorField, string>> {
  const problems: Partial<Record<DebtorField, string>> = {};
  if (debtor.name.trim() === '') problems.name = 'REQUIRED';
  const iban = checkIban(debtor.iban);
  if (!iban.ok) problems.iban = debtor.iban.trim() === '' ? 'REQUIRED' : iban.reason;
  if (debtor.bic.trim() !== '') {
    const bic = checkBic(debtor.bic);
    if (!bic.ok) problems.bic = bic.reason;
  }
  return problems;
}

/** The ticked depositors' total, in cents. */
export function selectedTotal(context: Pick<SepaBatchContext, 'rows' | 'selected'>): number {
  return context.rows
    .filter((r) => context.selected.includes(r.customer))
    .reduce((sum, r) => sum + r.payableCents, 0);
}

const eligible = (rows: readonly BatchDepositor[]) =>
  rows.filter((r) => r.reason === null && r.payableCents > 0).map((r) => r.customer);

const notProvided = (name: string) => () =>
  Promise.reject(new Error(`The SEPA batch actor "${name}" was not provided`));

/**
 * The batch payouts page: the depositors with something payable and whether a transfer can reach
 * them (the server's preview), ticked by default when it can; an execution date (an open day from
 * today on) and, when the server has none on file, the debtor account; then one SEPA file made
 * and saved, with its summary (count, total, those left out and why). The creation carries an
 * idempotency key kept until a batch is made, so a retry after a network failure makes it once.
 */
export const sepaBatchMachine = setup({
  types: {
    context: {} as SepaBatchContext,
    events: {} as SepaBatchEvent,
    input: {} as { today: DayValue },
    emitted: {} as { type: 'batch.created'; result: BatchResult },
  },
  actors: {
    previewBatch: fromPromise<BatchPreview, void>(notProvided('previewBatch')),
    createBatch: fromPromise<BatchResult, CreateBatchInput>(notProvided('createBatch')),
    downloadBatch: fromPromise<void, { uuid: string }>(notProvided('downloadBatch')),
  },
  guards: {
    canToggle: ({ context }, params: { customer: string }) =>
      eligible(context.rows).includes(params.customer),
    canCreate: ({ context }) =>
      context.selected.length > 0 &&
      isExecutionDay(context.executionDate, context.today) &&
      (context.debtorOnFile !== null || Object.keys(debtorProblems(context.debtor)).length === 0),
  },
  actions: {
    assignPreview: assign((_, params: BatchPreview) => ({
      rows: params.rows,
      debtorOnFile: params.debtorOnFile,
      selected: eligible(params.rows),
      result: null,
      refusal: null,
      idempotencyKey: crypto.randomUUID(),
    })),
    toggle: assign(({ context }, params: { customer: string }) => ({
      selected: context.selected.includes(params.customer)
        ? context.selected.filter((c) => c !== params.customer)
        : [...context.selected, params.customer],
      refusal: null,
    })),
    toggleAll: assign(({ context }) => {
      const all = eligible(context.rows);
      return { selected: context.selected.length === all.length ? [] : all, refusal: null };
    }),
    assignDate: assign((_, params: { value: DayValue | null }) => ({
      executionDate: params.value,
      refusal: null,
    })),
    assignDebtor: assign(({ context }, params: { field: DebtorField; value: string }) => ({
      debtor: { ...context.debtor, [params.field]: params.value },
      refusal: null,
    })),
    assignResult: assign((_, params: { result: BatchResult }) => ({
      result: params.result,
      refusal: null,
    })),
    emitCreated: emit((_, params: { result: BatchResult }) => ({
      type: 'batch.created' as const,
      result: params.result,
    })),
    assignRefusal: assign(refusalUpdate),
    clearRefusal: assign({ refusal: null }),
    assignError: assign(errorCodeUpdate),
    clearError: assign({ errorCode: null }),
  },
}).createMachine({
  id: 'sepaBatch',
  initial: 'loading',
  context: ({ input }) => ({
    today: input.today,
    rows: [],
    selected: [],
    executionDate: input.today,
    debtorOnFile: null,
    debtor: { name: '', iban: '', bic: '' },
    idempotencyKey: null,
    result: null,
    refusal: null,
    errorCode: null,
  }),
  states: {
    loading: {
      tags: ['busy'],
      invoke: {
        id: 'previewBatch',
        src: 'previewBatch',
        onDone: {
          target: 'ready',
          actions: { type: 'assignPreview', params: ({ event }) => event.output },
        },
        onError: {
          target: 'failed',
          actions: { type: 'assignError', params: ({ event }) => ({ error: event.error }) },
        },
      },
    },
    failed: {
      tags: ['error'],
      exit: 'clearError',
      on: { 'batch.retry': 'loading' },
    },
    ready: {
      tags: ['editable'],
      on: {
        'batch.toggle': {
          guard: { type: 'canToggle', params: ({ event }) => ({ customer: event.customer }) },
          actions: { type: 'toggle', params: ({ event }) => ({ customer: event.customer }) },
        },
        'batch.toggleAll': { actions: 'toggleAll' },
        'batch.date': {
          actions: { type: 'assignDate', params: ({ event }) => ({ value: event.value }) },
        },
        'batch.debtor': {
          actions: {
            type: 'assignDebtor',
            params: ({ event }) => ({ field: event.field, value: event.value }),
          },
        },
        'batch.create': { guard: 'canCreate', target: 'creating', actions: 'clearRefusal' },
        'batch.reload': 'loading',
      },
    },
    creating: {
      tags: ['busy'],
      invoke: {
        id: 'createBatch',
        src: 'createBatch',
        input: ({ context }) => ({
          customers: context.selected,
          executionDate: context.executionDate!,
          idempotencyKey: context.idempotencyKey!,
          debtor: context.debtorOnFile ? null : context.debtor,
        }),
        onDone: {
          target: 'created',
          actions: [
            { type: 'assignResult', params: ({ event }) => ({ result: event.output }) },
            { type: 'emitCreated', params: ({ event }) => ({ result: event.output }) },
          ],
        },
        onError: {
          target: 'ready',
          actions: { type: 'assignRefusal', params: ({ event }) => ({ error: event.error }) },
        },
      },
    },
    created: {
      on: {
        'batch.download': { target: 'downloading', actions: 'clearRefusal' },
        // A new preview: those just paid are gone, a new batch gets a new key.
        'batch.reload': 'loading',
      },
    },
    downloading: {
      tags: ['busy'],
      invoke: {
        id: 'downloadBatch',
        src: 'downloadBatch',
        input: ({ context }) => ({ uuid: context.result!.uuid }),
        onDone: 'created',
        onError: {
          target: 'created',
          actions: { type: 'assignRefusal', params: ({ event }) => ({ error: event.error }) },
        },
      },
    },
  },
});
