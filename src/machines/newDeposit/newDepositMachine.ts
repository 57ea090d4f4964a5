import { contact } from './newDepositContact.ts';
import { criteria } from './newDepositCriteria.ts';
import { info } from './newDepositInfo.ts';
import { newDepositSetup } from './newDepositSetup.ts';
import { EMPTY_CONTACT, EMPTY_CRITERIA, EMPTY_INFO } from './newDepositTypes.ts';

/**
 * The public new-deposit flow (1-app-shell.md §2): contact, criteria, info, then the request is
 * sent. Each step is saved on the server as a draft before the next opens, so a reload or a phone
 * that sleeps loses nothing; the restore actor reads back what this browser left.
 * Guards, actions and actors: newDepositGuards.ts, newDepositActions.ts, newDepositSetup.ts; the
 * steps: newDepositContact.ts, newDepositCriteria.ts, newDepositInfo.ts.
 */
export const newDepositMachine = newDepositSetup.createMachine({
  id: 'newDeposit',
  initial: 'loading',
  context: ({ input }) => ({
    token: '',
    customerUuid: null,
    alreadyExisting: false,
    draft: null,
    contact: EMPTY_CONTACT,
    criteria: EMPTY_CRITERIA,
    info: EMPTY_INFO,
    addressPicked: false,
    addressManual: false,
    reached: 'contact',
    requestedStep: input.requestedStep,
    minChars: input.minChars,
    lists: null,
    showErrors: false,
    errorCode: null,
    errorReason: null,
  }),
  states: {
    loading: {
      tags: ['busy'],
      entry: 'clearError',
      invoke: {
        id: 'restoreDraft',
        src: 'restoreDraft',
        onDone: {
          target: 'opening',
          actions: { type: 'assignRestored', params: ({ event }) => ({ restored: event.output }) },
        },
        onError: {
          target: 'loadFailed',
          actions: { type: 'assignError', params: ({ event }) => event },
        },
      },
    },
    loadFailed: { tags: ['error'], on: { 'newDeposit.retry': 'loading' } },
    opening: {
      always: [
        { guard: { type: 'opensAt', params: { step: 'info' } }, target: 'info' },
        { guard: { type: 'opensAt', params: { step: 'criteria' } }, target: 'criteria' },
        { target: 'contact' },
      ],
    },
    contact,
    criteria,
    info,
    done: {
      tags: ['done'],
      on: { 'newDeposit.restart': 'loading' },
    },
  },
});
