import { assign, fromPromise, setup } from 'xstate';
import {
  hasErrors,
  normalizePhone,
  validateContact,
  validateCriteria,
  validateInfo,
} from '../../domain/newDeposit/depositForm.ts';
import { toAppError } from '../../rpc/errors.ts';
import { addressMachine } from './addressMachine.ts';
import {
  EMPTY_CONTACT,
  EMPTY_CRITERIA,
  EMPTY_INFO,
  stepIndex,
  type FormValues,
  type NewDepositContext,
  type NewDepositEvent,
  type NewDepositInput,
  type ReferenceLists,
  type Restored,
  type Saved,
  type Step,
} from './newDepositTypes.ts';

function notProvided(name: string) {
  return () => Promise.reject(new Error(`The new-deposit actor "${name}" was not provided`));
}

/** What every save sends: the whole form, so the draft always holds every step. */
export interface SaveInput extends FormValues {
  readonly token: string;
  readonly customerUuid: string | null;
  readonly draft: NewDepositContext['draft'];
}

const saveInput = ({ context }: { context: NewDepositContext }): SaveInput => ({
  token: context.token,
  customerUuid: context.customerUuid,
  draft: context.draft,
  contact: context.contact,
  criteria: context.criteria,
  info: context.info,
  addressPicked: context.addressPicked,
});

const later = (a: Step, b: Step): Step => (stepIndex(a) >= stepIndex(b) ? a : b);

/** Edits accepted while a step is shown (editing or after a failed save). */
const EDITS = {
  'newDeposit.editContact': { actions: 'assignContact' },
  'newDeposit.editCriteria': { actions: 'assignCriteria' },
  'newDeposit.editItemCount': { actions: 'assignItemCount' },
  'newDeposit.toggleChoice': { actions: 'toggleChoice' },
  'newDeposit.editInfo': { actions: 'assignInfo' },
  'newDeposit.setFlag': { actions: 'assignFlag' },
  'address.changed': { actions: 'assignAddress' },
  'newDeposit.goTo': [
    { guard: 'canGoToContact', target: '#newDeposit.contact' },
    { guard: 'canGoToCriteria', target: '#newDeposit.criteria' },
    { guard: 'canGoToInfo', target: '#newDeposit.info' },
  ],
} as const;

const onSaveError = {
  target: 'failed',
  actions: { type: 'assignError', params: ({ event }: { event: { error: unknown } }) => event },
} as const;

/**
 * The public new-deposit flow (1-app-shell.md §2): contact, criteria, info, then the request is
 * sent. Each step is saved on the server as a draft before the next opens, so a reload or a phone
 * that sleeps loses nothing; the restore actor reads back what this browser left.
 */
