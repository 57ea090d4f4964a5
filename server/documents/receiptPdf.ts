import type { PayoutMethod, PayoutReceiptDocument } from './model.ts';
import {
  MARGIN,
  contentWidth,
  ensureRoom,
  finish,
  newPdf,
  writePageNumbers,
  writeParagraphs,
  writeParty,
  writeTable,
  writeTotals,
} from './pdfLayout.ts';
import { documentTexts, type DocumentTextKey } from './texts.ts';

const METHOD_KEYS: Record<PayoutMethod, DocumentTextKey> = {
  BANK_TRANSFER: 'methodBankTransfer',
  CASH: 'methodCash',
  CHEQUE: 'methodCheque',
  STORE_CREDIT: 'methodStoreCredit',
};

/**
 * The receipt handed to a depositor when they are paid, in `doc.language`: who paid whom, how,
 * for which items, and what is still owed. A cash payout leaves room for the depositor's
 * signature, the vendor's proof of payment.
 */
export async function renderPayoutReceiptPdf(doc: PayoutReceiptDocument): Promise<Uint8Array> {
  const texts = documentTexts(doc.language);
  const title = `${texts.t('receiptTitle')} ${doc.number}`.replace(/[<>&]/g, ' ');
  const pdf = newPdf({ title, language: doc.language });
  const half = contentWidth(pdf) / 2;
  const right = MARGIN + half + 20;

  const vendorBottom = writeParty(
    pdf,
    texts.t('receiptPaidBy'),
    doc.vendor,
    texts,
    MARGIN,
    MARGIN,
    half - 20,
  );
  pdf
    .font('bold')
    .fontSize(16)
    .text(texts.t('receiptTitle'), right, MARGIN, { width: half - 20 });
  pdf
    .font('bold')
    .fontSize(10)
    .text(texts.t('number', { number: doc.number }), right, pdf.y + 2);
  pdf.font('regular').fontSize(9);
  const method = texts.t(METHOD_KEYS[doc.method]);
  const facts = [
    texts.t('receiptDate', { date: texts.date(doc.date) }),
    texts.t('receiptMethod', { method }),
    ...(doc.chequeNumber ? [texts.t('chequeNumber', { number: doc.chequeNumber })] : []),
    ...(doc.ibanMasked ? [texts.t('ibanMasked', { iban: doc.ibanMasked })] : []),
  ];
  for (const fact of facts) pdf.text(fact, right, pdf.y, { width: half - 20 });
  const depositorBottom = writeParty(
    pdf,
    texts.t('receiptPaidTo'),
    doc.depositor,
    texts,
    right,
    pdf.y + 16,
    half - 20,
  );

  let y = Math.max(vendorBottom, depositorBottom) + 16;
  if (doc.memo) y = writeParagraphs(pdf, [texts.t('memo', { memo: doc.memo })], y, 9) + 8;

  y = writeTable(
    pdf,
    [
      { header: texts.t('colLabel'), width: 46 },
      { header: texts.t('colReference'), width: 18 },
      { header: texts.t('colSoldOn'), width: 16 },
      { header: texts.t('colShare'), width: 20, align: 'right' },
    ],
    doc.items.map((item) => [
      item.label,
      item.reference,
      texts.date(item.soldOn),
      texts.money(item.shareCents),
    ]),
    y,
  );
  y = writeTotals(
    pdf,
    [
      { label: texts.t('receiptTotal'), amount: texts.money(doc.totalCents), strong: true },
      { label: texts.t('balanceAfter'), amount: texts.money(doc.balanceAfterCents) },
    ],
    y,
  );

  if (doc.method === 'CASH') {
    y = ensureRoom(pdf, y + 20, 70);
    pdf
      .font('regular')
      .fontSize(9)
      .text(texts.t('signature'), MARGIN, y, {
        width: contentWidth(pdf),
      });
    const lineY = pdf.y + 40;
    pdf
      .moveTo(MARGIN, lineY)
      .lineTo(MARGIN + 240, lineY)
      .lineWidth(0.75)
      .strokeColor('black')
      .stroke();
  }
  writePageNumbers(pdf, texts);
  return finish(pdf);
}
