import { assign, fromPromise, setup } from 'xstate';
import { announcementProblems } from '../../domain/announcements/announcementRules.ts';
import { toAppError } from '../../rpc/errors.ts';
import {
  EMPTY_ANNOUNCEMENT,
  heldError,
  type AnnouncementDraft,
  type AnnouncementItem,
  type HeldError,
} from './announcementTypes.ts';

/** The page's data: the announcements the vendor reads and their favourite. */
export interface AnnouncementList {
  readonly items: readonly AnnouncementItem[];
  readonly favorite: string | null;
}

export interface AnnouncementsContext extends AnnouncementList {
  readonly draft: AnnouncementDraft | null;
  /** A save was tried: every problem of the draft shows. */
  readonly submitted: boolean;
  /** The announcement waiting for the delete confirmation. */
  readonly pendingDelete: string | null;
  readonly error: HeldError | null;
}

export type DraftField = 'name' | 'title' | 'description';

export type AnnouncementsEvent =
  | { type: 'announcements.retry' }
  | { type: 'announcements.new' }
  | { type: 'announcements.edit'; uuid: string }
  | { type: 'announcements.change'; field: DraftField; value: string }
  | { type: 'announcements.setKind'; kind: AnnouncementDraft['kind'] }
  | { type: 'announcements.setFlag'; flag: 'isActive' | 'isDefault'; value: boolean }
  | { type: 'announcements.save' }
  | { type: 'announcements.cancel' }
  | { type: 'announcements.delete'; uuid: string }
  | { type: 'announcements.confirmDelete' }
  | { type: 'announcements.toggleFavorite'; uuid: string }
  | { type: 'announcements.dismiss' };

const notProvided = (name: string) => () =>
  Promise.reject(new Error(`The announcements actor "${name}" was not provided`));

const errorParams = ({ event }: { event: { error?: unknown } }) => ({ error: event.error });
const listParams = ({ event }: { event: { output: AnnouncementList } }) => ({ list: event.output });
/**
 * While a dialog is open or a call runs, the list's own buttons do nothing: handled here, they
 * stop the list-level transitions of `ready` from leaving the dialog or the call.
 */
const LIST_EVENTS_IGNORED = {
  'announcements.new': {},
  'announcements.edit': {},
  'announcements.delete': {},
  'announcements.toggleFavorite': {},
} as const;

/**
 * `/edit-profile/announcements`: the vendor's announcements and their company's, created and
 * edited in a dialog (problems shown once a save is tried, placeholders checked as typed), deleted
 * after a confirmation, and one made the favourite. Every write answers the fresh list, so a
 * default moved elsewhere or a favourite cleared by a delete shows at once.
 */
