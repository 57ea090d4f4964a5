import { assign, enqueueActions, fromPromise, setup } from 'xstate';
import {
  canSearchAddress,
  isFrenchAddress,
  type AddressField,
  type AddressFields,
} from '../../domain/newDeposit/depositForm.ts';
import { isCancellation, isTimeout, type AddressSuggestion, type Department } from './gouv.ts';

export const EMPTY_ADDRESS: AddressFields = {
  country: '',
  street: '',
  complement: '',
  city: '',
  postalCode: '',
  latitude: null,
  longitude: null,
};

/** Pause after the last keystroke before the street is searched (1-app-shell.md §9). */
export const SEARCH_DEBOUNCE_MS = 500;

export interface AddressInput {
  readonly value: AddressFields;
  /** The street was picked among the proposals (a restored French address with coordinates). */
  readonly picked: boolean;
  /** The address was being typed by hand (the address service had failed) before a reload. */
  readonly manual: boolean;
  /** Configured minimum of the address search. */
  readonly minChars: number;
}

export interface AddressContext extends AddressInput {
  readonly query: string;
  readonly proposals: readonly AddressSuggestion[];
  readonly departments: readonly Department[];
  /** The street lost focus once: its message may show. */
  readonly streetTouched: boolean;
  /**
   * The address service as last seen: answering, or failed / too slow, after which the street is
   * typed by hand (never searched again unless the visitor asks) and the form says why.
   */
  readonly lookup: AddressLookup;
}

export type AddressLookup = 'available' | 'failed' | 'timedOut';

export type AddressEvent =
  | { type: 'address.typeStreet'; text: string }
  | { type: 'address.pick'; index: number }
  | { type: 'address.clearStreet' }
  | { type: 'address.blurStreet' }
  | { type: 'address.closeProposals' }
  | { type: 'address.edit'; field: Exclude<AddressField, 'country'>; value: string }
  | { type: 'address.selectCountry'; code: string }
  | { type: 'address.retryLookup' };

/** What the parent hears after every change (sent only when there is a parent). */
export interface AddressChanged {
  type: 'address.changed';
  value: AddressFields;
  picked: boolean;
  /** The street is typed by hand, the address service being down: an unpicked street is fine. */
  manual: boolean;
}

function notProvided(name: string) {
  return () => Promise.reject(new Error(`The address actor "${name}" was not provided`));
}

/**
 * The address form of 2-business-data.md §2: for France (or no country) the street is looked up
 * as the visitor types (500 ms pause, searchable text only); picking a proposal fills street, city,
 * postal code and coordinates; any other typing makes the street unpicked again. The department
 * list loads once. A failed or timed-out search turns the street into plain typing (`lookup`),
 * said next to the field; a failed department list only leaves the department unnamed; cancelled
 * fetches (a superseded search) change nothing.
 */
