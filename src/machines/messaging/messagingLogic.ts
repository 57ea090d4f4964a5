import { fromPromise } from 'xstate';
import type { ClientFactory } from '../../rpc/clients.ts';
import {
  SupportTicketPrioritySchema,
  SupportTicketService,
  SupportTicketStatus,
  SupportTicketStatusSchema,
  type SupportTicket,
  type SupportTicketMessage,
} from '../../rpc/gen/seconde/v1/support_ticket_pb.ts';
import { enumLabel, toMs } from '../people/labels.ts';
import { messagingMachine } from './messagingMachine.ts';
import {
  isTicketStatus,
  type ReplyInput,
  type TicketDetail,
  type TicketMessage,
  type TicketPage,
  type TicketRow,
} from './messagingTypes.ts';

export function ticketRow(ticket: SupportTicket): TicketRow {
  const status = enumLabel(SupportTicketStatusSchema, ticket.status);
  return {
    uuid: ticket.uuid,
    title: ticket.title,
    status: isTicketStatus(status) ? status : null,
    priority: enumLabel(SupportTicketPrioritySchema, ticket.priority),
    authorName: ticket.authorName,
    lastMessageAt: toMs(ticket.lastMessageAt) ?? toMs(ticket.createdAt),
  };
}

function ticketMessage(message: SupportTicketMessage): TicketMessage {
  return {
    uuid: message.uuid,
    content: message.content,
    fromSupport: message.fromSupport,
    authorName: message.authorName,
    createdAt: toMs(message.createdAt),
  };
}

export function ticketDetail(ticket: SupportTicket): TicketDetail {
  return {
    ...ticketRow(ticket),
    content: ticket.content,
    createdAt: toMs(ticket.createdAt),
    messages: ticket.messages.map(ticketMessage),
  };
}

/** The messaging inbox over SupportTicketService (List, Retrieve, Reply). */
export function messagingLogic(clients: ClientFactory) {
  const client = clients.get(SupportTicketService);
  return messagingMachine.provide({
    actors: {
      loadTickets: fromPromise<TicketPage, { page: number; pageSize: number }>(
        async ({ input, signal }) => {
          const answer = await client.list(
            { pagination: { page: input.page, pageSize: input.pageSize } },
            { signal },
          );
          return { rows: answer.results.map(ticketRow), count: answer.count };
        },
      ),
      loadTicket: fromPromise<TicketDetail, { uuid: string }>(async ({ input, signal }) =>
        ticketDetail(await client.retrieve({ uuid: input.uuid }, { signal })),
      ),
      sendReply: fromPromise<TicketDetail, ReplyInput>(async ({ input, signal }) =>
        ticketDetail(
          await client.reply(
            {
              ticket: input.uuid,
              content: input.content,
              ...(input.status && { status: SupportTicketStatus[input.status] }),
            },
            { signal },
          ),
        ),
      ),
    },
  });
}