export const newDepositMachine = setup({
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
  },
  guards: {
    isContactValid: ({ context }) => !hasErrors(validateContact(context.contact)),
    isCriteriaValid: ({ context }) => !hasErrors(validateCriteria(context.criteria)),
    isInfoValid: ({ context }) => !hasErrors(validateInfo(context.info, context.addressPicked)),
    hasLists: ({ context }) => context.lists !== null,
    opensAt: ({ context }, params: { step: Step }) =>
      (stepIndex(context.requestedStep) <= stepIndex(context.reached)
        ? context.requestedStep
        : context.reached) === params.step,
    canGoToContact: ({ event }) => event.type === 'newDeposit.goTo' && event.step === 'contact',
    canGoToCriteria: ({ context, event }) =>
      event.type === 'newDeposit.goTo' &&
      event.step === 'criteria' &&
      stepIndex(context.reached) >= stepIndex('criteria'),
    canGoToInfo: ({ context, event }) =>
      event.type === 'newDeposit.goTo' &&
      event.step === 'info' &&
      stepIndex(context.reached) >= stepIndex('info'),
  },
  actions: {
    assignRestored: assign((_, params: { restored: Restored }) => ({
      ...params.restored,
      alreadyExisting: false,
    })),
    assignSaved: assign(({ context }, params: { saved: Saved; reached: Step }) => ({
      customerUuid: params.saved.customerUuid,
      alreadyExisting: params.saved.alreadyExisting,
      draft: params.saved.draft,
      reached: later(context.reached, params.reached),
      showErrors: false,
    })),
    assignLists: assign((_, params: { lists: ReferenceLists }) => ({ lists: params.lists })),
    assignContact: assign(({ context, event }) => {
      if (event.type !== 'newDeposit.editContact') return {};
      const value = event.field === 'phoneNumber' ? normalizePhone(event.value) : event.value;
      return { contact: { ...context.contact, [event.field]: value } };
    }),
    assignCriteria: assign(({ context, event }) => {
      if (event.type !== 'newDeposit.editCriteria') return {};
      const criteria = { ...context.criteria, [event.field]: event.value };
      if (event.field !== 'family' || event.value === 'MIXED') return { criteria };
      // Categories of another family no longer apply.
      const kept = new Set(
        (context.lists?.categories ?? [])
          .filter((c) => c.family === '' || c.family === event.value)
          .map((c) => c.uuid),
      );
      return {
        criteria: { ...criteria, categories: criteria.categories.filter((c) => kept.has(c)) },
      };
    }),
    assignItemCount: assign(({ context, event }) =>
      event.type === 'newDeposit.editItemCount'
        ? { criteria: { ...context.criteria, productNumber: event.value } }
        : {},
    ),
    toggleChoice: assign(({ context, event }) => {
      if (event.type !== 'newDeposit.toggleChoice') return {};
      const list = context.criteria[event.field];
      const next = list.includes(event.value)
        ? list.filter((v) => v !== event.value)
        : [...list, event.value];
      return { criteria: { ...context.criteria, [event.field]: next } };
    }),
    assignInfo: assign(({ context, event }) =>
      event.type === 'newDeposit.editInfo'
        ? { info: { ...context.info, [event.field]: event.value } }
        : {},
    ),
    assignFlag: assign(({ context, event }) =>
      event.type === 'newDeposit.setFlag'
        ? { info: { ...context.info, [event.field]: event.value } }
        : {},
    ),
    assignAddress: assign(({ context, event }) =>
      event.type === 'address.changed'
        ? { info: { ...context.info, address: event.value }, addressPicked: event.picked }
        : {},
    ),
    showErrors: assign({ showErrors: true }),
    hideErrors: assign({ showErrors: false }),
    assignError: assign((_, params: { error: unknown }) => {
      const error = toAppError(params.error);
      return { errorCode: error.code, errorReason: error.reason ?? null };
    }),
    clearError: assign({ errorCode: null, errorReason: null }),
  },
}).createMachine({
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
    contact: {
      tags: ['contact'],
      initial: 'editing',
      entry: 'hideErrors',
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
    },
    criteria: {
      tags: ['criteria'],
      initial: 'checkingLists',
      entry: 'hideErrors',
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
    },
    info: {
      tags: ['info'],
      initial: 'editing',
      entry: 'hideErrors',
      invoke: {
        id: 'address',
        src: 'address',
        input: ({ context }) => ({
          value: context.info.address,
          picked: context.addressPicked,
          minChars: context.minChars,
        }),
      },
      states: {
        editing: {
          entry: 'clearError',
          on: {
            ...EDITS,
            'newDeposit.back': '#newDeposit.criteria',
            'newDeposit.next': [
              { guard: 'isInfoValid', target: 'saving' },
              { actions: 'showErrors' },
            ],
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
            'newDeposit.next': [
              { guard: 'isInfoValid', target: 'saving' },
              { actions: 'showErrors' },
            ],
          },
        },
      },
    },
    done: {
      tags: ['done'],
      on: { 'newDeposit.restart': 'loading' },
    },
  },
});
