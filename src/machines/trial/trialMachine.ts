import { assign, emit, fromCallback, fromPromise, setup, type EventObject } from 'xstate';
import { isInTrial } from '../../domain/subscriptionAccess.ts';
import { toAppError, type AppErrorCode } from '../../rpc/errors.ts';

export interface TrialContext {
  /** Start of the extension free trial, epoch ms; null when it never started. */
  readonly trialStart: number | null;
  /** The clock's last reading, epoch ms; null until the clock first ticks. */
  readonly now: number | null;
  /** The subscription whose trial "terminate" ends ('' = the vendor's own). */
  readonly subscriptionUuid: string;
  readonly errorCode: AppErrorCode | null;
}

export type TrialEvent =
  | { type: 'trial.ticked'; now: number }
  | { type: 'trial.userChanged'; trialStart: number | null }
  | { type: 'trial.terminate'; subscriptionUuid?: string }
  | { type: 'trial.confirm' }
  | { type: 'trial.cancel' };

export type TrialEmitted = { type: 'trial.terminated' };

type Facts = Pick<TrialContext, 'trialStart' | 'now'>;

/** 1-app-shell.md §4: in trial while the user exists, the trial started and its end is ahead. */
export function inTrialAt({ trialStart, now }: Facts): boolean {
  if (now === null) return false;
  return isInTrial(
    { trialStart: trialStart === null ? null : new Date(trialStart) },
    new Date(now),
  );
}

/**
 * The 14-day extension free trial of one vendor: whether it runs now, and ending it early
 * (SubscriptionService.TerminateTrial) after a confirmation. Time comes from the `clock` actor,
 * which sends `trial.ticked`, so tests move it; the view passes the session's trial start on.
 */
export const trialMachine = setup({
  types: {
    context: {} as TrialContext,
    events: {} as TrialEvent,
    input: {} as { trialStart: number | null },
    emitted: {} as TrialEmitted,
  },
  actors: {
    clock: fromCallback<EventObject>(() => undefined),
    terminateTrial: fromPromise<void, { subscriptionUuid: string }>(() =>
      Promise.reject(new Error('The trial actor "terminateTrial" was not provided')),
    ),
  },
  guards: {
    isInTrial: ({ context }) => inTrialAt(context),
    /** The new facts move the vendor into or out of the trial. */
    flipsTrial: ({ context }, params: Partial<Facts>) =>
      inTrialAt(context) !== inTrialAt({ ...context, ...params }),
  },
  actions: {
    assignFacts: assign((_, params: Partial<Facts>) => params),
    assignSubscription: assign((_, params: { subscriptionUuid: string | undefined }) => ({
      subscriptionUuid: params.subscriptionUuid ?? '',
    })),
    assignError: assign((_, params: { error: unknown }) => ({
      errorCode: toAppError(params.error).code,
    })),
    clearError: assign({ errorCode: null }),
    emitTerminated: emit({ type: 'trial.terminated' } as const),
  },
}).createMachine({
  id: 'trial',
  initial: 'checking',
  context: ({ input }) => ({
    trialStart: input.trialStart,
    now: null,
    subscriptionUuid: '',
    errorCode: null,
  }),
  invoke: { id: 'clock', src: 'clock' },
  on: {
    'trial.ticked': [
      {
        guard: { type: 'flipsTrial', params: ({ event }) => ({ now: event.now }) },
        target: '.checking',
        actions: { type: 'assignFacts', params: ({ event }) => ({ now: event.now }) },
      },
      { actions: { type: 'assignFacts', params: ({ event }) => ({ now: event.now }) } },
    ],
    'trial.userChanged': [
      {
        guard: { type: 'flipsTrial', params: ({ event }) => ({ trialStart: event.trialStart }) },
        target: '.checking',
        actions: { type: 'assignFacts', params: ({ event }) => ({ trialStart: event.trialStart }) },
      },
      {
        actions: { type: 'assignFacts', params: ({ event }) => ({ trialStart: event.trialStart }) },
      },
    ],
  },
  states: {
    checking: {
      always: [{ guard: 'isInTrial', target: 'inTrial' }, { target: 'outside' }],
    },
    outside: {},
    inTrial: {
      tags: ['inTrial'],
      initial: 'idle',
      states: {
        idle: {
          on: {
            'trial.terminate': {
              target: 'confirming',
              actions: {
                type: 'assignSubscription',
                params: ({ event }) => ({ subscriptionUuid: event.subscriptionUuid }),
              },
            },
          },
        },
        confirming: {
          tags: ['confirming'],
          on: { 'trial.confirm': 'terminating', 'trial.cancel': 'idle' },
        },
        terminating: {
          tags: ['busy', 'confirming'],
          invoke: {
            id: 'terminateTrial',
            src: 'terminateTrial',
            input: ({ context }) => ({ subscriptionUuid: context.subscriptionUuid }),
            onDone: { target: '#trial.terminated', actions: 'emitTerminated' },
            onError: {
              target: 'failed',
              actions: { type: 'assignError', params: ({ event }) => ({ error: event.error }) },
            },
          },
        },
        failed: {
          tags: ['error', 'confirming'],
          exit: 'clearError',
          on: { 'trial.confirm': 'terminating', 'trial.cancel': 'idle' },
        },
      },
    },
    /** Ended by the vendor; stays so until the session's reload shows the trial over. */
    terminated: { tags: ['terminated'] },
  },
});
