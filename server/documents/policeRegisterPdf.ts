import PDFDocument from 'pdfkit';
import { policeRegisterEn } from '../../src/i18n/areas/policeRegister.en.ts';
import { policeRegisterFr } from '../../src/i18n/areas/policeRegister.fr.ts';
import type { RegisterContent, RegisterKind } from '../services/policeRegister/chain.ts';
import type { DocumentLanguage } from './model.ts';
import { FONT_BOLD, FONT_REGULAR, finish } from './pdfLayout.ts';
import { formatDate, formatMoney } from './texts.ts';

type Key = keyof typeof policeRegisterFr.policeRegister;

/** One entry as the register's files print it. */
export interface RegisterLine {
  number: number;
  kind: RegisterKind;
  enteredAt: Date;
  correctsNumber: number | null;
  content: RegisterContent;
  hash: string;
}

/** What a file of the register covers. */
export interface RegisterFile {
  language: DocumentLanguage;
  holderName: string;
  /** The holder's address and SIRET, printed under their name on every page. */
  holderDetails: string;
  /** YYYY-MM-DD or empty (open end). */
  from: string;
  to: string;
  printedAt: Date;
  lines: readonly RegisterLine[];
}

/** The register's texts in one language, with `{{name}}` values filled in. */
export function registerTexts(language: DocumentLanguage) {
  const texts =
    language === 'en' ? policeRegisterEn.policeRegister : policeRegisterFr.policeRegister;
  const t = (key: Key, values: Record<string, string> = {}): string =>
    texts[key].replace(/\{\{(\w+)\}\}/g, (_, name: string) => values[name] ?? '');
  const paris = (d: Date) =>
    new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Paris' }).format(d);
  return {
    t,
    day: (iso: string) => formatDate(iso, language),
    instant: (d: Date) => formatDate(paris(d), language),
    money: (cents: number) => formatMoney(cents, language),
    period(from: string, to: string): string {
      if (from && to)
        return t('periodBetween', {
          from: formatDate(from, language),
          to: formatDate(to, language),
        });
      if (from) return t('periodFrom', { from: formatDate(from, language) });
      if (to) return t('periodTo', { to: formatDate(to, language) });
      return t('periodAll');
    },
  };
}
export type RegisterTexts = ReturnType<typeof registerTexts>;

const CONDITION_KEYS: Record<string, Key> = {
  NEW_WITH_TICKET: 'conditionNewWithTicket',
  NEW_WITHOUT_TICKET: 'conditionNewWithoutTicket',
  VERY_GOOD: 'conditionVeryGood',
  GOOD: 'conditionGood',
  SATISFYING: 'conditionSatisfying',
  REFUSED: 'conditionRefused',
};
const KIND_KEYS: Record<RegisterKind, Key> = {
  DEPOSIT: 'kindDeposit',
  PURCHASE: 'kindPurchase',
  CORRECTION: 'kindCorrection',
  RESTITUTION: 'kindRestitution',
};

/** The printed cells of one entry, shared by the PDF and the CSV. */
export function lineCells(line: RegisterLine, texts: RegisterTexts) {
  const { item, depositor } = line.content;
  const condition = CONDITION_KEYS[item.condition];
  const itemText = [
    [item.category, item.name].filter(Boolean).join(' · '),
    [item.brand, item.colors, item.size, condition ? texts.t(condition) : item.condition]
      .filter(Boolean)
      .join(', '),
    item.description,
    item.reference ? texts.t('reference', { reference: item.reference }) : '',
  ]
    .filter(Boolean)
    .join('\n');
  const name = [depositor.firstName, depositor.lastName].filter(Boolean).join(' ');
  const depositorText = [
    [name, depositor.companyName].filter(Boolean).join(', '),
    depositor.address,
    [depositor.postalCode, depositor.city].filter(Boolean).join(' '),
  ]
    .filter(Boolean)
    .join('\n');
  const idText = depositor.idDocumentNumber
    ? texts
        .t('idDocument', {
          type: depositor.idDocumentType,
          number: depositor.idDocumentNumber,
          date: depositor.idDocumentDate ? texts.day(depositor.idDocumentDate) : '?',
          authority: depositor.idDocumentAuthority || '?',
        })
        .trim()
    : texts.t('noIdDocument');
  const kind = [
    texts.t(KIND_KEYS[line.kind]),
    ...(line.correctsNumber
      ? [
          texts.t('corrects', {
            number: String(line.correctsNumber),
            reason: line.content.correctionReason,
          }),
        ]
      : []),
  ].join('\n');
  return {
    number: String(line.number),
    date: texts.instant(line.enteredAt),
    kind,
    item: itemText,
    price: texts.money(line.content.item.priceCents),
    depositor: depositorText,
    idDocument: idText,
    hash: line.hash,
  };
}

