import { and, assign, emit, fromPromise, setup } from 'xstate';
import { toAppError, type AppErrorCode } from '../../rpc/errors.ts';
import {
  missingAnswers,
  sponsorCodeOf,
  stepFields,
  type Answer,
  type Answers,
  type OnboardingStep,
} from './onboardingSteps.ts';

/** The user's answers as saved on the server, and the version they were read at. */
export interface SavedAnswers {
  readonly answers: Answers;
  readonly rowVersion: number;
}

/** What the save actor is asked: one step's fields, and whether it is the last one. */
export interface SaveStepInput {
  readonly fields: readonly string[];
  readonly answers: Answers;
  readonly rowVersion: number;
  readonly complete: boolean;
}

/** What the sponsor code actor is asked: the normalized code. */
export interface SponsorCodeInput {
  readonly code: string;
}

export interface OnboardingInput {
  readonly steps: readonly OnboardingStep[];
  /** Answers known before loading (the device), kept unless the server already has one. */
  readonly recorded?: Answers;
}

export interface OnboardingContext {
  readonly steps: readonly OnboardingStep[];
  readonly step: number;
  readonly answers: Answers;
  readonly rowVersion: number;
  /** Required questions of the current step shown as unanswered (after a refused "next"). */
  readonly missing: readonly string[];
  /** Set exactly while the machine is in a state tagged `error`. */
  readonly errorCode: AppErrorCode | null;
  /** The text key of that error (a refused sponsor code says why). */
  readonly errorKey: string | null;
  /** The sponsor code the server recorded (normalized), so it is not sent again. */
  readonly sponsorCodeSent: string | null;
}

export type OnboardingEvent =
  | { type: 'onboarding.answer'; field: string; value: Answer }
  | { type: 'onboarding.next' }
  | { type: 'onboarding.back' }
  | { type: 'onboarding.retry' }
  | { type: 'onboarding.reload' };

export type OnboardingEmitted = { type: 'onboarding.completed' };

const notProvided = (name: string) => () =>
  Promise.reject(new Error(`The onboarding actor "${name}" was not provided`));

const current = (c: OnboardingContext) => c.steps[c.step]!;
const isKnown = (value: Answer | undefined) => value !== null && value !== undefined;

/**
 * A step-by-step onboarding questionnaire (vendor or customer, by its steps): load the saved
 * answers, then per step next (validate, record a typed sponsor code, save the step's fields) and
 * back. A refused sponsor code or a failed save keeps
 * every answer and the step; the last step's save completes the onboarding and is announced with
 * `onboarding.completed`, after which the view reloads the session and leaves.
 */
