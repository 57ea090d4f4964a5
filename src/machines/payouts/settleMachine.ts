import { assign, emit, fromPromise, setup } from 'xstate';
import { parisDay } from '../../domain/calendar.ts';
import { isDayValue, type DayValue } from '../../domain/dates.ts';
import type { AppErrorCode } from '../../rpc/errors.ts';
import { errorCodeUpdate, refusalUpdate } from './payoutReasons.ts';
import type { PayableItem, PayoutMethod, PayoutRow, Refusal } from './payoutTypes.ts';

/** Everything payable by a day, or only the items ticked. */
export type SettleScope = 'cutOff' | 'items';

/** What the dialog sends; one key per opening, so a retry after a network failure pays once. */
export interface SettleInput {
  readonly customer: string;
  readonly method: PayoutMethod;
  readonly chequeNumber: string;
  readonly memo: string;
  readonly cutOff: DayValue;
  /** Empty: everything payable by the cut-off. */
  readonly products: readonly string[];
  readonly idempotencyKey: string;
}

export interface SettleContext {
  readonly customer: string;
  readonly today: DayValue;
  readonly items: readonly PayableItem[];
  readonly scope: SettleScope;
  readonly cutOff: DayValue | null;
  readonly selected: readonly string[];
  readonly method: PayoutMethod;
  readonly chequeNumber: string;
  readonly memo: string;
  /** Drawn when the dialog opens; null while it is closed. */
  readonly idempotencyKey: string | null;
  readonly payout: PayoutRow | null;
  /** Why the last payout or receipt download was refused; the dialog keeps what was chosen. */
  readonly refusal: Refusal | null;
  /** Why the payable items could not be read (set exactly in `failed`). */
  readonly errorCode: AppErrorCode | null;
}

export type SettleEvent =
  | { type: 'settle.open' }
  | { type: 'settle.close' }
  | { type: 'settle.retry' }
  | { type: 'settle.scope'; scope: SettleScope }
  | { type: 'settle.cutOff'; value: DayValue | null }
  | { type: 'settle.toggleItem'; product: string }
  | { type: 'settle.method'; method: PayoutMethod }
  | { type: 'settle.chequeNumber'; value: string }
  | { type: 'settle.memo'; value: string }
  | { type: 'settle.submit' }
  | { type: 'settle.downloadReceipt' };

/** Longest memo the server takes (it is the transfer's remittance text). */
export const MEMO_MAX = 140;
export const CHEQUE_NUMBER_MAX = 32;

/** The items the choice covers: those payable by the cut-off day, or those ticked. */
export function chosenItems(
  context: Pick<SettleContext, 'items' | 'scope' | 'cutOff' | 'selected'>,
): PayableItem[] {
  if (context.scope === 'items')
    return context.items.filter((i) => context.selected.includes(i.product));
  const { cutOff } = context;
  if (!cutOff) return [];
  return context.items.filter(
    (i) => i.payableAt !== null && parisDay(new Date(i.payableAt)) <= cutOff,
  );
}

/** What the payout will be, in cents, shown before confirming. */
export function settleTotal(
  context: Pick<SettleContext, 'items' | 'scope' | 'cutOff' | 'selected'>,
): number {
  return chosenItems(context).reduce((sum, i) => sum + i.amountCents, 0);
}

/** Fields the dialog refuses before sending, with their reason. */
export function settleProblems(
  context: Pick<SettleContext, 'method' | 'chequeNumber' | 'cutOff' | 'today' | 'scope'>,
): Partial<Record<'chequeNumber' | 'cutOff', string>> {
  const problems: Partial<Record<'chequeNumber' | 'cutOff', string>> = {};
  if (context.method === 'CHEQUE' && context.chequeNumber.trim() === '')
    problems.chequeNumber = 'PAYOUT_CHEQUE_NUMBER_REQUIRED';
  if (
    context.scope === 'cutOff' &&
    (!context.cutOff || !isDayValue(context.cutOff) || context.cutOff > context.today)
  )
    problems.cutOff = 'CUT_OFF_INVALID';
  return problems;
}

const notProvided = (name: string) => () =>
  Promise.reject(new Error(`The settle actor "${name}" was not provided`));

const initial = {
  items: [],
  scope: 'cutOff',
  selected: [],
  method: 'BANK_TRANSFER',
  chequeNumber: '',
  memo: '',
  idempotencyKey: null,
  payout: null,
  refusal: null,
  errorCode: null,
} as const;

/**
 * "Settle account" on a depositor's balance tab: a dialog that reads what is payable item by item,
 * lets the vendor pay everything payable by a cut-off day or only the items ticked, by transfer,
 * cash, cheque (with its number) or store credit, with a memo, shows the total, and pays once:
 * the idempotency key is drawn when the dialog opens and kept through refusals and network
 * failures. The dialog cannot be closed while paying; a refusal keeps everything chosen. Once
 * paid it offers the receipt and emits `settle.settled` so the balance and history reload.
 */
