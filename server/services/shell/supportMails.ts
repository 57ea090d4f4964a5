import type { Mail } from '../../mail/outbox.ts';

/**
 * Mails about support tickets, in French like every mail of the product. They use the outbox's
 * ADMIN_NOTICE kind: the contracts have no support kind, and these are service notices too.
 */

export interface TicketMailInput {
  readonly recipient: string;
  readonly title: string;
  readonly content: string;
  readonly authorName: string;
}

/** The copy a user asked for when opening a ticket ("send me a copy"). */
export function ticketCopyMail(input: TicketMailInput): Mail {
  return {
    kind: 'ADMIN_NOTICE',
    recipient: input.recipient,
    subject: `Copie de votre message : ${input.title}`,
    body: [
      'Bonjour,',
      '',
      'Nous avons bien reçu votre message et vous répondrons au plus vite :',
      '',
      `« ${input.title} »`,
      input.content,
      '',
      'Retrouvez la conversation dans la messagerie de Seconde.',
      '',
      "L'équipe Seconde",
    ].join('\n'),
  };
}

/** What support receives for a new ticket or an author's answer. */
export function ticketToSupportMail(input: TicketMailInput & { isAnswer: boolean }): Mail {
  return {
    kind: 'ADMIN_NOTICE',
    recipient: input.recipient,
    subject: `${input.isAnswer ? 'Réponse au ticket' : 'Nouveau ticket'} : ${input.title}`,
    body: [`De : ${input.authorName}`, '', input.content].join('\n'),
  };
}

/** Tells a ticket's author that support answered. */
export function supportAnsweredMail(input: TicketMailInput): Mail {
  return {
    kind: 'ADMIN_NOTICE',
    recipient: input.recipient,
    subject: `Réponse du support : ${input.title}`,
    body: [
      'Bonjour,',
      '',
      'Le support de Seconde a répondu à votre message :',
      '',
      input.content,
      '',
      'Répondez depuis la messagerie de Seconde.',
      '',
      "L'équipe Seconde",
    ].join('\n'),
  };
}
