import { conversation } from './messagingConversation.ts';
import { MESSAGING_PAGE_SIZE, messagingSetup } from './messagingSetup.ts';

export { MESSAGING_PAGE_SIZE };

/**
 * The messaging inbox: the list of support tickets (own ones, or all for support) beside the
 * opened conversation. Both sides load and fail on their own, so a failed conversation leaves the
 * list usable and the other way round; a failed answer keeps its text.
 */
export const messagingMachine = messagingSetup.createMachine({
  id: 'messaging',
  type: 'parallel',
  context: ({ input }) => ({
    isSupport: input.isSupport,
    rows: [],
    count: 0,
    page: 1,
    pageSize: input.pageSize ?? MESSAGING_PAGE_SIZE,
    selected: null,
    ticket: null,
    reply: '',
    status: null,
    listErrorCode: null,
    ticketErrorCode: null,
  }),
  states: {
    list: {
      initial: 'loading',
      states: {
        loading: {
          tags: ['busy', 'listBusy'],
          invoke: {
            id: 'loadTickets',
            src: 'loadTickets',
            input: ({ context }) => ({ page: context.page, pageSize: context.pageSize }),
            onDone: {
              target: 'ready',
              actions: { type: 'assignPage', params: ({ event }) => event.output },
            },
            onError: {
              target: 'failed',
              actions: { type: 'assignListError', params: ({ event }) => event },
            },
          },
        },
        failed: {
          tags: ['error', 'listError'],
          on: { 'messaging.retry': { target: 'loading', actions: 'clearListError' } },
        },
        ready: {
          on: {
            'messaging.page': {
              guard: { type: 'isOtherValidPage', params: ({ event }) => event },
              target: 'loading',
              actions: { type: 'assignPageNumber', params: ({ event }) => event },
            },
            'messaging.refresh': { target: 'loading' },
          },
        },
      },
    },
    conversation,
  },
});