const MARGIN = 36;
const HEADER_HEIGHT = 58;
const FOOTER_HEIGHT = 22;
const PADDING = 3;
const GREY = '#555555';

interface Column {
  key: keyof ReturnType<typeof lineCells>;
  header: Key;
  width: number;
  align?: 'right';
}
const COLUMNS: Column[] = [
  { key: 'number', header: 'colNumber', width: 34, align: 'right' },
  { key: 'date', header: 'colDate', width: 58 },
  { key: 'kind', header: 'colKind', width: 74 },
  { key: 'item', header: 'colItem', width: 196 },
  { key: 'price', header: 'colPrice', width: 56, align: 'right' },
  { key: 'depositor', header: 'colDepositor', width: 140 },
  { key: 'idDocument', header: 'colIdDocument', width: 130 },
  { key: 'hash', header: 'colHash', width: 82 },
];

/**
 * The register for a period as a landscape A4 PDF: the holder's identity and the period at the
 * top of every page, « page X / Y » at the foot of every page, the table's header repeated.
 */
export async function renderPoliceRegisterPdf(file: RegisterFile): Promise<Uint8Array> {
  const texts = registerTexts(file.language);
  const pdf = new PDFDocument({
    size: 'A4',
    layout: 'landscape',
    margins: {
      top: MARGIN + HEADER_HEIGHT,
      left: MARGIN,
      right: MARGIN,
      bottom: MARGIN + FOOTER_HEIGHT,
    },
    bufferPages: true,
    lang: file.language,
    displayTitle: true,
    info: {
      Title: `${texts.t('title')} ${file.holderName}`.replace(/[<>&]/g, ' '),
      Producer: 'Seconde',
      Creator: 'Seconde',
    },
    font: FONT_REGULAR,
  });
  pdf.registerFont('regular', FONT_REGULAR);
  pdf.registerFont('bold', FONT_BOLD);
  const width = pdf.page.width - MARGIN * 2;
  const total = COLUMNS.reduce((sum, c) => sum + c.width, 0);
  const columns = COLUMNS.map((c) => ({ ...c, width: (c.width * width) / total }));
  const bottom = () => pdf.page.height - pdf.page.margins.bottom;

  const headerRow = (y: number): number => {
    pdf.font('bold').fontSize(7.5);
    const height =
      Math.max(
        ...columns.map((c) =>
          pdf.heightOfString(texts.t(c.header), { width: c.width - PADDING * 2 }),
        ),
      ) +
      PADDING * 2;
    pdf.rect(MARGIN, y, width, height).fill('#eeeeee').fillColor('black');
    let x = MARGIN;
    for (const c of columns) {
      pdf.text(texts.t(c.header), x + PADDING, y + PADDING, {
        width: c.width - PADDING * 2,
        align: c.align ?? 'left',
      });
      x += c.width;
    }
    return y + height;
  };

  let y = headerRow(pdf.page.margins.top);
  if (file.lines.length === 0) {
    pdf
      .font('regular')
      .fontSize(9)
      .text(texts.t('empty'), MARGIN, y + 8, { width });
  }
  for (const line of file.lines) {
    const cells = lineCells(line, texts);
    const font = (c: Column) => (c.key === 'hash' ? 6 : 7.5);
    const height =
      Math.max(
        ...columns.map((c) =>
          pdf
            .font('regular')
            .fontSize(font(c))
            .heightOfString(cells[c.key], { width: c.width - PADDING * 2 }),
        ),
      ) +
      PADDING * 2;
    if (y + height > bottom()) {
      pdf.addPage();
      y = headerRow(pdf.page.margins.top);
    }
    let x = MARGIN;
    for (const c of columns) {
      pdf
        .font(c.key === 'number' ? 'bold' : 'regular')
        .fontSize(font(c))
        .fillColor(c.key === 'hash' ? GREY : 'black')
        .text(cells[c.key], x + PADDING, y + PADDING, {
          width: c.width - PADDING * 2,
          align: c.align ?? 'left',
        });
      x += c.width;
    }
    y += height;
    pdf
      .moveTo(MARGIN, y)
      .lineTo(MARGIN + width, y)
      .lineWidth(0.5)
      .strokeColor('#999999')
      .stroke();
  }
  pdf
    .font('regular')
    .fontSize(7)
    .fillColor(GREY)
    .text(texts.t('chainNote'), MARGIN, Math.min(y + 8, bottom() - 10), { width });

  // The holder, the period and the page number on every page, written once the count is known.
  const range = pdf.bufferedPageRange();
  for (let i = range.start; i < range.start + range.count; i += 1) {
    pdf.switchToPage(i);
    const margins = { ...pdf.page.margins };
    pdf.page.margins.top = 0;
    pdf.page.margins.bottom = 0;
    pdf.font('bold').fontSize(13).fillColor('black');
    pdf.text(texts.t('title'), MARGIN, MARGIN, { width: width / 2, lineBreak: false });
    pdf
      .font('bold')
      .fontSize(10)
      .text(texts.t('holder', { name: file.holderName }), MARGIN + width / 2, MARGIN, {
        width: width / 2,
        align: 'right',
        lineBreak: false,
      });
    pdf
      .font('regular')
      .fontSize(8)
      .fillColor(GREY)
      .text(texts.t('subtitle'), MARGIN, MARGIN + 18, { width: width * 0.62 });
    pdf.text(
      [
        file.holderDetails,
        `${texts.period(file.from, file.to)} · ${texts.t('printed', { date: texts.instant(file.printedAt) })}`,
      ]
        .filter(Boolean)
        .join('\n'),
      MARGIN + width * 0.64,
      MARGIN + 15,
      { width: width * 0.36, align: 'right' },
    );
    pdf.text(
      `${file.holderName} · ${texts.t('page', { page: String(i + 1), pages: String(range.count) })}`,
      MARGIN,
      pdf.page.height - MARGIN - 8,
      { width, align: 'right', lineBreak: false },
    );
    pdf.page.margins.top = margins.top;
    pdf.page.margins.bottom = margins.bottom;
  }
  pdf.fillColor('black');
  return finish(pdf as Parameters<typeof finish>[0]);
}

/** A CSV field: quoted when it holds the separator, a quote or a line break. */
function csvField(value: string): string {
  return /[;"\r\n]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value;
}

/**
 * The register for a period as CSV for French spreadsheets: UTF-8 with a byte-order mark (so
 * Excel reads the accents), `;` between fields (the comma is the French decimal mark), CRLF.
 */
export function renderPoliceRegisterCsv(file: RegisterFile): Uint8Array {
  const texts = registerTexts(file.language);
  const header = [...COLUMNS.map((c) => texts.t(c.header))];
  const rows = file.lines.map((line) => {
    const cells = lineCells(line, texts);
    return COLUMNS.map((c) => cells[c.key].replace(/\n/g, ' · '));
  });
  const body = [header, ...rows].map((r) => r.map(csvField).join(';')).join('\r\n');
  return new TextEncoder().encode(`\ufeff${body}\r\n`);
}
