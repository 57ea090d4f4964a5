import { fromPromise } from 'xstate';
import type { ClientFactory } from '../../rpc/clients.ts';
import {
  SupportTicketPriority,
  SupportTicketService,
} from '../../rpc/gen/seconde/v1/support_ticket_pb.ts';
import { supportTicketMachine, type TicketDraft } from './supportTicketMachine.ts';

/** The "Contact us" modal over SupportTicketService.Create; the server fills the author. */
export function supportTicketLogic(clients: ClientFactory) {
  const client = clients.get(SupportTicketService);
  return supportTicketMachine.provide({
    actors: {
      createTicket: fromPromise<{ uuid: string }, TicketDraft>(async ({ input, signal }) => {
        const answer = await client.create(
          {
            supportTicket: {
              title: input.title.trim(),
              content: input.content.trim(),
              copyUser: input.copyUser,
              priority: SupportTicketPriority[input.priority],
            },
          },
          { signal },
        );
        return { uuid: answer.supportTicket?.uuid ?? '' };
      }),
    },
  });
}
