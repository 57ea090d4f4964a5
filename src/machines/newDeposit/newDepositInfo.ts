import { newDepositSetup } from './newDepositSetup.ts';
import { EDITS, KEEP_TYPED, onSaveError, saveInput } from './newDepositStepParts.ts';

/**
 * Step 3: where and how, with the address form as a child machine; a valid step is saved, then
 * the request is sent.
 */
export const info = newDepositSetup.createStateConfig({
  tags: ['info'],
  initial: 'editing',
  entry: 'hideErrors',
  invoke: [
    {
      id: 'address',
      src: 'address',
      input: ({ context }) => ({
        value: context.info.address,
        picked: context.addressPicked,
        manual: context.addressManual,
        minChars: context.minChars,
      }),
    },
    KEEP_TYPED,
  ],
  states: {
    editing: {
      entry: 'clearError',
      on: {
        ...EDITS,
        'newDeposit.back': '#newDeposit.criteria',
        'newDeposit.next': [{ guard: 'isInfoValid', target: 'saving' }, { actions: 'showErrors' }],
      },
    },
    saving: {
      tags: ['busy'],
      entry: 'clearError',
      invoke: {
        id: 'saveInfo',
        src: 'saveInfo',
        input: saveInput,
        onDone: {
          target: 'submitting',
          actions: {
            type: 'assignSaved',
            params: ({ event }) => ({ saved: event.output, reached: 'info' as const }),
          },
        },
        onError: onSaveError,
      },
    },
    submitting: {
      tags: ['busy'],
      invoke: {
        id: 'submitDraft',
        src: 'submitDraft',
        input: saveInput,
        onDone: '#newDeposit.done',
        onError: onSaveError,
      },
    },
    failed: {
      tags: ['error'],
      on: {
        ...EDITS,
        'newDeposit.back': '#newDeposit.criteria',
        'newDeposit.next': [{ guard: 'isInfoValid', target: 'saving' }, { actions: 'showErrors' }],
      },
    },
  },
});
