import { assign, emit, fromPromise, setup } from 'xstate';
import { toAppError, type AppErrorCode } from '../../rpc/errors.ts';

/** Urgency labels of the contract (SupportTicketPriority without its prefix). */
export const PRIORITIES = ['LOW', 'MEDIUM', 'HIGH', 'URGENT'] as const;
export type Priority = (typeof PRIORITIES)[number];

/** What the user writes in the "Contact us" form. */
export interface TicketDraft {
  readonly title: string;
  readonly content: string;
  /** Send a copy to the user's own address. */
  readonly copyUser: boolean;
  readonly priority: Priority;
}

export type DraftField = keyof TicketDraft;
/** The two texts support needs; both are required. */
export type RequiredField = 'title' | 'content';
export const REQUIRED_FIELDS: readonly RequiredField[] = ['title', 'content'];

export const EMPTY_DRAFT: TicketDraft = {
  title: '',
  content: '',
  copyUser: false,
  priority: 'MEDIUM',
};

/** The required fields left blank (spaces count as blank, as the server judges). */
export function missingFields(draft: TicketDraft): RequiredField[] {
  return REQUIRED_FIELDS.filter((field) => !draft[field].trim());
}

export interface SupportTicketContext {
  readonly draft: TicketDraft;
  /** Fields whose "required" message shows: left once, or every field after a send attempt. */
  readonly touched: readonly RequiredField[];
  /** The ticket the last send created. */
  readonly ticketUuid: string | null;
  readonly errorCode: AppErrorCode | null;
}

export type SupportTicketEvent =
  | { type: 'support.open' }
  | { type: 'support.close' }
  | { type: 'support.edit'; field: 'title' | 'content'; value: string }
  | { type: 'support.setCopy'; value: boolean }
  | { type: 'support.setPriority'; value: Priority }
  | { type: 'support.leave'; field: RequiredField }
  | { type: 'support.submit' };

export type SupportTicketEmitted = { type: 'support.sent'; uuid: string };

const isPriority = (value: string): value is Priority =>
  (PRIORITIES as readonly string[]).includes(value);

/**
 * The "Contact us" modal (1-app-shell.md §2): write a title and a message, choose the priority and
 * whether to get a copy, send. A failed send keeps everything typed; a sent ticket empties the
 * form for the next one. The modal is open in every state tagged `open`.
 */
export const supportTicketMachine = setup({
  types: {
    context: {} as SupportTicketContext,
    events: {} as SupportTicketEvent,
    emitted: {} as SupportTicketEmitted,
  },
  actors: {
    createTicket: fromPromise<{ uuid: string }, TicketDraft>(() =>
      Promise.reject(new Error('The support actor "createTicket" was not provided')),
    ),
  },
  guards: {
    isComplete: ({ context }) => missingFields(context.draft).length === 0,
    isPriority: (_, params: { value: string }) => isPriority(params.value),
  },
  actions: {
    assignText: assign(({ context }, params: { field: RequiredField; value: string }) => ({
      draft: { ...context.draft, [params.field]: params.value },
    })),
    assignCopy: assign(({ context }, params: { value: boolean }) => ({
      draft: { ...context.draft, copyUser: params.value },
    })),
    assignPriority: assign(({ context }, params: { value: Priority }) => ({
      draft: { ...context.draft, priority: params.value },
    })),
    touch: assign(({ context }, params: { field: RequiredField }) => ({
      touched: context.touched.includes(params.field)
        ? context.touched
        : [...context.touched, params.field],
    })),
    touchAll: assign({ touched: [...REQUIRED_FIELDS] }),
    assignSent: assign((_, params: { uuid: string }) => ({
      ticketUuid: params.uuid,
      draft: EMPTY_DRAFT,
      touched: [],
    })),
    emitSent: emit((_, params: { uuid: string }) => ({
      type: 'support.sent' as const,
      uuid: params.uuid,
    })),
    assignError: assign((_, params: { error: unknown }) => ({
      errorCode: toAppError(params.error).code,
    })),
    clearError: assign({ errorCode: null }),
  },
}).createMachine({
  id: 'supportTicket',
  initial: 'closed',
  context: { draft: EMPTY_DRAFT, touched: [], ticketUuid: null, errorCode: null },
  states: {
    closed: {
      on: { 'support.open': { target: 'editing' } },
    },
    editing: {
      tags: ['open', 'editable'],
      on: {
        'support.edit': {
          actions: {
            type: 'assignText',
            params: ({ event }) => ({ field: event.field, value: event.value }),
          },
        },
        'support.setCopy': {
          actions: { type: 'assignCopy', params: ({ event }) => ({ value: event.value }) },
        },
        'support.setPriority': {
          guard: { type: 'isPriority', params: ({ event }) => ({ value: event.value }) },
          actions: { type: 'assignPriority', params: ({ event }) => ({ value: event.value }) },
        },
        'support.leave': {
          actions: { type: 'touch', params: ({ event }) => ({ field: event.field }) },
        },
        'support.submit': [
          { guard: 'isComplete', target: 'sending', actions: 'touchAll' },
          { actions: 'touchAll' },
        ],
        'support.close': { target: 'closed' },
      },
    },
    sending: {
      tags: ['open', 'busy'],
      invoke: {
        id: 'createTicket',
        src: 'createTicket',
        input: ({ context }) => context.draft,
        onDone: {
          target: 'sent',
          actions: [
            { type: 'assignSent', params: ({ event }) => ({ uuid: event.output.uuid }) },
            { type: 'emitSent', params: ({ event }) => ({ uuid: event.output.uuid }) },
          ],
        },
        onError: {
          target: 'failed',
          actions: { type: 'assignError', params: ({ event }) => ({ error: event.error }) },
        },
      },
    },
    failed: {
      tags: ['open', 'editable', 'error'],
      on: {
        'support.edit': {
          target: 'editing',
          actions: [
            'clearError',
            {
              type: 'assignText',
              params: ({ event }) => ({ field: event.field, value: event.value }),
            },
          ],
        },
        'support.setCopy': {
          target: 'editing',
          actions: ['clearError', { type: 'assignCopy', params: ({ event }) => event }],
        },
        'support.setPriority': {
          guard: { type: 'isPriority', params: ({ event }) => ({ value: event.value }) },
          target: 'editing',
          actions: ['clearError', { type: 'assignPriority', params: ({ event }) => event }],
        },
        // The draft was complete when it was sent, and only edits change it.
        'support.submit': { target: 'sending', actions: 'clearError' },
        'support.close': { target: 'closed', actions: 'clearError' },
      },
    },
    sent: {
      tags: ['sent'],
      on: { 'support.open': { target: 'editing' } },
    },
  },
});