export const settleMachine = setup({
  types: {
    context: {} as SettleContext,
    events: {} as SettleEvent,
    input: {} as { customer: string; today: DayValue },
    emitted: {} as { type: 'settle.settled'; payout: PayoutRow },
  },
  actors: {
    loadPayable: fromPromise<readonly PayableItem[], { customer: string }>(
      notProvided('loadPayable'),
    ),
    settle: fromPromise<PayoutRow, SettleInput>(notProvided('settle')),
    downloadReceipt: fromPromise<void, { uuid: string }>(notProvided('downloadReceipt')),
  },
  guards: {
    canSubmit: ({ context }) =>
      Object.keys(settleProblems(context)).length === 0 && settleTotal(context) > 0,
    isPayable: ({ context }, params: { product: string }) =>
      context.items.some((i) => i.product === params.product),
  },
  actions: {
    startOpening: assign(({ context }) => ({
      ...initial,
      cutOff: context.today,
      idempotencyKey: crypto.randomUUID(),
    })),
    closeDialog: assign(({ context }) => ({ ...initial, cutOff: context.today })),
    assignItems: assign((_, params: { items: readonly PayableItem[] }) => ({
      items: params.items,
    })),
    assignChoice: assign((_, params: Partial<SettleContext>) => ({ ...params, refusal: null })),
    toggleItem: assign(({ context }, params: { product: string }) => ({
      scope: 'items' as const,
      selected: context.selected.includes(params.product)
        ? context.selected.filter((p) => p !== params.product)
        : [...context.selected, params.product],
      refusal: null,
    })),
    assignPayout: assign((_, params: { payout: PayoutRow }) => ({
      payout: params.payout,
      refusal: null,
    })),
    emitSettled: emit((_, params: { payout: PayoutRow }) => ({
      type: 'settle.settled' as const,
      payout: params.payout,
    })),
    assignRefusal: assign(refusalUpdate),
    clearRefusal: assign({ refusal: null }),
    assignError: assign(errorCodeUpdate),
    clearError: assign({ errorCode: null }),
  },
}).createMachine({
  id: 'settle',
  initial: 'closed',
  context: ({ input }) => ({
    ...initial,
    customer: input.customer,
    today: input.today,
    cutOff: input.today,
  }),
  states: {
    closed: {
      on: { 'settle.open': { target: 'open', actions: 'startOpening' } },
    },
    open: {
      initial: 'loading',
      on: { 'settle.close': { target: 'closed', actions: 'closeDialog' } },
      states: {
        loading: {
          tags: ['busy'],
          invoke: {
            id: 'loadPayable',
            src: 'loadPayable',
            input: ({ context }) => ({ customer: context.customer }),
            onDone: {
              target: 'editing',
              actions: { type: 'assignItems', params: ({ event }) => ({ items: event.output }) },
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
          on: { 'settle.retry': 'loading' },
        },
        editing: {
          tags: ['editable'],
          on: {
            'settle.scope': {
              actions: { type: 'assignChoice', params: ({ event }) => ({ scope: event.scope }) },
            },
            'settle.cutOff': {
              actions: {
                type: 'assignChoice',
                params: ({ event }) => ({ cutOff: event.value, scope: 'cutOff' as const }),
              },
            },
            'settle.toggleItem': {
              guard: { type: 'isPayable', params: ({ event }) => ({ product: event.product }) },
              actions: { type: 'toggleItem', params: ({ event }) => ({ product: event.product }) },
            },
            'settle.method': {
              actions: { type: 'assignChoice', params: ({ event }) => ({ method: event.method }) },
            },
            'settle.chequeNumber': {
              actions: {
                type: 'assignChoice',
                params: ({ event }) => ({ chequeNumber: event.value.slice(0, CHEQUE_NUMBER_MAX) }),
              },
            },
            'settle.memo': {
              actions: {
                type: 'assignChoice',
                params: ({ event }) => ({ memo: event.value.slice(0, MEMO_MAX) }),
              },
            },
            'settle.submit': { guard: 'canSubmit', target: 'settling', actions: 'clearRefusal' },
          },
        },
        settling: {
          tags: ['busy'],
          // Paying cannot be walked away from: the answer decides what the dialog shows.
          on: { 'settle.close': {} },
          invoke: {
            id: 'settle',
            src: 'settle',
            input: ({ context }) => ({
              customer: context.customer,
              method: context.method,
              chequeNumber: context.method === 'CHEQUE' ? context.chequeNumber.trim() : '',
              memo: context.memo.trim(),
              cutOff: context.scope === 'cutOff' ? context.cutOff! : context.today,
              products: context.scope === 'items' ? context.selected : [],
              idempotencyKey: context.idempotencyKey!,
            }),
            onDone: {
              target: 'settled',
              actions: [
                { type: 'assignPayout', params: ({ event }) => ({ payout: event.output }) },
                { type: 'emitSettled', params: ({ event }) => ({ payout: event.output }) },
              ],
            },
            onError: {
              target: 'editing',
              actions: { type: 'assignRefusal', params: ({ event }) => ({ error: event.error }) },
            },
          },
        },
        settled: {
          on: { 'settle.downloadReceipt': { target: 'downloading', actions: 'clearRefusal' } },
        },
        downloading: {
          tags: ['busy'],
          invoke: {
            id: 'downloadReceipt',
            src: 'downloadReceipt',
            input: ({ context }) => ({ uuid: context.payout!.uuid }),
            onDone: 'settled',
            onError: {
              target: 'settled',
              actions: { type: 'assignRefusal', params: ({ event }) => ({ error: event.error }) },
            },
          },
        },
      },
    },
  },
});
