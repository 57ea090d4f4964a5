import type { InvoiceDocument } from './model.ts';
import { FACTURX_CONFORMANCE_LEVEL, FACTURX_FILENAME, invoiceCiiXml } from './facturx.ts';
import {
  MARGIN,
  contentWidth,
  finish,
  newPdf,
  writePageNumbers,
  writeParagraphs,
  writeParty,
  writeTable,
  writeTotals,
  type Column,
  type Pdf,
} from './pdfLayout.ts';
import { documentTexts, type DocumentTexts } from './texts.ts';

/**
 * The XMP a Factur-X reader looks for (Factur-X 1.0 §6.2.2): the `fx` properties and the PDF/A
 * extension schema that declares them, since PDF/A-3 forbids undeclared XMP properties.
 */
const FACTURX_XMP = `
        <rdf:Description rdf:about="" xmlns:pdfaExtension="http://www.aiim.org/pdfa/ns/extension/" xmlns:pdfaSchema="http://www.aiim.org/pdfa/ns/schema#" xmlns:pdfaProperty="http://www.aiim.org/pdfa/ns/property#">
            <pdfaExtension:schemas>
                <rdf:Bag>
                    <rdf:li rdf:parseType="Resource">
                        <pdfaSchema:schema>Factur-X PDFA Extension Schema</pdfaSchema:schema>
                        <pdfaSchema:namespaceURI>urn:factur-x:pdfa:CrossIndustryDocument:invoice:1p0#</pdfaSchema:namespaceURI>
                        <pdfaSchema:prefix>fx</pdfaSchema:prefix>
                        <pdfaSchema:property>
                            <rdf:Seq>
                                <rdf:li rdf:parseType="Resource">
                                    <pdfaProperty:name>DocumentFileName</pdfaProperty:name>
                                    <pdfaProperty:valueType>Text</pdfaProperty:valueType>
                                    <pdfaProperty:category>external</pdfaProperty:category>
                                    <pdfaProperty:description>The name of the embedded XML document</pdfaProperty:description>
                                </rdf:li>
                                <rdf:li rdf:parseType="Resource">
                                    <pdfaProperty:name>DocumentType</pdfaProperty:name>
                                    <pdfaProperty:valueType>Text</pdfaProperty:valueType>
                                    <pdfaProperty:category>external</pdfaProperty:category>
                                    <pdfaProperty:description>The type of the hybrid document in capital letters, e.g. INVOICE or ORDER</pdfaProperty:description>
                                </rdf:li>
                                <rdf:li rdf:parseType="Resource">
                                    <pdfaProperty:name>Version</pdfaProperty:name>
                                    <pdfaProperty:valueType>Text</pdfaProperty:valueType>
                                    <pdfaProperty:category>external</pdfaProperty:category>
                                    <pdfaProperty:description>The actual version of the standard applying to the embedded XML document</pdfaProperty:description>
                                </rdf:li>
                                <rdf:li rdf:parseType="Resource">
                                    <pdfaProperty:name>ConformanceLevel</pdfaProperty:name>
                                    <pdfaProperty:valueType>Text</pdfaProperty:valueType>
                                    <pdfaProperty:category>external</pdfaProperty:category>
                                    <pdfaProperty:description>The conformance level of the embedded XML document</pdfaProperty:description>
                                </rdf:li>
                            </rdf:Seq>
                        </pdfaSchema:property>
                    </rdf:li>
                </rdf:Bag>
            </pdfaExtension:schemas>
        </rdf:Description>
        <rdf:Description rdf:about="" xmlns:fx="urn:factur-x:pdfa:CrossIndustryDocument:invoice:1p0#">
            <fx:DocumentType>INVOICE</fx:DocumentType>
            <fx:DocumentFileName>${FACTURX_FILENAME}</fx:DocumentFileName>
            <fx:Version>1.0</fx:Version>
            <fx:ConformanceLevel>${FACTURX_CONFORMANCE_LEVEL}</fx:ConformanceLevel>
        </rdf:Description>
`;

