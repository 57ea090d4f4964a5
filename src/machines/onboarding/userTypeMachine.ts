import { assign, emit, fromPromise, setup } from 'xstate';
import { toAppError, type AppErrorCode } from '../../rpc/errors.ts';

/** The two kinds of account a newcomer may open. */
export type UserTypeChoice = 'VENDOR' | 'CUSTOMER';

export interface UserTypeInput {
  /** Preselected from `?user_type=vendor` (the /nouveau-vendeur-seconde-main landing). */
  readonly preselected?: UserTypeChoice | null;
}

export interface UserTypeContext {
  readonly choice: UserTypeChoice | null;
  /** Set exactly while the machine is in a state tagged `error`. */
  readonly errorCode: AppErrorCode | null;
}

export type UserTypeEvent =
  { type: 'userType.select'; userType: UserTypeChoice } | { type: 'userType.submit' };

export type UserTypeEmitted = { type: 'userType.chosen'; userType: UserTypeChoice };

/** `?user_type=vendor` → 'VENDOR'; anything else preselects nothing. */
export function preselectedFrom(search: string): UserTypeChoice | null {
  const value = new URLSearchParams(search).get('user_type')?.toLowerCase();
  return value === 'vendor' ? 'VENDOR' : value === 'customer' ? 'CUSTOMER' : null;
}

/**
 * The user-type choice of an identity without a group: pick vendor or customer, then the server
 * creates the matching record (SessionService.ChooseUserType). A failure keeps the choice; success
 * is announced with `userType.chosen` so the view reloads the session and opens that onboarding.
 */
export const userTypeMachine = setup({
  types: {
    context: {} as UserTypeContext,
    events: {} as UserTypeEvent,
    input: {} as UserTypeInput,
    emitted: {} as UserTypeEmitted,
  },
  actors: {
    chooseUserType: fromPromise<void, { userType: UserTypeChoice }>(() =>
      Promise.reject(new Error('The user-type actor "chooseUserType" was not provided')),
    ),
  },
  guards: {
    hasChoice: ({ context }) => context.choice !== null,
  },
  actions: {
    assignChoice: assign((_, params: { userType: UserTypeChoice }) => ({
      choice: params.userType,
    })),
    assignError: assign((_, params: { error: unknown }) => ({
      errorCode: toAppError(params.error).code,
    })),
    clearError: assign({ errorCode: null }),
    announceChosen: emit(({ context }) => ({
      type: 'userType.chosen' as const,
      userType: context.choice!,
    })),
  },
}).createMachine({
  id: 'userType',
  initial: 'choosing',
  context: ({ input }) => ({ choice: input.preselected ?? null, errorCode: null }),
  states: {
    choosing: {
      tags: ['editable'],
      on: {
        'userType.select': {
          actions: { type: 'assignChoice', params: ({ event }) => ({ userType: event.userType }) },
        },
        'userType.submit': { guard: 'hasChoice', target: 'submitting' },
      },
    },
    submitting: {
      tags: ['busy'],
      invoke: {
        id: 'chooseUserType',
        src: 'chooseUserType',
        input: ({ context }) => ({ userType: context.choice! }),
        onDone: { target: 'chosen' },
        onError: {
          target: 'failed',
          actions: { type: 'assignError', params: ({ event }) => ({ error: event.error }) },
        },
      },
    },
    failed: {
      tags: ['error', 'editable'],
      exit: 'clearError',
      on: {
        'userType.select': {
          target: 'choosing',
          actions: { type: 'assignChoice', params: ({ event }) => ({ userType: event.userType }) },
        },
        'userType.submit': { target: 'submitting' },
      },
    },
    chosen: { tags: ['done'], entry: 'announceChosen' },
  },
});
