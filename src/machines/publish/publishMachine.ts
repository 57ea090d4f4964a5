import { freshRun, publishSetup, streamInput } from './publishSetup.ts';

const failTo = (target: string) =>
  ({
    target,
    actions: { type: 'assignError', params: ({ event }: { event: { error: unknown } }) => event },
  }) as const;

/**
 * One publication (2-business-data.md §5, §7 publisher): the products and the channels are
 * prepared (the vendor's active, connected channels; every matching product read again when the
 * stock list's "all matching" was selected), the vendor chooses channels, CheckProducts names
 * what each incomplete product lacks (the vendor publishes the complete ones only, or goes back;
 * all incomplete cannot go on), a confirmation, then the stream: progress and per-product results
 * as the worker reports them, at most once per frame. Cancel stops following only (the server
 * task goes on and shows in the task panel); a failure or a cancelled follow can be resumed with
 * the task, which publishes nothing twice. Finished keeps the results, and offers deposits whose
 * first product went online the move to INLINE.
 */
export const publishMachine = publishSetup.createMachine({
  id: 'publish',
  context: ({ input }) => ({
    selection: input.selection,
    connectors: [],
    products: [],
    chosen: [],
    problems: [],
    check: null,
    completeOnly: false,
    moving: null,
    errorCode: null,
    reason: null,
    ...freshRun,
  }),
  initial: 'preparing',
  states: {
    preparing: {
      tags: ['busy'],
      invoke: {
        id: 'prepare',
        src: 'prepare',
        input: ({ context }) => ({ selection: context.selection }),
        onDone: {
          target: 'choosing',
          actions: { type: 'assignPrepared', params: ({ event }) => event.output },
        },
        onError: failTo('prepareFailed'),
      },
    },
    prepareFailed: {
      tags: ['error'],
      exit: 'clearError',
      on: { 'publish.retry': 'preparing' },
    },
    choosing: {
      on: {
        'publish.toggleConnector': {
          actions: { type: 'toggleConnector', params: ({ event }) => event },
        },
        'publish.check': [
          { guard: 'isRequestValid', target: 'checking', actions: 'clearProblems' },
          { actions: 'assignRequestProblems' },
        ],
      },
    },
    checking: {
      tags: ['busy'],
      invoke: {
        id: 'checkProducts',
        src: 'checkProducts',
        input: ({ context }) => ({
          products: context.products.map((p) => p.uuid),
          vendorConnectors: context.chosen,
        }),
        onDone: [
          {
            guard: { type: 'hasProblems', params: ({ event }) => event.output },
            target: 'choosing',
            actions: { type: 'assignCheck', params: ({ event }) => event.output },
          },
          {
            guard: { type: 'hasIncomplete', params: ({ event }) => event.output },
            target: 'reviewing',
            actions: { type: 'assignCheck', params: ({ event }) => event.output },
          },
          {
            target: 'confirming',
            actions: { type: 'assignCheck', params: ({ event }) => event.output },
          },
        ],
        onError: failTo('checkFailed'),
      },
    },
    checkFailed: {
      tags: ['error'],
      exit: 'clearError',
      on: { 'publish.retry': 'checking', 'publish.back': 'choosing' },
    },
    // Incomplete products listed with what each lacks; none complete: only going back is left.
    reviewing: {
      on: {
        'publish.completeOnly': {
          guard: 'hasComplete',
          target: 'confirming',
          actions: 'markCompleteOnly',
        },
        'publish.back': { target: 'choosing', actions: 'clearProblems' },
      },
    },
    confirming: {
      on: {
        'publish.start': { target: 'streaming', actions: 'resetRun' },
        'publish.back': { target: 'choosing', actions: 'clearProblems' },
      },
    },
    // Tagged apart from `busy`: a callback actor reports progress and the end as events.
    streaming: {
      tags: ['streaming'],
      invoke: {
        id: 'publishStream',
        src: 'publishStream',
        input: streamInput,
        onError: failTo('failed'),
      },
      on: {
        'publish.progressed': {
          actions: { type: 'assignProgress', params: ({ event }) => event.progress },
        },
        'publish.special': {
          actions: { type: 'assignSpecial', params: ({ event }) => event },
        },
        'publish.finished': {
          target: 'finished',
          actions: [{ type: 'assignFinished', params: ({ event }) => event.summary }, 'emitDone'],
        },
        'publish.failed': failTo('failed'),
        'publish.cancel': 'cancelled',
      },
    },
    finished: {
      on: {
        'publish.moveInline': {
          guard: { type: 'isOfferOpen', params: ({ event }) => event },
          target: 'movingInline',
          actions: { type: 'assignMoving', params: ({ event }) => event },
        },
      },
    },
    movingInline: {
      tags: ['busy'],
      invoke: {
        id: 'moveDepositInline',
        src: 'moveDepositInline',
        input: ({ context }) => ({ deposit: context.moving ?? '' }),
        onDone: { target: 'finished', actions: 'assignMoved' },
        onError: failTo('inlineFailed'),
      },
    },
    inlineFailed: {
      tags: ['error'],
      exit: 'clearError',
      on: {
        'publish.retry': 'movingInline',
        'publish.back': { target: 'finished', actions: 'clearMoving' },
      },
    },
    // The vendor stopped following; the server task goes on and can be followed again.
    cancelled: {
      on: { 'publish.retry': { target: 'streaming', actions: 'resumeRun' } },
    },
    failed: {
      tags: ['error'],
      exit: 'clearError',
      on: { 'publish.retry': { target: 'streaming', actions: 'resumeRun' } },
    },
  },
});