function titleOf(doc: InvoiceDocument, texts: DocumentTexts): string {
  switch (doc.kind) {
    case 'CREDIT_NOTE':
      return texts.t('creditNoteTitle');
    case 'DEPOSIT_CUSTOMER':
      return texts.t('statementTitle');
    case 'MONTHLY_VENDOR':
    case 'PRODUCT_SELL':
      return texts.t('invoiceTitle');
  }
}

/** Title, number, dates and the corrected invoice, top right; returns the bottom y. */
function writeHeading(pdf: Pdf, doc: InvoiceDocument, texts: DocumentTexts, x: number): number {
  const width = MARGIN + contentWidth(pdf) - x;
  const title = titleOf(doc, texts);
  // The title stays on one line: a long one (the statement's) is set smaller rather than wrapped.
  let size = 16;
  pdf.font('bold');
  while (size > 11 && pdf.fontSize(size).widthOfString(title) > width) size -= 1;
  pdf.fontSize(size).text(title, x, MARGIN, { width });
  pdf
    .font('bold')
    .fontSize(10)
    .text(texts.t('number', { number: doc.number }), x, pdf.y + 2, {
      width,
    });
  pdf.font('regular').fontSize(9);
  const lines = [
    texts.t('issueDate', { date: texts.date(doc.issueDate) }),
    texts.t('dueDate', { date: texts.date(doc.dueDate) }),
    ...(doc.period
      ? [
          texts.t('period', {
            start: texts.date(doc.period.start),
            end: texts.date(doc.period.end),
          }),
        ]
      : []),
    ...(doc.corrects
      ? [
          texts.t('corrects', {
            number: doc.corrects.number,
            date: texts.date(doc.corrects.issueDate),
          }),
        ]
      : []),
  ];
  for (const line of lines) pdf.text(line, x, pdf.y, { width });
  return pdf.y;
}

/** The detail columns of a statement, in the order the lines first name them. */
function detailKeys(doc: InvoiceDocument): string[] {
  const keys: string[] = [];
  for (const line of doc.lines) {
    for (const d of line.details ?? []) if (!keys.includes(d.labelKey)) keys.push(d.labelKey);
  }
  return keys;
}

function tableOf(
  doc: InvoiceDocument,
  texts: DocumentTexts,
): { columns: Column[]; rows: string[][] } {
  if (doc.kind === 'DEPOSIT_CUSTOMER') {
    const keys = detailKeys(doc);
    return {
      columns: [
        { header: texts.t('colLabel'), width: 44 },
        ...keys.map((key) => ({ header: texts.detail(key), width: 18, align: 'right' as const })),
        { header: texts.t('colShare'), width: 20, align: 'right' },
      ],
      rows: doc.lines.map((line) => [
        line.label,
        ...keys.map((key) => {
          const detail = line.details?.find((d) => d.labelKey === key);
          return detail ? texts.money(detail.cents) : '';
        }),
        texts.money(line.netCents),
      ]),
    };
  }
  if (doc.vat.kind === 'NORMAL') {
    return {
      columns: [
        { header: texts.t('colLabel'), width: 44 },
        { header: texts.t('colQuantity'), width: 8, align: 'right' },
        { header: texts.t('colUnitPriceNet'), width: 17, align: 'right' },
        { header: texts.t('colVatRate'), width: 10, align: 'right' },
        { header: texts.t('colAmountNet'), width: 17, align: 'right' },
      ],
      rows: doc.lines.map((line) => [
        line.label,
        String(line.quantity),
        texts.money(line.unitPriceCents),
        texts.percent(line.vatRatePercent),
        texts.money(line.netCents),
      ]),
    };
  }
  // Franchise and margin scheme: no VAT is shown anywhere (CGI art. 293 B, art. 297 E).
  return {
    columns: [
      { header: texts.t('colLabel'), width: 52 },
      { header: texts.t('colQuantity'), width: 8, align: 'right' },
      { header: texts.t('colUnitPrice'), width: 18, align: 'right' },
      { header: texts.t('colAmount'), width: 18, align: 'right' },
    ],
    rows: doc.lines.map((line) => [
      line.label,
      String(line.quantity),
      texts.money(line.unitPriceCents),
      texts.money(line.netCents),
    ]),
  };
}

