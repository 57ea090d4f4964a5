import type { Mail } from '../../mail/outbox.ts';
import { formatMoney } from '../../documents/texts.ts';
import { noticesEn } from '../../../src/i18n/areas/notices.en.ts';
import { noticesFr } from '../../../src/i18n/areas/notices.fr.ts';

export type MailLanguage = 'fr' | 'en';

type NoticeTextKey = keyof typeof noticesFr.notices;

const areas = { fr: noticesFr.notices, en: noticesEn.notices };

/** The notices texts of one language, read from the area files the web app translates. */
function texts(language: MailLanguage) {
  return (key: NoticeTextKey, values: Record<string, string> = {}): string =>
    areas[language][key].replace(/\{\{(\w+)\}\}/g, (_, name: string) => values[name] ?? '');
}

const METHOD_KEYS: Record<string, NoticeTextKey> = {
  BANK_TRANSFER: 'methodBankTransfer',
  CASH: 'methodCash',
  CHEQUE: 'methodCheque',
  STORE_CREDIT: 'methodStoreCredit',
};

function letter(language: MailLanguage, firstName: string | null, lines: readonly string[]) {
  const t = texts(language);
  const name = firstName?.trim();
  return [
    name ? t('mailHello', { name }) : t('mailHelloNoName'),
    '',
    ...lines,
    '',
    t('mailFollow'),
    '',
    t('mailSignature'),
  ].join('\n');
}

/**
 * Tells a depositor one of their items sold and their share, in their language. Names the item
 * only: nothing of the buyer reaches the depositor.
 */
export function saleMail(input: {
  recipient: string;
  language: MailLanguage;
  firstName: string | null;
  item: string;
  reference: string | null;
  shareCents: number;
  deposit: string | null;
}): Mail {
  const t = texts(input.language);
  const item = input.item.trim() || t('untitledItem');
  const amount = formatMoney(input.shareCents, input.language);
  const reference = input.reference?.trim()
    ? t('mailReference', { reference: input.reference })
    : '';
  return {
    kind: 'ADMIN_NOTICE',
    recipient: input.recipient,
    ...(input.deposit && { deposit: input.deposit }),
    subject: t('mailSoldSubject', { item }),
    body: letter(input.language, input.firstName, [t('mailSoldBody', { item, reference, amount })]),
  };
}

/** Tells a depositor a payout was made to them, how, and its receipt number, in their language. */
export function payoutMail(input: {
  recipient: string;
  language: MailLanguage;
  firstName: string | null;
  amountCents: number;
  method: string;
  receiptNumber: string;
}): Mail {
  const t = texts(input.language);
  const amount = formatMoney(input.amountCents, input.language);
  const method = t(METHOD_KEYS[input.method] ?? 'methodBankTransfer');
  return {
    kind: 'ADMIN_NOTICE',
    recipient: input.recipient,
    subject: t('mailPayoutSubject', { amount }),
    body: letter(input.language, input.firstName, [
      t('mailPayoutBody', { amount, method, receipt: input.receiptNumber }),
    ]),
  };
}
