import { fromCallback, fromPromise, setup } from 'xstate';
import { addressMachine } from './addressMachine.ts';
import { newDepositActions } from './newDepositActions.ts';
import { newDepositGuards } from './newDepositGuards.ts';
import type {
  NewDepositContext,
  NewDepositEvent,
  NewDepositInput,
  ReferenceLists,
  Restored,
  Saved,
  SaveInput,
} from './newDepositTypes.ts';

function notProvided(name: string) {
  return () => Promise.reject(new Error(`The new-deposit actor "${name}" was not provided`));
}

/**
 * The new-deposit machine's parts, named so its steps can refer to them and `machine.provide()`
 * can swap them: the flow provides the real actors (newDepositActors.ts), tests provide theirs.
 */
export const newDepositSetup = setup({
  types: {
    context: {} as NewDepositContext,
    events: {} as NewDepositEvent,
    input: {} as NewDepositInput,
    children: {} as {
      restoreDraft: 'restoreDraft';
      saveContact: 'saveContact';
      loadLists: 'loadLists';
      saveCriteria: 'saveCriteria';
      saveInfo: 'saveInfo';
      submitDraft: 'submitDraft';
      address: 'address';
      keepTyped: 'keepTyped';
    },
  },
  actors: {
    restoreDraft: fromPromise<Restored>(notProvided('restoreDraft')),
    saveContact: fromPromise<Saved, SaveInput>(notProvided('saveContact')),
    loadLists: fromPromise<ReferenceLists>(notProvided('loadLists')),
    saveCriteria: fromPromise<Saved, SaveInput>(notProvided('saveCriteria')),
    saveInfo: fromPromise<Saved, SaveInput>(notProvided('saveInfo')),
    submitDraft: fromPromise<void, SaveInput>(notProvided('submitDraft')),
    address: addressMachine,
    /** Keeps the form as typed in the browser; the flow provides the real one. */
    keepTyped: fromCallback<{ type: 'keep'; values: SaveInput }>(() => undefined),
  },
  guards: newDepositGuards,
  actions: newDepositActions,
});
