import { fileURLToPath } from 'node:url';
import { readFileSync } from 'node:fs';
import { create as openFont, type Font } from 'fontkit';
import PDFDocument from 'pdfkit';
import type { DocumentParty } from './model.ts';
import type { DocumentTexts } from './texts.ts';

/**
 * Open Sans (SIL OFL 1.1, `fonts/OFL.txt`), shipped with the code: PDF/A wants every font
 * embedded, and a clean clone must render the same documents as this machine.
 */
export const FONT_REGULAR = fileURLToPath(new URL('./fonts/OpenSans-Regular.ttf', import.meta.url));
export const FONT_BOLD = fileURLToPath(new URL('./fonts/OpenSans-Bold.ttf', import.meta.url));

/**
 * The fonts parsed once per process: parsing a TrueType file took half of each document's time,
 * and pdfkit takes a parsed font as it takes a file (each document still embeds its own subset).
 */
const FONTS = {
  regular: openFont(readFileSync(FONT_REGULAR)) as Font,
  bold: openFont(readFileSync(FONT_BOLD)) as Font,
};
/** pdfkit's types name files and buffers only; at run time it takes a fontkit font as well. */
const asSource = (font: Font) => font as unknown as string;
export const MARGIN = 50;
const FOOTER_HEIGHT = 24;
const GREY = '#555555';
const RULE = '#999999';

export type Pdf = InstanceType<typeof PDFDocument>;

export interface NewPdfOptions {
  title: string;
  language: string;
  /** `PDF/A-3b` for Factur-X invoices; plain PDF otherwise. */
  pdfA?: boolean;
}

/** An A4 document with our fonts, pages kept in memory so page numbers can be written last. */
export function newPdf({ title, language, pdfA }: NewPdfOptions): Pdf {
  const pdf = new PDFDocument({
    size: 'A4',
    margins: { top: MARGIN, left: MARGIN, right: MARGIN, bottom: MARGIN + FOOTER_HEIGHT },
    font: asSource(FONTS.regular),
    bufferPages: true,
    pdfVersion: '1.7',
    lang: language,
    displayTitle: true,
    info: { Title: title, Producer: 'Seconde', Creator: 'Seconde' },
    ...(pdfA && { subset: 'PDF/A-3b' as const }),
  });
  pdf.registerFont('regular', asSource(FONTS.regular));
  pdf.registerFont('bold', asSource(FONTS.bold));
  pdf.font('regular').fontSize(9).fillColor('black');
  return pdf;
}

/** Ends the document and resolves with its bytes. */
export function finish(pdf: Pdf): Promise<Uint8Array> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    pdf.on('data', (chunk: Buffer) => chunks.push(chunk));
    pdf.on('end', () => resolve(new Uint8Array(Buffer.concat(chunks))));
    pdf.on('error', reject);
    pdf.end();
  });
}

export const contentWidth = (pdf: Pdf) => pdf.page.width - MARGIN * 2;
const bottomLimit = (pdf: Pdf) => pdf.page.height - pdf.page.margins.bottom;

/** « Page 1/2 » at the foot of every page, only when there is more than one. */
export function writePageNumbers(pdf: Pdf, texts: DocumentTexts): void {
  const range = pdf.bufferedPageRange();
  if (range.count < 2) return;
  for (let i = range.start; i < range.start + range.count; i += 1) {
    pdf.switchToPage(i);
    const bottom = pdf.page.margins.bottom;
    // Writing inside the bottom margin would open a new page: lift the margin meanwhile.
    pdf.page.margins.bottom = 0;
    pdf
      .font('regular')
      .fontSize(8)
      .fillColor(GREY)
      .text(
        texts.t('page', { page: String(i + 1), pages: String(range.count) }),
        MARGIN,
        pdf.page.height - MARGIN,
        { width: contentWidth(pdf), align: 'right', lineBreak: false },
      );
    pdf.page.margins.bottom = bottom;
  }
  pdf.fillColor('black');
}

/** The lines that present a party: name, address, identifiers. */
export function partyLines(party: DocumentParty, texts: DocumentTexts): string[] {
  return [
    ...party.addressLines,
    `${party.postalCode} ${party.city}`,
    ...(party.countryCode !== 'FR' ? [texts.country(party.countryCode)] : []),
    ...(party.siret ? [texts.t('siret', { siret: party.siret })] : []),
    ...(party.vatNumber ? [texts.t('vatNumber', { vatNumber: party.vatNumber })] : []),
    ...(party.email ? [texts.t('email', { email: party.email })] : []),
    ...(party.phone ? [texts.t('phone', { phone: party.phone })] : []),
  ];
}