export const addressMachine = setup({
  types: {
    context: {} as AddressContext,
    events: {} as AddressEvent,
    input: {} as AddressInput,
  },
  actors: {
    searchAddresses: fromPromise<AddressSuggestion[], { text: string }>(
      notProvided('searchAddresses'),
    ),
    loadDepartments: fromPromise<Department[]>(notProvided('loadDepartments')),
  },
  delays: { debounce: SEARCH_DEBOUNCE_MS },
  guards: {
    isSearchable: ({ context }, params: { text: string }) =>
      context.lookup === 'available' &&
      isFrenchAddress(context.value.country) &&
      canSearchAddress(params.text, context.minChars),
    hasProposal: ({ context }, params: { index: number }) =>
      params.index >= 0 && params.index < context.proposals.length,
    isShown: (_, params: { error: unknown }) => !isCancellation(params.error),
    isTimeout: (_, params: { error: unknown }) => isTimeout(params.error),
  },
  actions: {
    assignStreet: assign(({ context }, params: { text: string }) => ({
      value: { ...context.value, street: params.text, latitude: null, longitude: null },
      picked: false,
      query: params.text,
    })),
    clearProposals: assign({ proposals: [] }),
    assignProposals: assign((_, params: { proposals: AddressSuggestion[] }) => ({
      proposals: params.proposals,
    })),
    pick: assign(({ context }, params: { index: number }) => {
      const p = context.proposals[params.index]!;
      return {
        value: {
          ...context.value,
          street: p.name,
          city: p.city,
          postalCode: p.postalCode,
          latitude: p.latitude,
          longitude: p.longitude,
        },
        picked: true,
        proposals: [],
        query: p.name,
      };
    }),
    clearStreet: assign(({ context }) => ({
      value: { ...context.value, street: '', latitude: null, longitude: null },
      picked: false,
      proposals: [],
      query: '',
    })),
    assignField: assign(({ context }, params: { field: AddressField; value: string }) => ({
      value: { ...context.value, [params.field]: params.value },
    })),
    assignCountry: assign(({ context }, params: { code: string }) => {
      const wasFrench = isFrenchAddress(context.value.country);
      const french = isFrenchAddress(params.code);
      // A picked French street stays valid only while the address stays French.
      const keepPick = wasFrench && french && context.picked;
      return {
        value: {
          ...context.value,
          country: params.code,
          latitude: keepPick ? context.value.latitude : null,
          longitude: keepPick ? context.value.longitude : null,
        },
        picked: keepPick,
        proposals: [],
      };
    }),
    touchStreet: assign({ streetTouched: true }),
    assignDepartments: assign((_, params: { departments: Department[] }) => ({
      departments: params.departments,
    })),
    assignLookup: assign((_, params: { lookup: AddressLookup }) => ({ lookup: params.lookup })),
    notifyParent: enqueueActions(({ context, enqueue, self }) => {
      if (!self._parent) return;
      const event: AddressChanged = {
        type: 'address.changed',
        value: context.value,
        picked: context.picked,
        manual: context.lookup !== 'available',
      };
      enqueue.sendParent(event);
    }),
  },
}).createMachine({
  id: 'address',
  type: 'parallel',
  context: ({ input }) => ({
    ...input,
    query: input.value.street,
    proposals: [],
    departments: [],
    streetTouched: false,
    lookup: input.manual && !input.picked ? 'failed' : 'available',
  }),
  on: {
    'address.edit': {
      actions: [{ type: 'assignField', params: ({ event }) => event }, 'notifyParent'],
    },
    'address.blurStreet': { actions: 'touchStreet' },
    'address.closeProposals': { actions: 'clearProposals' },
  },
  states: {
    departments: {
      initial: 'loading',
      states: {
        loading: {
          invoke: {
            id: 'loadDepartments',
            src: 'loadDepartments',
            onDone: {
              target: 'loaded',
              actions: {
                type: 'assignDepartments',
                params: ({ event }) => ({ departments: event.output }),
              },
            },
            // Said by the department staying unnamed, never by a message before anything is typed.
            onError: { target: 'failed' },
          },
        },
        loaded: {},
        // The department list is then empty (1-app-shell.md §8).
        failed: { tags: ['departmentsFailed'] },
      },
    },
    search: {
      initial: 'idle',
      // Handled by this region so that typing never restarts the department list beside it.
      on: {
        'address.selectCountry': {
          target: '.idle',
          actions: [{ type: 'assignCountry', params: ({ event }) => event }, 'notifyParent'],
        },
        'address.clearStreet': { target: '.idle', actions: ['clearStreet', 'notifyParent'] },
        'address.typeStreet': [
          {
            guard: { type: 'isSearchable', params: ({ event }) => event },
            target: '.debouncing',
            actions: [{ type: 'assignStreet', params: ({ event }) => event }, 'notifyParent'],
          },
          {
            target: '.idle',
            actions: [
              { type: 'assignStreet', params: ({ event }) => event },
              'clearProposals',
              'notifyParent',
            ],
          },
        ],
        'address.pick': {
          guard: { type: 'hasProposal', params: ({ event }) => event },
          target: '.idle',
          actions: [{ type: 'pick', params: ({ event }) => event }, 'notifyParent'],
        },
        'address.retryLookup': {
          target: '.idle',
          actions: [{ type: 'assignLookup', params: { lookup: 'available' } }, 'notifyParent'],
        },
      },
      states: {
        idle: {},
        debouncing: { after: { debounce: 'searching' } },
        searching: {
          tags: ['searching'],
          invoke: {
            id: 'searchAddresses',
            src: 'searchAddresses',
            input: ({ context }) => ({ text: context.query }),
            onDone: {
              target: 'idle',
              actions: {
                type: 'assignProposals',
                params: ({ event }) => ({ proposals: event.output }),
              },
            },
            onError: [
              {
                guard: { type: 'isTimeout', params: ({ event }) => ({ error: event.error }) },
                target: 'idle',
                actions: [
                  'clearProposals',
                  { type: 'assignLookup', params: { lookup: 'timedOut' } },
                  'notifyParent',
                ],
              },
              {
                guard: { type: 'isShown', params: ({ event }) => ({ error: event.error }) },
                target: 'idle',
                actions: [
                  'clearProposals',
                  { type: 'assignLookup', params: { lookup: 'failed' } },
                  'notifyParent',
                ],
              },
              { target: 'idle', actions: 'clearProposals' },
            ],
          },
        },
      },
    },
  },
});
