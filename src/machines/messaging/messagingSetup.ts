import { assign, emit, fromPromise, setup } from 'xstate';
import { toAppError } from '../../rpc/errors.ts';
import { pageCount } from '../shared/pagedListMachine.ts';
import {
  isTicketStatus,
  type MessagingContext,
  type MessagingEmitted,
  type MessagingEvent,
  type ReplyInput,
  type TicketDetail,
  type TicketPage,
  type TicketStatus,
} from './messagingTypes.ts';

export const MESSAGING_PAGE_SIZE = 20;

const notProvided = (name: string) => () =>
  Promise.reject(new Error(`The messaging actor "${name}" was not provided`));

/** What support's answer changes: a new status, when it differs from the ticket's. */
export function statusChange(context: MessagingContext): TicketStatus | null {
  return context.isSupport && context.status !== context.ticket?.status ? context.status : null;
}

/** The inbox's actors, guards and actions, shared by its list and conversation states. */
export const messagingSetup = setup({
  types: {
    context: {} as MessagingContext,
    events: {} as MessagingEvent,
    input: {} as { isSupport: boolean; pageSize?: number },
    emitted: {} as MessagingEmitted,
  },
  actors: {
    loadTickets: fromPromise<TicketPage, { page: number; pageSize: number }>(
      notProvided('loadTickets'),
    ),
    loadTicket: fromPromise<TicketDetail, { uuid: string }>(notProvided('loadTicket')),
    sendReply: fromPromise<TicketDetail, ReplyInput>(notProvided('sendReply')),
  },
  guards: {
    isOtherValidPage: ({ context }, params: { page: number }) =>
      Number.isInteger(params.page) &&
      params.page >= 1 &&
      params.page <= pageCount(context.count, context.pageSize) &&
      params.page !== context.page,
    canSend: ({ context }) => {
      if (!context.ticket) return false;
      if (!context.isSupport && context.ticket.status === 'CLOSED') return false;
      return context.reply.trim() !== '' || statusChange(context) !== null;
    },
    canSetStatus: ({ context }, params: { value: string }) =>
      context.isSupport && isTicketStatus(params.value),
  },
  actions: {
    assignPage: assign((_, params: TicketPage) => ({
      rows: params.rows,
      count: params.count,
      listErrorCode: null,
    })),
    assignPageNumber: assign((_, params: { page: number }) => ({ page: params.page })),
    assignListError: assign((_, params: { error: unknown }) => ({
      listErrorCode: toAppError(params.error).code,
    })),
    clearListError: assign({ listErrorCode: null }),
    select: assign((_, params: { uuid: string }) => ({
      selected: params.uuid,
      ticket: null,
      reply: '',
      status: null,
      ticketErrorCode: null,
    })),
    unselect: assign({
      selected: null,
      ticket: null,
      reply: '',
      status: null,
      ticketErrorCode: null,
    }),
    assignTicket: assign(({ context }, params: TicketDetail) => ({
      ticket: params,
      status: params.status,
      ticketErrorCode: null,
      rows: context.rows.map((row) =>
        row.uuid === params.uuid
          ? { ...row, status: params.status, lastMessageAt: params.lastMessageAt }
          : row,
      ),
    })),
    clearReply: assign({ reply: '' }),
    assignReply: assign((_, params: { value: string }) => ({ reply: params.value })),
    assignStatus: assign((_, params: { value: TicketStatus }) => ({ status: params.value })),
    assignTicketError: assign((_, params: { error: unknown }) => ({
      ticketErrorCode: toAppError(params.error).code,
    })),
    clearTicketError: assign({ ticketErrorCode: null }),
    emitReplied: emit({ type: 'messaging.replied' as const }),
  },
});
