import { assign, fromPromise, setup } from 'xstate';
import { isDayValue } from '../../domain/dates.ts';
import { toAppError } from '../../rpc/errors.ts';
import { failedState, loadingState } from '../shared/loadStates.ts';
import { isOtherValidPage } from '../shared/pagedListMachine.ts';
import type { CorrectionField } from '../../domain/policeRegister/correction.ts';
import type {
  RegisterContext,
  RegisterEvent,
  RegisterFormat,
  RegisterPage,
  RegisterQuery,
  RegisterVerdict,
} from './policeRegisterTypes.ts';
import {
  correctionOf,
  correctionRequest,
  isCorrectionReady,
  withField,
  type CorrectionRequest,
} from './correctionParts.ts';

export type {
  RegisterContext,
  RegisterEvent,
  RegisterFormat,
  RegisterPage,
  RegisterQuery,
  RegisterRow,
  RegisterVerdict,
} from './policeRegisterTypes.ts';

const notProvided = (name: string) => () =>
  Promise.reject(new Error(`The police register actor "${name}" was not provided`));

/** Both ends empty or a day, the end not before the start. */
export function isValidPeriod(from: string, to: string): boolean {
  if ((from && !isDayValue(from)) || (to && !isDayValue(to))) return false;
  return !(from && to && from > to);
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The police register page: entries of a period one page at a time, a walk of the hash chain
 * that names the first broken entry, and the period's PDF or CSV. Staff first name the vendor.
 */
export const policeRegisterMachine = setup({
  types: {
    context: {} as RegisterContext,
    events: {} as RegisterEvent,
    input: {} as { vendor?: string; staff: boolean; pageSize?: number },
  },
  actors: {
    fetchEntries: fromPromise<RegisterPage, RegisterQuery>(notProvided('fetchEntries')),
    verifyRegister: fromPromise<RegisterVerdict, { vendor: string }>(notProvided('verifyRegister')),
    exportRegister: fromPromise<
      string,
      { vendor: string; from: string; to: string; format: RegisterFormat }
    >(notProvided('exportRegister')),
    /** Writes the correction; answers the new entry's number. */
    correctEntry: fromPromise<number, CorrectionRequest>(notProvided('correctEntry')),
  },
  guards: {
    hasVendor: ({ context }) => !context.staff || UUID.test(context.vendor),
    canShow: ({ context }) =>
      (!context.staff || UUID.test(context.vendor)) && isValidPeriod(context.from, context.to),
    canTurnPage: ({ context }, params: { page: number }) =>
      isValidPeriod(context.from, context.to) && isOtherValidPage(params.page, context),
    isStaff: ({ context }) => context.staff,
    isShownEntry: ({ context }, params: { entry: string }) =>
      context.rows.some((r) => r.uuid === params.entry),
    canSubmitCorrection: ({ context }) =>
      context.correction !== null && isCorrectionReady(context.correction),
  },
  actions: {
    assignVendor: assign((_, params: { vendor: string }) => ({
      vendor: params.vendor.trim(),
      verdict: null,
    })),
    assignPeriod: assign((_, params: { from: string; to: string }) => ({
      from: params.from,
      to: params.to,
    })),
    firstPage: assign({ page: 1 }),
    assignPage: assign((_, params: { page: number }) => ({ page: params.page })),
    assignEntries: assign((_, params: RegisterPage) => ({ ...params, errorCode: null })),
    assignVerdict: assign((_, params: RegisterVerdict) => ({ verdict: params, refusal: null })),
    startExport: assign((_, params: { format: RegisterFormat }) => ({
      exporting: params.format,
      exported: null,
      refusal: null,
    })),
    endExport: assign({ exporting: null }),
    assignExported: assign((_, params: { name: string }) => ({ exported: params.name })),
    clearOutcome: assign({ verdict: null, refusal: null, exported: null, corrected: null }),
    startCorrection: assign(({ context }, params: { entry: string }) => ({
      correction: correctionOf(context.rows, params.entry),
    })),
    assignCorrectionField: assign(
      ({ context }, params: { field: CorrectionField; value: string }) => ({
        correction: context.correction && withField(context.correction, params.field, params.value),
      }),
    ),
    assignCorrectionRefusal: assign(({ context }, params: { error: unknown }) => ({
      correction: context.correction && {
        ...context.correction,
        refusal: toAppError(params.error).code,
      },
    })),
    /** Written: the screen closes, and the list opens on the page where the new entry ends. */
    assignCorrected: assign(({ context }, params: { number: number; stay?: boolean }) => ({
      corrected: { number: params.number, corrects: context.correction?.number ?? 0 },
      correction: null,
      page: params.stay
        ? context.page
        : Math.max(1, Math.ceil((context.count + 1) / context.pageSize)),
    })),
    clearCorrection: assign({ correction: null }),
    assignRefusal: assign((_, params: { error: unknown }) => ({
      refusal: toAppError(params.error).code,
    })),
    assignError: assign((_, params: { error: unknown }) => ({
      errorCode: toAppError(params.error).code,
    })),
    clearError: assign({ errorCode: null }),
  },
}).createMachine({
  id: 'policeRegister',
  context: ({ input }) => ({
    vendor: input.vendor ?? '',
    staff: input.staff,
    from: '',
    to: '',
    page: 1,
    pageSize: input.pageSize ?? 25,
    rows: [],
    count: 0,
    holderName: '',
    verdict: null,
    exporting: null,
    exported: null,
    correction: null,
    corrected: null,
    refusal: null,
    errorCode: null,
  }),
  initial: 'starting',
  states: {
    starting: {
      always: [{ guard: 'hasVendor', target: 'loading' }, { target: 'choosing' }],
    },
    // Staff name the vendor whose register they read.
    choosing: {
      on: {
        'register.setVendor': {
          actions: { type: 'assignVendor', params: ({ event }) => event },
        },
        'register.setPeriod': {
          actions: { type: 'assignPeriod', params: ({ event }) => event },
        },
        'register.show': { guard: 'canShow', target: 'loading', actions: 'firstPage' },
      },
    },
    loading: loadingState(
      'fetchEntries',
      ({ context }: { context: RegisterContext }): RegisterQuery => ({
        vendor: context.vendor,
        from: context.from,
        to: context.to,
        page: context.page,
        pageSize: context.pageSize,
      }),
      'assignEntries',
    ),
    failed: failedState('register.retry'),
    ready: {
      on: {
        'register.setVendor': {
          guard: 'isStaff',
          actions: [{ type: 'assignVendor', params: ({ event }) => event }, 'clearOutcome'],
        },
        'register.setPeriod': {
          actions: { type: 'assignPeriod', params: ({ event }) => event },
        },
        'register.show': {
          guard: 'canShow',
          target: 'loading',
          actions: ['firstPage', 'clearOutcome'],
        },
        'register.page': {
          // The period typed since the last load must be valid too: the page loads with it.
          guard: { type: 'canTurnPage', params: ({ event }) => ({ page: event.page }) },
          target: 'loading',
          actions: { type: 'assignPage', params: ({ event }) => ({ page: event.page }) },
        },
        'register.verify': { guard: 'hasVendor', target: 'verifying', actions: 'clearOutcome' },
        'register.export': {
          guard: 'canShow',
          target: 'exporting',
          actions: { type: 'startExport', params: ({ event }) => ({ format: event.format }) },
        },
        'register.correct': {
          guard: { type: 'isShownEntry', params: ({ event }) => event },
          target: 'correcting',
          actions: ['clearOutcome', { type: 'startCorrection', params: ({ event }) => event }],
        },
      },
    },
    // The correction screen: a new entry naming the chosen one, with its corrected content.
    correcting: {
      initial: 'editing',
      states: {
        editing: {
          on: {
            'correction.set': {
              actions: { type: 'assignCorrectionField', params: ({ event }) => event },
            },
            'correction.submit': { guard: 'canSubmitCorrection', target: 'saving' },
            'correction.cancel': { target: '#policeRegister.ready', actions: 'clearCorrection' },
          },
        },
        saving: {
          tags: ['busy'],
          invoke: {
            id: 'correctEntry',
            src: 'correctEntry',
            input: ({ context }) => correctionRequest(context),
            // The list reloads with the period shown, unless the one typed since is no period.
            onDone: [
              {
                guard: 'canShow',
                target: '#policeRegister.loading',
                actions: {
                  type: 'assignCorrected',
                  params: ({ event }) => ({ number: event.output }),
                },
              },
              {
                target: '#policeRegister.ready',
                actions: {
                  type: 'assignCorrected',
                  params: ({ event }) => ({ number: event.output, stay: true }),
                },
              },
            ],
            onError: {
              target: 'editing',
              actions: {
                type: 'assignCorrectionRefusal',
                params: ({ event }) => ({ error: event.error }),
              },
            },
          },
        },
      },
    },
    verifying: {
      tags: ['busy'],
      invoke: {
        id: 'verifyRegister',
        src: 'verifyRegister',
        input: ({ context }) => ({ vendor: context.vendor }),
        onDone: {
          target: 'ready',
          actions: { type: 'assignVerdict', params: ({ event }) => event.output },
        },
        onError: {
          target: 'ready',
          actions: { type: 'assignRefusal', params: ({ event }) => ({ error: event.error }) },
        },
      },
    },
    exporting: {
      tags: ['busy'],
      exit: 'endExport',
      invoke: {
        id: 'exportRegister',
        src: 'exportRegister',
        input: ({ context }) => ({
          vendor: context.vendor,
          from: context.from,
          to: context.to,
          format: context.exporting!,
        }),
        onDone: {
          target: 'ready',
          actions: { type: 'assignExported', params: ({ event }) => ({ name: event.output }) },
        },
        onError: {
          target: 'ready',
          actions: { type: 'assignRefusal', params: ({ event }) => ({ error: event.error }) },
        },
      },
    },
  },
});