/** A party block at (x, y), `width` wide, under a small grey heading; returns the bottom y. */
export function writeParty(
  pdf: Pdf,
  heading: string,
  party: DocumentParty,
  texts: DocumentTexts,
  x: number,
  y: number,
  width: number,
): number {
  pdf.font('regular').fontSize(8).fillColor(GREY).text(heading.toUpperCase(), x, y, { width });
  pdf
    .font('bold')
    .fontSize(10)
    .fillColor('black')
    .text(party.name, x, pdf.y + 2, { width });
  pdf.font('regular').fontSize(9);
  for (const line of partyLines(party, texts)) pdf.text(line, x, pdf.y, { width });
  return pdf.y;
}

export interface Column {
  header: string;
  width: number;
  align?: 'left' | 'right';
}

const CELL_PADDING = 4;

function writeHeaderRow(pdf: Pdf, columns: Column[], y: number): number {
  pdf.font('bold').fontSize(8.5);
  const height =
    Math.max(
      ...columns.map((c) => pdf.heightOfString(c.header, { width: c.width - CELL_PADDING * 2 })),
    ) +
    CELL_PADDING * 2;
  pdf.rect(MARGIN, y, contentWidth(pdf), height).fill('#eeeeee').fillColor('black');
  let x = MARGIN;
  for (const c of columns) {
    pdf.text(c.header, x + CELL_PADDING, y + CELL_PADDING, {
      width: c.width - CELL_PADDING * 2,
      align: c.align ?? 'left',
    });
    x += c.width;
  }
  pdf.font('regular').fontSize(9);
  return y + height;
}

/**
 * A table that runs over as many pages as it needs, repeating its header row on each; returns
 * the y under the last row. Column widths are scaled to the page's content width.
 */
export function writeTable(pdf: Pdf, columns: Column[], rows: string[][], startY: number): number {
  const total = columns.reduce((sum, c) => sum + c.width, 0);
  const scaled = columns.map((c) => ({ ...c, width: (c.width * contentWidth(pdf)) / total }));
  let y = writeHeaderRow(pdf, scaled, startY);
  for (const row of rows) {
    pdf.font('regular').fontSize(9);
    const height =
      Math.max(
        ...scaled.map((c, i) =>
          pdf.heightOfString(row[i] ?? '', { width: c.width - CELL_PADDING * 2 }),
        ),
      ) +
      CELL_PADDING * 2;
    if (y + height > bottomLimit(pdf)) {
      pdf.addPage();
      y = writeHeaderRow(pdf, scaled, pdf.page.margins.top);
    }
    let x = MARGIN;
    scaled.forEach((c, i) => {
      pdf.text(row[i] ?? '', x + CELL_PADDING, y + CELL_PADDING, {
        width: c.width - CELL_PADDING * 2,
        align: c.align ?? 'left',
      });
      x += c.width;
    });
    y += height;
    pdf
      .moveTo(MARGIN, y)
      .lineTo(MARGIN + contentWidth(pdf), y)
      .lineWidth(0.5)
      .strokeColor(RULE)
      .stroke();
  }
  return y;
}

/** Room for `height` more points on this page, or a new page; returns the y to write at. */
export function ensureRoom(pdf: Pdf, y: number, height: number): number {
  if (y + height <= bottomLimit(pdf)) return y;
  pdf.addPage();
  return pdf.page.margins.top;
}

/** Label and amount rows aligned on the right of the page (totals); returns the bottom y. */
export function writeTotals(
  pdf: Pdf,
  rows: { label: string; amount: string; strong?: boolean }[],
  startY: number,
): number {
  const width = 300;
  const labelWidth = width * 0.66;
  const x = MARGIN + contentWidth(pdf) - width;
  let y = ensureRoom(pdf, startY + 8, rows.length * 16 + 8);
  for (const row of rows) {
    pdf.font(row.strong ? 'bold' : 'regular').fontSize(row.strong ? 10.5 : 9.5);
    const height = pdf.heightOfString(row.label, { width: labelWidth });
    pdf.text(row.label, x, y, { width: labelWidth });
    pdf.text(row.amount, x + labelWidth, y, { width: width - labelWidth, align: 'right' });
    y += height + 4;
  }
  pdf.font('regular').fontSize(9);
  return y;
}

/** Paragraphs of small print under each other, moving to a new page when needed. */
export function writeParagraphs(
  pdf: Pdf,
  paragraphs: string[],
  startY: number,
  size = 8.5,
): number {
  let y = startY;
  pdf.font('regular').fontSize(size).fillColor('black');
  for (const text of paragraphs) {
    const height = pdf.heightOfString(text, { width: contentWidth(pdf) });
    y = ensureRoom(pdf, y, height);
    pdf.text(text, MARGIN, y, { width: contentWidth(pdf) });
    y = pdf.y + 3;
  }
  return y;
}
