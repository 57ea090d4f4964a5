import type { Deposit } from '../../../src/rpc/gen/seconde/v1/deposit_pb.ts';
import type { Mail } from '../../mail/outbox.ts';

/**
 * The mail a visitor receives once the public form is submitted. French, the product's language;
 * it repeats what was asked so the customer can check it without signing in.
 */
export function confirmationMail(person: Record<string, unknown>, deposit: Deposit): Mail {
  const firstName = String(person.first_name ?? '').trim();
  const lines = [
    `Bonjour ${firstName},`,
    '',
    'Nous avons bien reçu votre demande de dépôt-vente.',
    `Nombre d’articles annoncé : ${deposit.productNumber}.`,
    'Un vendeur près de chez vous va l’étudier et vous contactera selon vos préférences.',
    '',
    'Merci de votre confiance,',
    'L’équipe Seconde',
  ];
  return {
    kind: 'DEPOSIT_CONFIRMATION',
    recipient: String(person.email ?? ''),
    subject: 'Votre demande de dépôt-vente est bien enregistrée',
    body: lines.join('\n'),
    deposit: deposit.uuid,
  };
}