export const onboardingMachine = setup({
  types: {
    context: {} as OnboardingContext,
    events: {} as OnboardingEvent,
    input: {} as OnboardingInput,
    emitted: {} as OnboardingEmitted,
  },
  actors: {
    loadAnswers: fromPromise<SavedAnswers>(notProvided('loadAnswers')),
    saveStep: fromPromise<SavedAnswers, SaveStepInput>(notProvided('saveStep')),
    applySponsorCode: fromPromise<unknown, SponsorCodeInput>(notProvided('applySponsorCode')),
  },
  guards: {
    isStepAnswered: ({ context }) => missingAnswers(current(context), context.answers).length === 0,
    hasPreviousStep: ({ context }) => context.step > 0,
    isLastStep: ({ context }) => context.step === context.steps.length - 1,
    isKnownField: ({ context }, params: { field: string }) =>
      context.steps.some((s) => s.questions.some((q) => q.field === params.field)),
    isStale: ({ context }) => context.errorCode === 'changedBySomeoneElse',
    hasSponsorCodeToSend: ({ context }) => {
      const code = sponsorCodeOf(current(context), context.answers);
      return code !== '' && code !== context.sponsorCodeSent;
    },
  },
  actions: {
    assignLoaded: assign(({ context }, params: SavedAnswers) => ({
      // The server's answers win; answers recorded here fill only what it does not know.
      answers: {
        ...Object.fromEntries(
          Object.entries(context.answers).filter(([field]) => !isKnown(params.answers[field])),
        ),
        ...Object.fromEntries(Object.entries(params.answers).filter(([, v]) => isKnown(v))),
      },
      rowVersion: params.rowVersion,
      errorCode: null,
    })),
    assignAnswer: assign(({ context }, params: { field: string; value: Answer }) => ({
      answers: { ...context.answers, [params.field]: params.value },
      missing: context.missing.filter((f) => f !== params.field),
    })),
    assignMissing: assign(({ context }) => ({
      missing: missingAnswers(current(context), context.answers),
    })),
    assignSaved: assign((_, params: SavedAnswers) => ({ rowVersion: params.rowVersion })),
    nextStep: assign(({ context }) => ({ step: context.step + 1, missing: [] })),
    previousStep: assign(({ context }) => ({ step: context.step - 1, missing: [] })),
    assignError: assign((_, params: { error: unknown }) => {
      const error = toAppError(params.error);
      return { errorCode: error.code, errorKey: error.i18nKey };
    }),
    clearError: assign({ errorCode: null, errorKey: null }),
    assignSponsorCodeSent: assign(({ context }) => ({
      sponsorCodeSent: sponsorCodeOf(current(context), context.answers),
    })),
    announceCompleted: emit({ type: 'onboarding.completed' } as const),
  },
}).createMachine({
  id: 'onboarding',
  initial: 'loading',
  context: ({ input }) => ({
    steps: input.steps,
    step: 0,
    answers: input.recorded ?? {},
    rowVersion: 0,
    missing: [],
    errorCode: null,
    errorKey: null,
    sponsorCodeSent: null,
  }),
  states: {
    loading: {
      tags: ['busy'],
      invoke: {
        id: 'loadAnswers',
        src: 'loadAnswers',
        onDone: {
          target: 'answering',
          actions: { type: 'assignLoaded', params: ({ event }) => event.output },
        },
        onError: {
          target: 'loadFailed',
          actions: { type: 'assignError', params: ({ event }) => ({ error: event.error }) },
        },
      },
    },
    loadFailed: {
      tags: ['error'],
      on: { 'onboarding.retry': { target: 'loading', actions: 'clearError' } },
    },
    answering: {
      tags: ['editable'],
      on: {
        'onboarding.answer': {
          guard: { type: 'isKnownField', params: ({ event }) => ({ field: event.field }) },
          actions: {
            type: 'assignAnswer',
            params: ({ event }) => ({ field: event.field, value: event.value }),
          },
        },
        'onboarding.next': [
          { guard: and(['isStepAnswered', 'hasSponsorCodeToSend']), target: 'sponsoring' },
          { guard: 'isStepAnswered', target: 'saving' },
          { actions: 'assignMissing' },
        ],
        'onboarding.back': {
          guard: 'hasPreviousStep',
          actions: 'previousStep',
        },
      },
    },
    // A typed sponsor code is recorded before the step is saved; a refusal keeps every answer.
    sponsoring: {
      tags: ['busy'],
      invoke: {
        id: 'applySponsorCode',
        src: 'applySponsorCode',
        input: ({ context }) => ({ code: sponsorCodeOf(current(context), context.answers) }),
        onDone: { target: 'saving', actions: 'assignSponsorCodeSent' },
        onError: {
          target: 'sponsorCodeRefused',
          actions: { type: 'assignError', params: ({ event }) => ({ error: event.error }) },
        },
      },
    },
    sponsorCodeRefused: {
      tags: ['error', 'editable'],
      exit: 'clearError',
      on: {
        'onboarding.answer': {
          guard: { type: 'isKnownField', params: ({ event }) => ({ field: event.field }) },
          target: 'answering',
          actions: {
            type: 'assignAnswer',
            params: ({ event }) => ({ field: event.field, value: event.value }),
          },
        },
        // Unchanged answers: the same code is tried again (a network failure may pass this time).
        'onboarding.next': { target: 'sponsoring' },
        'onboarding.back': {
          guard: 'hasPreviousStep',
          target: 'answering',
          actions: 'previousStep',
        },
      },
    },
    saving: {
      tags: ['busy'],
      invoke: {
        id: 'saveStep',
        src: 'saveStep',
        input: ({ context }) => ({
          fields: stepFields(current(context)),
          answers: context.answers,
          rowVersion: context.rowVersion,
          complete: context.step === context.steps.length - 1,
        }),
        onDone: [
          {
            guard: 'isLastStep',
            target: 'completed',
            actions: { type: 'assignSaved', params: ({ event }) => event.output },
          },
          {
            target: 'answering',
            actions: [{ type: 'assignSaved', params: ({ event }) => event.output }, 'nextStep'],
          },
        ],
        onError: {
          target: 'saveFailed',
          actions: { type: 'assignError', params: ({ event }) => ({ error: event.error }) },
        },
      },
    },
    saveFailed: {
      tags: ['error', 'editable'],
      exit: 'clearError',
      on: {
        // Changing an answer puts the failure aside; the next "next" saves again.
        'onboarding.answer': {
          guard: { type: 'isKnownField', params: ({ event }) => ({ field: event.field }) },
          target: 'answering',
          actions: {
            type: 'assignAnswer',
            params: ({ event }) => ({ field: event.field, value: event.value }),
          },
        },
        // Answers only change in `answering`, so the step is still complete: save it again.
        'onboarding.next': { target: 'saving' },
        'onboarding.back': {
          guard: 'hasPreviousStep',
          target: 'answering',
          actions: 'previousStep',
        },
        // Someone else changed the answers: theirs are read again before going on.
        'onboarding.reload': { guard: 'isStale', target: 'loading' },
      },
    },
    completed: { tags: ['done'], entry: 'announceCompleted' },
  },
});
