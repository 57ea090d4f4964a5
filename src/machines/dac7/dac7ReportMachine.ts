import { assign, fromPromise, setup } from 'xstate';
import type { AppErrorCode } from '../../rpc/errors.ts';
import { failedState, loadingState } from '../shared/loadStates.ts';
import { errorCodeUpdate, refusalUpdate } from '../payouts/payoutReasons.ts';
import type { Refusal } from '../payouts/payoutTypes.ts';

export interface Dac7QuarterRow {
  readonly considerationCents: number;
  readonly sales: number;
  readonly feesCents: number;
  readonly taxesCents: number;
}

export interface Dac7SellerRow extends Dac7QuarterRow {
  readonly key: string;
  readonly kind: 'INDIVIDUAL' | 'ENTITY';
  readonly vendor: string;
  readonly name: string;
  readonly address: string;
  readonly tin: string;
  readonly birthDate: string;
  readonly birthPlace: string;
  readonly registrationNumber: string;
  readonly ibanMasked: string;
  readonly quarters: readonly Dac7QuarterRow[];
  readonly missing: readonly string[];
}

export interface Dac7Check {
  readonly sellers: readonly Dac7SellerRow[];
  readonly excluded: readonly Dac7SellerRow[];
  readonly ready: boolean;
}

/** What staff type for a person-seller: the TIN, the date and place of birth. */
export interface SellerDraft {
  readonly vendor: string;
  readonly name: string;
  readonly tin: string;
  readonly birthDate: string;
  readonly birthPlace: string;
}
export type DraftField = 'tin' | 'birthDate' | 'birthPlace';

export interface Dac7Built {
  readonly filename: string;
  readonly sellerCount: number;
}

export interface Dac7ReportContext {
  readonly year: number;
  readonly check: Dac7Check | null;
  readonly draft: SellerDraft | null;
  readonly built: Dac7Built | null;
  /** The file name of the last readable summary saved. */
  readonly summary: string | null;
  /** Why the last save or build was refused; the table stays. */
  readonly refusal: Refusal | null;
  /** Set exactly while the machine is in a state tagged `error`. */
  readonly errorCode: AppErrorCode | null;
}

export type Dac7ReportEvent =
  | { type: 'dac7.year'; year: number }
  | { type: 'dac7.retry' }
  | { type: 'dac7.edit'; key: string }
  | { type: 'dac7.field'; field: DraftField; value: string }
  | { type: 'dac7.cancel' }
  | { type: 'dac7.save' }
  | { type: 'dac7.build' }
  | { type: 'dac7.summary' };

const notProvided = (name: string) => () =>
  Promise.reject(new Error(`The DAC7 report actor "${name}" was not provided`));

const draftOf = (s: Dac7SellerRow): SellerDraft => ({
  vendor: s.vendor,
  name: s.name,
  tin: s.tin,
  birthDate: s.birthDate,
  birthPlace: s.birthPlace,
});

/**
 * The staff page of the yearly DAC7 report: the year's sellers and what each lacks, a person's
 * TIN and birth completed in a dialog (the check is read again after), and the XML built and
 * saved once nothing is missing; the readable PDF summary of the same year at any time.
 */
