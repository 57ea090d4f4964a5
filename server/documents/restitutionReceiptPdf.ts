import { restitutionReceiptEn } from '../../src/i18n/areas/restitutionReceipt.en.ts';
import { restitutionReceiptFr } from '../../src/i18n/areas/restitutionReceipt.fr.ts';
import type { DocumentLanguage } from './model.ts';
import {
  MARGIN,
  contentWidth,
  finish,
  newPdf,
  writePageNumbers,
  writeParagraphs,
  writeTable,
} from './pdfLayout.ts';
import { documentTexts, formatDate } from './texts.ts';

type Key = keyof typeof restitutionReceiptFr.restitutionReceipt;
const areas = {
  fr: restitutionReceiptFr.restitutionReceipt,
  en: restitutionReceiptEn.restitutionReceipt,
};

/** The receipt's texts in one language, from the area files the web app translates. */
export function receiptTexts(language: DocumentLanguage) {
  return (key: Key, values: Record<string, string> = {}): string =>
    areas[language][key].replace(/\{\{(\w+)\}\}/g, (_, name: string) => values[name] ?? '');
}

const CONDITION_KEYS: Record<string, Key> = {
  NEW_WITH_TICKET: 'conditionNewWithTicket',
  NEW_WITHOUT_TICKET: 'conditionNewWithoutTicket',
  VERY_GOOD: 'conditionVeryGood',
  GOOD: 'conditionGood',
  SATISFYING: 'conditionSatisfying',
  REFUSED: 'conditionRefused',
};

/** An item's condition as the receipt prints it. */
export const conditionKey = (condition: string): Key =>
  CONDITION_KEYS[condition] ?? 'conditionUnknown';

const PARIS_DAY = new Intl.DateTimeFormat('en-CA', {
  timeZone: 'Europe/Paris',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});

/** The day (Paris time) of an ISO timestamp, as YYYY-MM-DD. */
export const parisDay = (iso: string) => PARIS_DAY.format(new Date(iso));

/** One side of the return, as snapshotted on the receipt. */
export interface ReceiptParty {
  name: string;
  /** Address lines, SIRET, e-mail... each printed on its own line. */
  details: string[];
  /** The identity document shown at reception, the depositor only ('' when none). */
  idDocument?: string;
}

export interface ReceiptItem {
  product: string;
  reference: string;
  name: string;
  condition: string;
}

export interface RestitutionReceiptDocument {
  language: DocumentLanguage;
  depositName: string;
  /** ISO timestamp of the restitution. */
  restitutedAt: string;
  holder: ReceiptParty;
  depositor: ReceiptParty;
  items: ReceiptItem[];
  accepted: { at: string; through: 'SCREEN' | 'EMAIL_LINK' } | null;
}

function writeSide(
  pdf: ReturnType<typeof newPdf>,
  heading: string,
  party: ReceiptParty,
  x: number,
  y: number,
  width: number,
  idLine: (document: string) => string,
): number {
  pdf.font('regular').fontSize(8).fillColor('#555555').text(heading.toUpperCase(), x, y, { width });
  pdf
    .font('bold')
    .fontSize(10)
    .fillColor('black')
    .text(party.name || '—', x, pdf.y + 2, { width });
  pdf.font('regular').fontSize(9);
  for (const line of party.details) pdf.text(line, x, pdf.y, { width });
  if (party.idDocument) pdf.text(idLine(party.idDocument), x, pdf.y, { width });
  return pdf.y;
}

/**
 * The restitution receipt in `doc.language`: who hands back which items to whom, in which
 * condition, on which day, and whether the depositor has accepted it yet (and how).
 */
export async function renderRestitutionReceiptPdf(
  doc: RestitutionReceiptDocument,
): Promise<Uint8Array> {
  const t = receiptTexts(doc.language);
  const pdf = newPdf({ title: `${t('pdfTitle')} ${doc.depositName}`, language: doc.language });
  const day = formatDate(parisDay(doc.restitutedAt), doc.language);
  pdf
    .font('bold')
    .fontSize(16)
    .text(t('pdfTitle'), MARGIN, MARGIN, { width: contentWidth(pdf) });
  pdf.font('regular').fontSize(10);
  pdf.text(t('pdfDeposit', { name: doc.depositName }), MARGIN, pdf.y + 4);
  pdf.text(t('pdfDate', { date: day }), MARGIN, pdf.y);
  const half = contentWidth(pdf) / 2;
  const top = pdf.y + 14;
  const idLine = (document: string) => t('pdfIdDocument', { document });
  const left = writeSide(pdf, t('pdfHolder'), doc.holder, MARGIN, top, half - 20, idLine);
  const right = writeSide(
    pdf,
    t('pdfDepositor'),
    doc.depositor,
    MARGIN + half + 20,
    top,
    half - 20,
    idLine,
  );
  let y = writeParagraphs(pdf, [t('pdfLegal')], Math.max(left, right) + 16, 8.5) + 8;
  y = writeTable(
    pdf,
    [
      { header: t('colReference'), width: 20 },
      { header: t('colItem'), width: 55 },
      { header: t('colCondition'), width: 25 },
    ],
    doc.items.map((item) => [item.reference, item.name, t(conditionKey(item.condition))]),
    y,
  );
  const status = doc.accepted
    ? t('pdfAccepted', {
        date: formatDate(parisDay(doc.accepted.at), doc.language),
        channel: t(doc.accepted.through === 'SCREEN' ? 'pdfChannelScreen' : 'pdfChannelLink'),
      })
    : t('pdfWaiting');
  writeParagraphs(pdf, [t('pdfCount', { count: String(doc.items.length) }), status], y + 12, 10);
  writePageNumbers(pdf, documentTexts(doc.language));
  return finish(pdf);
}