function totalsOf(doc: InvoiceDocument, texts: DocumentTexts) {
  const rows: { label: string; amount: string; strong?: boolean }[] = [];
  const settled = doc.paidCents !== 0;
  if (doc.vat.kind === 'NORMAL') {
    rows.push({ label: texts.t('totalNet'), amount: texts.money(doc.totalNetCents) });
    rows.push({
      label: `${texts.t('totalVat')} ${texts.percent(doc.vat.ratePercent)}`,
      amount: texts.money(doc.totalVatCents),
    });
    rows.push({
      label: texts.t('totalGross'),
      amount: texts.money(doc.totalGrossCents),
      strong: !settled,
    });
  } else {
    rows.push({
      label: texts.t(doc.kind === 'DEPOSIT_CUSTOMER' ? 'totalShare' : 'total'),
      amount: texts.money(doc.totalGrossCents),
      strong: !settled,
    });
  }
  if (settled) {
    rows.push({ label: texts.t('paid'), amount: texts.money(doc.paidCents) });
    rows.push({ label: texts.t('due'), amount: texts.money(doc.dueCents), strong: true });
  }
  return rows;
}

/** The mentions French law asks for under the totals (C. com. L441-9, CGI art. 242 nonies A). */
function mentionsOf(doc: InvoiceDocument, texts: DocumentTexts): string[] {
  return [
    ...(doc.vat.kind === 'FRANCHISE' ? [texts.t('vatFranchise')] : []),
    ...(doc.vat.kind === 'MARGIN' ? [texts.t('vatMargin')] : []),
    ...(doc.vat.kind === 'OUTSIDE_SCOPE' ? [texts.t('vatOutsideScope')] : []),
    texts.t('paymentTerms', { date: texts.date(doc.dueDate) }) + ' ' + texts.t('noDiscount'),
    ...(doc.payeeIban ? [texts.t('paymentIban', { iban: doc.payeeIban })] : []),
    texts.t('latePenalty'),
    ...(doc.buyer.isProfessional ? [texts.t('recoveryIndemnity')] : []),
  ];
}

/**
 * The invoice, credit note or sales statement as a Factur-X PDF/A-3b (profile EN 16931): what a
 * person reads, in `doc.language`, with `factur-x.xml` attached for the machines.
 */
export async function renderInvoicePdf(doc: InvoiceDocument): Promise<Uint8Array> {
  const texts = documentTexts(doc.language);
  const title = `${titleOf(doc, texts)} ${doc.number}`.replace(/[<>&]/g, ' ');
  const pdf = newPdf({ title, language: doc.language, pdfA: true });

  const half = contentWidth(pdf) / 2;
  const sellerBottom = writeParty(
    pdf,
    texts.t('seller'),
    doc.seller,
    texts,
    MARGIN,
    MARGIN,
    half - 20,
  );
  const headingBottom = writeHeading(pdf, doc, texts, MARGIN + half + 20);
  const buyerBottom = writeParty(
    pdf,
    texts.t('buyer'),
    doc.buyer,
    texts,
    MARGIN + half + 20,
    headingBottom + 16,
    half - 20,
  );

  const { columns, rows } = tableOf(doc, texts);
  const tableBottom = writeTable(pdf, columns, rows, Math.max(sellerBottom, buyerBottom) + 24);
  const totalsBottom = writeTotals(pdf, totalsOf(doc, texts), tableBottom);
  writeParagraphs(pdf, mentionsOf(doc, texts), totalsBottom + 14);
  writePageNumbers(pdf, texts);

  const xml = invoiceCiiXml(doc);
  const now = new Date();
  pdf.file(Buffer.from(xml, 'utf8'), {
    name: FACTURX_FILENAME,
    type: 'text/xml',
    description: 'Factur-X',
    creationDate: now,
    modifiedDate: now,
    // pdfkit writes it as /AFRelationship; its types do not know the option yet.
    ...{ relationship: 'Alternative' },
  });
  pdf.appendXML(FACTURX_XMP);
  return finish(pdf);
}