export const dac7ReportMachine = setup({
  types: {
    context: {} as Dac7ReportContext,
    events: {} as Dac7ReportEvent,
    input: {} as { year: number },
  },
  actors: {
    checkReport: fromPromise<Dac7Check, { year: number }>(notProvided('checkReport')),
    saveSeller: fromPromise<void, SellerDraft & { year: number }>(notProvided('saveSeller')),
    buildReport: fromPromise<Dac7Built, { year: number }>(notProvided('buildReport')),
    buildSummary: fromPromise<string, { year: number }>(notProvided('buildSummary')),
  },
  guards: {
    isOtherYear: ({ context }, params: { year: number }) =>
      Number.isInteger(params.year) && params.year !== context.year,
    isPersonSeller: ({ context }, params: { key: string }) =>
      context.check?.sellers.some((s) => s.key === params.key && s.kind === 'INDIVIDUAL') ?? false,
    isReady: ({ context }) => context.check?.ready === true,
  },
  actions: {
    assignYear: assign((_, params: { year: number }) => ({
      year: params.year,
      check: null,
      built: null,
      summary: null,
      refusal: null,
    })),
    assignCheck: assign((_, params: Dac7Check) => ({ check: params, errorCode: null })),
    openDraft: assign(({ context }, params: { key: string }) => ({
      draft: draftOf(context.check!.sellers.find((s) => s.key === params.key)!),
      refusal: null,
    })),
    assignField: assign(({ context }, params: { field: DraftField; value: string }) => ({
      draft: { ...context.draft!, [params.field]: params.value },
    })),
    closeDraft: assign({ draft: null, refusal: null }),
    assignBuilt: assign((_, params: Dac7Built) => ({ built: params, refusal: null })),
    assignSummary: assign((_, params: { filename: string }) => ({
      summary: params.filename,
      refusal: null,
    })),
    clearOutcome: assign({ built: null, summary: null, refusal: null }),
    assignRefusal: assign(refusalUpdate),
    assignError: assign(errorCodeUpdate),
    clearError: assign({ errorCode: null }),
  },
}).createMachine({
  id: 'dac7Report',
  initial: 'loading',
  context: ({ input }) => ({
    year: input.year,
    check: null,
    draft: null,
    built: null,
    summary: null,
    refusal: null,
    errorCode: null,
  }),
  on: {
    'dac7.year': {
      guard: { type: 'isOtherYear', params: ({ event }) => ({ year: event.year }) },
      target: '.loading',
      actions: [
        'closeDraft',
        { type: 'assignYear', params: ({ event }) => ({ year: event.year }) },
      ],
    },
  },
  states: {
    loading: loadingState(
      'checkReport',
      ({ context }: { context: Dac7ReportContext }) => ({ year: context.year }),
      'assignCheck',
    ),
    failed: failedState('dac7.retry'),
    ready: {
      on: {
        'dac7.edit': {
          guard: { type: 'isPersonSeller', params: ({ event }) => ({ key: event.key }) },
          target: 'editing',
          actions: { type: 'openDraft', params: ({ event }) => ({ key: event.key }) },
        },
        'dac7.build': { guard: 'isReady', target: 'building', actions: 'clearOutcome' },
        // The summary is given even while data is missing: it names what each seller lacks.
        'dac7.summary': { target: 'summarizing', actions: 'clearOutcome' },
      },
    },
    editing: {
      on: {
        'dac7.field': {
          actions: {
            type: 'assignField',
            params: ({ event }) => ({ field: event.field, value: event.value }),
          },
        },
        'dac7.cancel': { target: 'ready', actions: 'closeDraft' },
        'dac7.save': 'saving',
      },
    },
    saving: {
      tags: ['busy'],
      invoke: {
        id: 'saveSeller',
        src: 'saveSeller',
        input: ({ context }) => ({ ...context.draft!, year: context.year }),
        onDone: { target: 'loading', actions: 'closeDraft' },
        onError: {
          target: 'editing',
          actions: { type: 'assignRefusal', params: ({ event }) => ({ error: event.error }) },
        },
      },
    },
    building: {
      tags: ['busy'],
      invoke: {
        id: 'buildReport',
        src: 'buildReport',
        input: ({ context }) => ({ year: context.year }),
        onDone: {
          target: 'ready',
          actions: { type: 'assignBuilt', params: ({ event }) => event.output },
        },
        onError: {
          target: 'ready',
          actions: { type: 'assignRefusal', params: ({ event }) => ({ error: event.error }) },
        },
      },
    },
    summarizing: {
      tags: ['busy'],
      invoke: {
        id: 'buildSummary',
        src: 'buildSummary',
        input: ({ context }) => ({ year: context.year }),
        onDone: {
          target: 'ready',
          actions: { type: 'assignSummary', params: ({ event }) => ({ filename: event.output }) },
        },
        onError: {
          target: 'ready',
          actions: { type: 'assignRefusal', params: ({ event }) => ({ error: event.error }) },
        },
      },
    },
  },
});
