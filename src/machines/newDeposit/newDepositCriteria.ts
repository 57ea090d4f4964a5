import { newDepositSetup } from './newDepositSetup.ts';
import { EDITS, KEEP_TYPED, onSaveError, saveInput } from './newDepositStepParts.ts';

/** Step 2: what is deposited, chosen in reference lists loaded once. */
export const criteria = newDepositSetup.createStateConfig({
  tags: ['criteria'],
  initial: 'checkingLists',
  entry: 'hideErrors',
  invoke: KEEP_TYPED,
  states: {
    checkingLists: {
      always: [{ guard: 'hasLists', target: 'editing' }, { target: 'loadingLists' }],
    },
    loadingLists: {
      tags: ['busy'],
      entry: 'clearError',
      invoke: {
        id: 'loadLists',
        src: 'loadLists',
        onDone: {
          target: 'editing',
          actions: { type: 'assignLists', params: ({ event }) => ({ lists: event.output }) },
        },
        onError: {
          target: 'listsFailed',
          actions: { type: 'assignError', params: ({ event }) => event },
        },
      },
    },
    listsFailed: {
      tags: ['error'],
      on: {
        'newDeposit.retry': 'loadingLists',
        'newDeposit.back': '#newDeposit.contact',
      },
    },
    editing: {
      entry: 'clearError',
      on: {
        ...EDITS,
        'newDeposit.back': '#newDeposit.contact',
        'newDeposit.next': [
          { guard: 'isCriteriaValid', target: 'saving' },
          { actions: 'showErrors' },
        ],
      },
    },
    saving: {
      tags: ['busy'],
      entry: 'clearError',
      invoke: {
        id: 'saveCriteria',
        src: 'saveCriteria',
        input: saveInput,
        onDone: {
          target: '#newDeposit.info',
          actions: {
            type: 'assignSaved',
            params: ({ event }) => ({ saved: event.output, reached: 'info' as const }),
          },
        },
        onError: onSaveError,
      },
    },
    failed: {
      tags: ['error'],
      on: {
        ...EDITS,
        'newDeposit.back': '#newDeposit.contact',
        'newDeposit.next': [
          { guard: 'isCriteriaValid', target: 'saving' },
          { actions: 'showErrors' },
        ],
      },
    },
  },
});
