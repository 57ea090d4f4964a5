import type { Mail } from './outbox.ts';

/** Mails are written in French, the product's language (English is the interface's second one). */

export interface AssignedMailInput {
  readonly recipient: string;
  readonly vendorFirstName: string | null;
  readonly depositUuid: string;
  readonly depositName: string | null;
  readonly customerPostalCode: string | null;
}

/** Tells a vendor that an admin gave them the deposit they asked for. */
export function depositAssignedMail(input: AssignedMailInput): Mail {
  const name = input.depositName?.trim() || 'sans nom';
  const where = input.customerPostalCode ? ` (code postal ${input.customerPostalCode})` : '';
  return {
    kind: 'DEPOSIT_ASSIGNED',
    recipient: input.recipient,
    deposit: input.depositUuid,
    subject: `Dépôt attribué : ${name}`,
    body: [
      `Bonjour${input.vendorFirstName ? ` ${input.vendorFirstName}` : ''},`,
      '',
      `Le dépôt « ${name} »${where} vous a été attribué.`,
      'Vous pouvez dès maintenant contacter le client pour organiser la récupération des articles.',
      'Retrouvez le dépôt dans votre liste de dépôts.',
      '',
      "L'équipe Seconde",
    ].join('\n'),
  };
}
