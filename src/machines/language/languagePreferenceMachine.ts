import { assign, fromPromise, setup } from 'xstate';
import type { Language } from '../../i18n/index.ts';

/** The signed-in user's own records, where their language is kept; null when they have none. */
export interface LanguageOwner {
  readonly vendorUuid: string | null;
  readonly customerUuid: string | null;
}

export interface SaveLanguageInput {
  readonly language: Language;
  readonly owner: LanguageOwner;
}

export interface LanguagePreferenceContext {
  /** The language being saved or last saved. */
  readonly language: Language | null;
  readonly owner: LanguageOwner | null;
  /** Set exactly while the last save failed; the switch itself never waits for it. */
  readonly errorCode: string | null;
}

export type LanguagePreferenceEvent = {
  type: 'language.chosen';
  language: Language;
  owner: LanguageOwner;
};

/**
 * Keeps the language a user switches the app to on their own vendor or customer record, so
 * their documents follow it. Quiet: the switch happens in the view at once; a save only follows,
 * a newer choice replaces one still under way, and a failure waits for the next choice.
 */
export const languagePreferenceMachine = setup({
  types: {
    context: {} as LanguagePreferenceContext,
    events: {} as LanguagePreferenceEvent,
  },
  actors: {
    saveLanguage: fromPromiseStub<SaveLanguageInput>(),
  },
  guards: {
    hasOwnRecord: ({ event }) =>
      event.owner.vendorUuid !== null || event.owner.customerUuid !== null,
  },
  actions: {
    assignChoice: assign(({ event }) => ({
      language: event.language,
      owner: event.owner,
      errorCode: null,
    })),
    assignFailure: assign({ errorCode: () => 'saveFailed' }),
  },
}).createMachine({
  id: 'languagePreference',
  context: { language: null, owner: null, errorCode: null },
  initial: 'idle',
  on: {
    'language.chosen': { guard: 'hasOwnRecord', target: '.saving', actions: 'assignChoice' },
  },
  states: {
    idle: {},
    saving: {
      tags: ['busy'],
      invoke: {
        id: 'saveLanguage',
        src: 'saveLanguage',
        input: ({ context }) => ({ language: context.language!, owner: context.owner! }),
        onDone: { target: 'saved' },
        onError: { target: 'failed', actions: 'assignFailure' },
      },
    },
    saved: {},
    failed: { tags: ['error'] },
  },
});

/** The save actor's shape; the app provides the real one (languagePreferenceLogic). */
function fromPromiseStub<TInput>() {
  return fromPromise<void, TInput>(() => Promise.reject(new Error('saveLanguage not provided')));
}
