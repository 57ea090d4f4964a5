import type { Mail } from '../../mail/outbox.ts';

export interface ReservationMailInput {
  readonly recipient: string;
  readonly vendorFirstName: string | null;
  readonly deposit: string | null;
  readonly productTitle: string;
  readonly productReference: string | null;
  readonly buyerName: string;
  readonly buyerEmail: string;
  readonly buyerPhone: string;
  readonly message: string | null;
  /** Where the vendor confirms or releases it. */
  readonly appUrl: string;
}

/**
 * Tells a vendor that a buyer reserved an item on their shop, with the buyer's contact, so they
 * can call back at once. In French, like every mail of the product. Sent as an ADMIN_NOTICE (the
 * product's own notices), tied to the item's deposit so the outbox finds it with the deposit.
 */
export function reservationMail(input: ReservationMailInput): Mail {
  const reference = input.productReference ? ` (réf. ${input.productReference})` : '';
  return {
    kind: 'ADMIN_NOTICE',
    recipient: input.recipient,
    ...(input.deposit && { deposit: input.deposit }),
    subject: `Article réservé sur votre boutique : ${input.productTitle}`,
    body: [
      `Bonjour${input.vendorFirstName ? ` ${input.vendorFirstName}` : ''},`,
      '',
      `« ${input.productTitle} »${reference} vient d’être réservé sur votre boutique Seconde.`,
      '',
      `Acheteur : ${input.buyerName}`,
      `E-mail : ${input.buyerEmail}`,
      `Téléphone : ${input.buyerPhone}`,
      ...(input.message ? ['', 'Son message :', input.message] : []),
      '',
      'L’article est retiré de vos autres canaux de vente. Contactez l’acheteur, puis confirmez la vente ou libérez l’article :',
      input.appUrl,
      '',
      'L’équipe Seconde',
    ].join('\n'),
  };
}