export const announcementsMachine = setup({
  types: {
    context: {} as AnnouncementsContext,
    events: {} as AnnouncementsEvent,
  },
  actors: {
    loadAnnouncements: fromPromise<AnnouncementList>(notProvided('loadAnnouncements')),
    saveAnnouncement: fromPromise<AnnouncementList, AnnouncementDraft>(
      notProvided('saveAnnouncement'),
    ),
    destroyAnnouncement: fromPromise<AnnouncementList, { uuid: string }>(
      notProvided('destroyAnnouncement'),
    ),
    setFavorite: fromPromise<AnnouncementList, { uuid: string }>(notProvided('setFavorite')),
  },
  guards: {
    isDraftValid: ({ context }) =>
      context.draft !== null && announcementProblems(context.draft).length === 0,
    isKnown: ({ context }, params: { uuid: string }) =>
      context.items.some((a) => a.uuid === params.uuid),
  },
  actions: {
    assignList: assign((_, params: { list: AnnouncementList }) => ({
      items: params.list.items,
      favorite: params.list.favorite,
    })),
    newDraft: assign({ draft: EMPTY_ANNOUNCEMENT, submitted: false, error: null }),
    editDraft: assign(({ context }, params: { uuid: string }) => {
      const item = context.items.find((a) => a.uuid === params.uuid)!;
      const { company: _company, ...draft } = item;
      return { draft, submitted: false, error: null };
    }),
    changeDraft: assign(({ context }, params: Partial<AnnouncementDraft>) => ({
      draft: context.draft ? { ...context.draft, ...params } : context.draft,
    })),
    submit: assign({ submitted: true }),
    closeDraft: assign({ draft: null, submitted: false }),
    askDelete: assign((_, params: { uuid: string }) => ({ pendingDelete: params.uuid })),
    clearDelete: assign({ pendingDelete: null }),
    assignError: assign((_, params: { error: unknown }) => ({
      error: heldError(toAppError(params.error)),
    })),
    clearError: assign({ error: null }),
  },
}).createMachine({
  id: 'announcements',
  initial: 'loading',
  context: {
    items: [],
    favorite: null,
    draft: null,
    submitted: false,
    pendingDelete: null,
    error: null,
  },
  states: {
    loading: {
      tags: ['busy'],
      invoke: {
        id: 'loadAnnouncements',
        src: 'loadAnnouncements',
        onDone: { target: 'ready', actions: { type: 'assignList', params: listParams } },
        onError: { target: 'failed', actions: { type: 'assignError', params: errorParams } },
      },
    },
    failed: {
      tags: ['error'],
      on: { 'announcements.retry': { target: 'loading', actions: 'clearError' } },
    },
    ready: {
      initial: 'idle',
      on: {
        'announcements.new': { target: '.editing', actions: 'newDraft' },
        'announcements.edit': {
          guard: { type: 'isKnown', params: ({ event }) => event },
          target: '.editing',
          actions: { type: 'editDraft', params: ({ event }) => event },
        },
        'announcements.delete': {
          guard: { type: 'isKnown', params: ({ event }) => event },
          target: '.confirmingDelete',
          actions: ['clearError', { type: 'askDelete', params: ({ event }) => event }],
        },
        'announcements.toggleFavorite': {
          guard: { type: 'isKnown', params: ({ event }) => event },
          target: '.settingFavorite',
          actions: 'clearError',
        },
      },
      states: {
        idle: {},
        refused: {
          tags: ['error'],
          on: { 'announcements.dismiss': { target: 'idle', actions: 'clearError' } },
        },
        editing: {
          tags: ['dialog', 'editable'],
          on: {
            ...LIST_EVENTS_IGNORED,
            'announcements.change': {
              actions: {
                type: 'changeDraft',
                params: ({ event }) => ({ [event.field]: event.value }),
              },
            },
            'announcements.setKind': {
              actions: { type: 'changeDraft', params: ({ event }) => ({ kind: event.kind }) },
            },
            'announcements.setFlag': {
              actions: {
                type: 'changeDraft',
                params: ({ event }) => ({ [event.flag]: event.value }),
              },
            },
            'announcements.save': [
              { guard: 'isDraftValid', target: 'saving', actions: 'submit' },
              { actions: 'submit' },
            ],
            'announcements.cancel': { target: 'idle', actions: 'closeDraft' },
          },
        },
        saving: {
          tags: ['dialog', 'busy'],
          on: {
            ...LIST_EVENTS_IGNORED,
          },
          invoke: {
            id: 'saveAnnouncement',
            src: 'saveAnnouncement',
            input: ({ context }) => context.draft!,
            onDone: {
              target: 'idle',
              actions: [{ type: 'assignList', params: listParams }, 'closeDraft'],
            },
            onError: {
              target: 'saveFailed',
              actions: { type: 'assignError', params: errorParams },
            },
          },
        },
        saveFailed: {
          tags: ['dialog', 'editable', 'error'],
          on: {
            ...LIST_EVENTS_IGNORED,
            'announcements.change': {
              target: 'editing',
              actions: [
                'clearError',
                { type: 'changeDraft', params: ({ event }) => ({ [event.field]: event.value }) },
              ],
            },
            'announcements.save': { target: 'saving', actions: 'clearError' },
            'announcements.cancel': { target: 'idle', actions: ['clearError', 'closeDraft'] },
          },
        },
        confirmingDelete: {
          tags: ['dialog'],
          on: {
            ...LIST_EVENTS_IGNORED,
            'announcements.confirmDelete': { target: 'deleting' },
            'announcements.cancel': { target: 'idle', actions: 'clearDelete' },
          },
        },
        deleting: {
          tags: ['busy'],
          on: {
            ...LIST_EVENTS_IGNORED,
          },
          invoke: {
            id: 'destroyAnnouncement',
            src: 'destroyAnnouncement',
            input: ({ context }) => ({ uuid: context.pendingDelete! }),
            onDone: {
              target: 'idle',
              actions: [{ type: 'assignList', params: listParams }, 'clearDelete'],
            },
            onError: {
              target: 'refused',
              actions: ['clearDelete', { type: 'assignError', params: errorParams }],
            },
          },
        },
        settingFavorite: {
          tags: ['busy'],
          on: {
            ...LIST_EVENTS_IGNORED,
          },
          invoke: {
            id: 'setFavorite',
            src: 'setFavorite',
            // The star of the favourite takes it off; any other star makes that one the favourite.
            input: ({ context, event }) => {
              const uuid = event.type === 'announcements.toggleFavorite' ? event.uuid : '';
              return { uuid: uuid === context.favorite ? '' : uuid };
            },
            onDone: { target: 'idle', actions: { type: 'assignList', params: listParams } },
            onError: { target: 'refused', actions: { type: 'assignError', params: errorParams } },
          },
        },
      },
    },
  },
});
