import { assign, fromPromise, setup } from 'xstate';
import type { AppErrorCode } from '../../rpc/errors.ts';
import { failedState, loadingState } from '../shared/loadStates.ts';
import { errorCodeUpdate, refusalUpdate } from '../payouts/payoutReasons.ts';
import type { Refusal } from '../payouts/payoutTypes.ts';

/** A seller of a filed report, by the DocRefId a correction would name. */
export interface FiledSellerRow {
  readonly key: string;
  readonly name: string;
  readonly docRefId: string;
  readonly changed: boolean;
  readonly reportable: boolean;
}

/** A DAC7 file built earlier, with its references. */
export interface FiledReportRow {
  readonly uuid: string;
  readonly messageRefId: string;
  readonly messageTypeIndic: string;
  /** ISO instant. */
  readonly filedAt: string;
  readonly correctsMessageRefId: string;
  readonly sellers: readonly FiledSellerRow[];
}

/** What happens to a seller in the correction: nothing, sent again (OECD2) or deleted (OECD3). */
export type CorrectionAction = 'KEEP' | 'CORRECT' | 'DELETE';

export interface CorrectionDraft {
  readonly report: string;
  readonly messageRefId: string;
  readonly actions: Readonly<Record<string, CorrectionAction>>;
}

export interface CorrectionRequest {
  readonly report: string;
  readonly corrected: readonly string[];
  readonly deleted: readonly string[];
}

export interface CorrectionBuilt {
  readonly filename: string;
  readonly count: number;
}

export interface Dac7CorrectionContext {
  readonly year: number;
  readonly reports: readonly FiledReportRow[] | null;
  readonly draft: CorrectionDraft | null;
  readonly built: CorrectionBuilt | null;
  /** Why the last correction was refused; the dialog stays open. */
  readonly refusal: Refusal | null;
  /** Set exactly while the machine is in a state tagged `error`. */
  readonly errorCode: AppErrorCode | null;
}

export type Dac7CorrectionEvent =
  | { type: 'corrections.year'; year: number }
  | { type: 'corrections.refresh' }
  | { type: 'corrections.retry' }
  | { type: 'correction.open'; report: string }
  | { type: 'correction.choose'; key: string; action: CorrectionAction }
  | { type: 'correction.cancel' }
  | { type: 'correction.build' };

const notProvided = (name: string) => () =>
  Promise.reject(new Error(`The DAC7 correction actor "${name}" was not provided`));

/** The request a draft makes: the sellers to correct and to delete, in the report's order. */
export function requestOf(draft: CorrectionDraft): CorrectionRequest {
  const keys = Object.keys(draft.actions);
  return {
    report: draft.report,
    corrected: keys.filter((k) => draft.actions[k] === 'CORRECT'),
    deleted: keys.filter((k) => draft.actions[k] === 'DELETE'),
  };
}

/**
 * The filed reports of the DAC7 page: the year's files with their MessageRefId, and a correction
 * of one of them chosen seller by seller in a dialog, built (and saved) as a DPI402 file; the
 * list is read again after, since the correction is kept too.
 */
export const dac7CorrectionMachine = setup({
  types: {
    context: {} as Dac7CorrectionContext,
    events: {} as Dac7CorrectionEvent,
    input: {} as { year: number },
  },
  actors: {
    listReports: fromPromise<readonly FiledReportRow[], { year: number }>(
      notProvided('listReports'),
    ),
    buildCorrection: fromPromise<CorrectionBuilt, CorrectionRequest>(
      notProvided('buildCorrection'),
    ),
  },
  guards: {
    isOtherYear: ({ context }, params: { year: number }) =>
      Number.isInteger(params.year) && params.year !== context.year,
    isCorrectable: ({ context }, params: { report: string }) =>
      context.reports?.some((r) => r.uuid === params.report && r.sellers.length > 0) ?? false,
    isSellerOfDraft: ({ context }, params: { key: string }) =>
      context.draft !== null && params.key in context.draft.actions,
    hasChoice: ({ context }) =>
      context.draft !== null && Object.values(context.draft.actions).some((a) => a !== 'KEEP'),
  },
  actions: {
    assignYear: assign((_, params: { year: number }) => ({
      year: params.year,
      reports: null,
      built: null,
    })),
    assignReports: assign((_, params: readonly FiledReportRow[]) => ({
      reports: params,
      errorCode: null,
    })),
    openDraft: assign(({ context }, params: { report: string }) => {
      const report = context.reports!.find((r) => r.uuid === params.report)!;
      return {
        draft: {
          report: report.uuid,
          messageRefId: report.messageRefId,
          actions: Object.fromEntries(report.sellers.map((s) => [s.key, 'KEEP' as const])),
        },
        built: null,
        refusal: null,
      };
    }),
    assignChoice: assign(({ context }, params: { key: string; action: CorrectionAction }) => ({
      draft: {
        ...context.draft!,
        actions: { ...context.draft!.actions, [params.key]: params.action },
      },
    })),
    closeDraft: assign({ draft: null, refusal: null }),
    assignBuilt: assign((_, params: CorrectionBuilt) => ({ built: params })),
    assignRefusal: assign(refusalUpdate),
    assignError: assign(errorCodeUpdate),
    clearError: assign({ errorCode: null }),
  },
}).createMachine({
  id: 'dac7Correction',
  initial: 'loading',
  context: ({ input }) => ({
    year: input.year,
    reports: null,
    draft: null,
    built: null,
    refusal: null,
    errorCode: null,
  }),
  on: {
    'corrections.year': {
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
      'listReports',
      ({ context }: { context: Dac7CorrectionContext }) => ({ year: context.year }),
      'assignReports',
    ),
    failed: failedState('corrections.retry', 'corrections.refresh'),
    ready: {
      on: {
        // A new file was built on the page: it is filed too.
        'corrections.refresh': 'loading',
        'correction.open': {
          guard: { type: 'isCorrectable', params: ({ event }) => ({ report: event.report }) },
          target: 'choosing',
          actions: { type: 'openDraft', params: ({ event }) => ({ report: event.report }) },
        },
      },
    },
    choosing: {
      on: {
        'correction.choose': {
          guard: { type: 'isSellerOfDraft', params: ({ event }) => ({ key: event.key }) },
          actions: {
            type: 'assignChoice',
            params: ({ event }) => ({ key: event.key, action: event.action }),
          },
        },
        'correction.cancel': { target: 'ready', actions: 'closeDraft' },
        'correction.build': { guard: 'hasChoice', target: 'building' },
      },
    },
    building: {
      tags: ['busy'],
      invoke: {
        id: 'buildCorrection',
        src: 'buildCorrection',
        input: ({ context }) => requestOf(context.draft!),
        onDone: {
          target: 'loading',
          actions: ['closeDraft', { type: 'assignBuilt', params: ({ event }) => event.output }],
        },
        onError: {
          target: 'choosing',
          actions: { type: 'assignRefusal', params: ({ event }) => ({ error: event.error }) },
        },
      },
    },
  },
});
