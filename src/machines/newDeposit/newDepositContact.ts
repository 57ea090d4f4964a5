import { newDepositSetup } from './newDepositSetup.ts';
import { EDITS, KEEP_TYPED, onSaveError, saveInput } from './newDepositStepParts.ts';

/** Step 1: who deposits. Saving it creates (or finds) the customer and opens the criteria. */
export const contact = newDepositSetup.createStateConfig({
  tags: ['contact'],
  initial: 'editing',
  entry: 'hideErrors',
  invoke: KEEP_TYPED,
  states: {
    editing: {
      entry: 'clearError',
      on: {
        ...EDITS,
        'newDeposit.next': [
          { guard: 'isContactValid', target: 'saving' },
          { actions: 'showErrors' },
        ],
      },
    },
    saving: {
      tags: ['busy'],
      entry: 'clearError',
      invoke: {
        id: 'saveContact',
        src: 'saveContact',
        input: saveInput,
        onDone: {
          target: '#newDeposit.criteria',
          actions: {
            type: 'assignSaved',
            params: ({ event }) => ({ saved: event.output, reached: 'criteria' as const }),
          },
        },
        onError: onSaveError,
      },
    },
    failed: {
      tags: ['error'],
      on: { ...EDITS, 'newDeposit.next': { guard: 'isContactValid', target: 'saving' } },
    },
  },
});
