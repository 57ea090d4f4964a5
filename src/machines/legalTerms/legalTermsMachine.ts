import { assign, emit, fromPromise, setup } from 'xstate';
import { toAppError, type AppErrorCode } from '../../rpc/errors.ts';

export interface LegalTermsContext {
  readonly errorCode: AppErrorCode | null;
}

export type LegalTermsEvent =
  /** What the session says now: the signed-in user must accept the terms in force. */
  { type: 'legalTerms.checked'; needed: boolean } | { type: 'legalTerms.accept' };

/** The terms are accepted on the server: the view reloads the session's user. */
export type LegalTermsEmitted = { type: 'legalTerms.accepted' };

/**
 * The persistent legal terms dialog (2-business-data.md §1): open while the session says the user
 * must accept, until SessionService.AcceptCurrentLegalTerms succeeds; it cannot be dismissed, and
 * once accepted it does not come back while the session still holds the old date.
 */
export const legalTermsMachine = setup({
  types: {
    context: {} as LegalTermsContext,
    events: {} as LegalTermsEvent,
    emitted: {} as LegalTermsEmitted,
  },
  actors: {
    acceptTerms: fromPromise<void>(() =>
      Promise.reject(new Error('The legal terms actor "acceptTerms" was not provided')),
    ),
  },
  guards: {
    isNeeded: (_, params: { needed: boolean }) => params.needed,
    isNotNeeded: (_, params: { needed: boolean }) => !params.needed,
  },
  actions: {
    assignError: assign((_, params: { error: unknown }) => ({
      errorCode: toAppError(params.error).code,
    })),
    clearError: assign({ errorCode: null }),
    emitAccepted: emit({ type: 'legalTerms.accepted' } as const),
  },
}).createMachine({
  id: 'legalTerms',
  initial: 'idle',
  context: { errorCode: null },
  states: {
    idle: {
      on: {
        'legalTerms.checked': {
          guard: { type: 'isNeeded', params: ({ event }) => ({ needed: event.needed }) },
          target: 'required',
        },
      },
    },
    required: {
      tags: ['open'],
      on: {
        'legalTerms.accept': 'accepting',
        'legalTerms.checked': {
          guard: { type: 'isNotNeeded', params: ({ event }) => ({ needed: event.needed }) },
          target: 'idle',
        },
      },
    },
    accepting: {
      tags: ['open', 'busy'],
      invoke: {
        id: 'acceptTerms',
        src: 'acceptTerms',
        onDone: { target: 'accepted', actions: 'emitAccepted' },
        onError: {
          target: 'failed',
          actions: { type: 'assignError', params: ({ event }) => ({ error: event.error }) },
        },
      },
    },
    failed: {
      tags: ['open', 'error'],
      exit: 'clearError',
      on: {
        'legalTerms.accept': 'accepting',
        'legalTerms.checked': {
          guard: { type: 'isNotNeeded', params: ({ event }) => ({ needed: event.needed }) },
          target: 'idle',
        },
      },
    },
    /** Accepted: closed, whatever the session says until its reload lands. */
    accepted: {
      on: {
        'legalTerms.checked': {
          guard: { type: 'isNotNeeded', params: ({ event }) => ({ needed: event.needed }) },
          target: 'idle',
        },
      },
    },
  },
});
