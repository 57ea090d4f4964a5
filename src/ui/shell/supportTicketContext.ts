import { createActorContext } from '@xstate/react';
import { supportTicketMachine } from '../../machines/supportTicket/supportTicketMachine.ts';

/**
 * The shell's one "Contact us" modal: the user block and the messaging inbox open the same
 * modal, and the inbox hears when a ticket was sent. The layout passes the logic with its clients.
 */
export const SupportTicketContext = createActorContext(supportTicketMachine);
export const useSupportTicket = SupportTicketContext.useSelector;
export const useSupportTicketActor = SupportTicketContext.useActorRef;
