import { assign, emit, fromPromise, setup } from 'xstate';
import { toAppError, type AppErrorCode } from '../../rpc/errors.ts';

/** Where the sponsor's free month stands for one referral. */
export type RewardStatus = 'PENDING' | 'EARNED' | 'APPLIED';

/** One vendor the signed-in vendor sponsored. */
export interface ReferralRow {
  readonly uuid: string;
  readonly name: string;
  /** When the sponsorship was recorded (epoch ms). */
  readonly createdAt: number;
  readonly status: RewardStatus;
}

/** The vendor's own code, who sponsored them ('' for nobody) and their referrals. */
export interface LoadedReferrals {
  readonly code: string;
  readonly sponsoredBy: string;
  readonly referrals: readonly ReferralRow[];
}

export interface ReferralsContext extends LoadedReferrals {
  /** The last copy of the code: done (announced), failed, or none yet. */
  readonly copy: 'none' | 'copied' | 'failed';
  /** Set exactly while the machine is in a state tagged `error`. */
  readonly errorCode: AppErrorCode | null;
}

export type ReferralsEvent = { type: 'referrals.copy' } | { type: 'referrals.retry' };

export type ReferralsEmitted = { type: 'referrals.copied' };

const notProvided = (name: string) => () =>
  Promise.reject(new Error(`The referrals actor "${name}" was not provided`));

/**
 * The profile's referral panel: load the vendor's code and referrals, then copy the code to the
 * clipboard as often as asked (the outcome is announced; a failed copy leaves the code on screen
 * to select).
 */
export const referralsMachine = setup({
  types: {
    context: {} as ReferralsContext,
    events: {} as ReferralsEvent,
    emitted: {} as ReferralsEmitted,
  },
  actors: {
    loadReferrals: fromPromise<LoadedReferrals>(notProvided('loadReferrals')),
    copyCode: fromPromise<void, { code: string }>(notProvided('copyCode')),
  },
  guards: {
    hasCode: ({ context }) => context.code !== '',
  },
  actions: {
    assignLoaded: assign((_, params: LoadedReferrals) => ({ ...params, errorCode: null })),
    assignError: assign((_, params: { error: unknown }) => ({
      errorCode: toAppError(params.error).code,
    })),
    clearError: assign({ errorCode: null }),
    markCopied: assign({ copy: 'copied' as const }),
    markCopyFailed: assign({ copy: 'failed' as const }),
    announceCopied: emit({ type: 'referrals.copied' } as const),
  },
}).createMachine({
  id: 'referrals',
  initial: 'loading',
  context: {
    code: '',
    sponsoredBy: '',
    referrals: [],
    copy: 'none',
    errorCode: null,
  },
  states: {
    loading: {
      tags: ['busy'],
      invoke: {
        id: 'loadReferrals',
        src: 'loadReferrals',
        onDone: {
          target: 'ready',
          actions: { type: 'assignLoaded', params: ({ event }) => event.output },
        },
        onError: {
          target: 'failed',
          actions: { type: 'assignError', params: ({ event }) => ({ error: event.error }) },
        },
      },
    },
    failed: {
      tags: ['error'],
      on: { 'referrals.retry': { target: 'loading', actions: 'clearError' } },
    },
    ready: {
      on: { 'referrals.copy': { guard: 'hasCode', target: 'copying' } },
    },
    copying: {
      tags: ['busy'],
      invoke: {
        id: 'copyCode',
        src: 'copyCode',
        input: ({ context }) => ({ code: context.code }),
        onDone: { target: 'ready', actions: ['markCopied', 'announceCopied'] },
        onError: { target: 'ready', actions: 'markCopyFailed' },
      },
    },
  },
});
