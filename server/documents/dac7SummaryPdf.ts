import { dac7En } from '../../src/i18n/areas/dac7.en.ts';
import { dac7Fr } from '../../src/i18n/areas/dac7.fr.ts';
import { electronicIban } from '../../src/domain/bank/iban.ts';
import type { PlatformIdentity } from '../services/deps.ts';
import type { QuarterTotals, SellerYear } from '../services/dac7/dac7Sellers.ts';
import type { DocumentLanguage } from './model.ts';
import {
  MARGIN,
  contentWidth,
  ensureRoom,
  finish,
  newPdf,
  writeParagraphs,
  writeTable,
  writeTotals,
  type Pdf,
} from './pdfLayout.ts';
import { formatDate, formatMoney } from './texts.ts';

type Key = keyof typeof dac7Fr.sellerReportPdf;
const GREY = '#555555';
const DANGER = '#ac2f33';

/** What the readable summary of a year's DAC7 report covers. */
export interface Dac7Summary {
  readonly language: DocumentLanguage;
  readonly year: number;
  readonly platform: PlatformIdentity;
  /** The sellers in the XML file, in its order. */
  readonly reportable: readonly SellerYear[];
  /** The sellers below both thresholds, listed apart and never in the file. */
  readonly excluded: readonly SellerYear[];
  readonly printedAt: Date;
}

function summaryTexts(language: DocumentLanguage) {
  const texts = language === 'en' ? dac7En.sellerReportPdf : dac7Fr.sellerReportPdf;
  const missingTexts = language === 'en' ? dac7En.sellerReport : dac7Fr.sellerReport;
  const t = (key: Key, values: Record<string, string | number> = {}): string =>
    texts[key].replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(values[name] ?? ''));
  const paris = (d: Date) =>
    new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Paris' }).format(d);
  return {
    t,
    money: (cents: number) => formatMoney(cents, language),
    count: (n: number) => n.toLocaleString(language === 'en' ? 'en-GB' : 'fr-FR'),
    day: (iso: string) => formatDate(iso, language),
    instant: (d: Date) => formatDate(paris(d), language),
    /** `TIN` → « NIF », through the page's own texts (`sellerReport.missingTin`). */
    missing: (code: string) => {
      const camel = code
        .toLowerCase()
        .replace(/_([a-z])/g, (_, c: string) => c.toUpperCase())
        .replace(/^./, (c) => c.toUpperCase());
      return (missingTexts as Record<string, string>)[`missing${camel}`] ?? code;
    },
  };
}
type SummaryTexts = ReturnType<typeof summaryTexts>;

/** The identity lines of a seller, as the file names them; the account by its last 4 only. */
function identityLines(seller: SellerYear, texts: SummaryTexts): string[] {
  const { t } = texts;
  const place = [seller.address, `${seller.postalCode} ${seller.city}`.trim(), seller.countryCode]
    .filter(Boolean)
    .join(', ');
  const iban = electronicIban(seller.iban);
  const holder =
    seller.accountHolder && seller.accountHolder.toLowerCase() !== seller.name.toLowerCase()
      ? ` (${t('holder', { name: seller.accountHolder })})`
      : '';
  return [
    ...(place ? [t('address', { value: place })] : []),
    ...(seller.tin ? [t('tin', { value: seller.tin })] : []),
    ...(seller.kind === 'INDIVIDUAL' && seller.birthDate
      ? [
          seller.birthPlace
            ? t('birthAt', { date: texts.day(seller.birthDate), place: seller.birthPlace })
            : t('birth', { date: texts.day(seller.birthDate) }),
        ]
      : []),
    ...(seller.registrationNumber ? [t('registration', { value: seller.registrationNumber })] : []),
    ...(seller.vatNumber ? [t('vatNumber', { value: seller.vatNumber })] : []),
    iban ? `${t('account', { last4: iban.slice(-4) })}${holder}` : t('noAccount'),
  ];
}

function quarterRows(seller: SellerYear, texts: SummaryTexts): string[][] {
  const row = (label: string, q: QuarterTotals) => [
    label,
    texts.money(q.consideration),
    texts.count(q.sales),
    texts.money(q.fees),
    texts.money(q.taxes),
  ];
  return [
    ...seller.quarters.map((q, i) => row(texts.t('quarter', { quarter: i + 1 }), q)),
    row(texts.t('year'), seller.total),
  ];
}

function writeHeading(pdf: Pdf, text: string, y: number): number {
  const top = ensureRoom(pdf, y + 10, 60);
  pdf
    .font('bold')
    .fontSize(12.5)
    .fillColor('black')
    .text(text, MARGIN, top, { width: contentWidth(pdf) });
  return pdf.y + 4;
}

function writeSeller(pdf: Pdf, seller: SellerYear, texts: SummaryTexts, startY: number): number {
  const { t } = texts;
  const width = contentWidth(pdf);
  const lines = identityLines(seller, texts);
  // The name, its identity and the quarters' table stay together on one page.
  let y = ensureRoom(pdf, startY + 8, 60 + lines.length * 12 + 6 * 22);
  pdf
    .font('bold')
    .fontSize(10.5)
    .fillColor('black')
    .text(
      `${seller.name || seller.key} · ${t(seller.kind === 'ENTITY' ? 'kindEntity' : 'kindIndividual')}`,
      MARGIN,
      y,
      { width },
    );
  pdf.font('regular').fontSize(9);
  for (const line of lines) pdf.text(line, MARGIN, pdf.y, { width });
  if (seller.missing.length > 0)
    pdf
      .font('bold')
      .fillColor(DANGER)
      .text(t('missing', { list: seller.missing.map(texts.missing).join(', ') }), MARGIN, pdf.y, {
        width,
      })
      .fillColor('black');
  y = pdf.y + 4;
  return writeTable(
    pdf,
    [
      { header: t('colQuarter'), width: 70 },
      { header: t('colConsideration'), width: 110, align: 'right' },
      { header: t('colSales'), width: 60, align: 'right' },
      { header: t('colFees'), width: 100, align: 'right' },
      { header: t('colTaxes'), width: 110, align: 'right' },
    ],
    quarterRows(seller, texts),
    y,
  );
}

function writeHeader(pdf: Pdf, summary: Dac7Summary, texts: SummaryTexts): number {
  const { t } = texts;
  const { platform } = summary;
  const width = contentWidth(pdf);
  pdf
    .font('bold')
    .fontSize(16)
    .text(t('title', { year: summary.year }), MARGIN, MARGIN, { width });
  pdf
    .font('regular')
    .fontSize(8.5)
    .fillColor(GREY)
    .text(t('legal'), MARGIN, pdf.y + 4, { width });
  const siret = platform.siret.replace(/\s+/g, '');
  const top = pdf.y + 12;
  pdf
    .font('regular')
    .fontSize(8)
    .fillColor(GREY)
    .text(t('operator').toUpperCase(), MARGIN, top, { width: width / 2 });
  pdf
    .font('bold')
    .fontSize(10)
    .fillColor('black')
    .text(platform.name, MARGIN, pdf.y + 2, {
      width: width / 2,
    });
  pdf.font('regular').fontSize(9);
  for (const line of [
    ...platform.addressLines,
    `${platform.postalCode} ${platform.city}`,
    t('siren', { value: siret.slice(0, 9) }),
    t('siret', { value: siret }),
    ...(platform.vatNumber ? [t('vatNumber', { value: platform.vatNumber })] : []),
  ])
    pdf.text(line, MARGIN, pdf.y, { width: width / 2 });
  const bottom = pdf.y;
  pdf
    .font('regular')
    .fontSize(9)
    .text(
      [
        t('printed', { date: texts.instant(summary.printedAt) }),
        t('overview', {
          reportable: summary.reportable.length,
          excluded: summary.excluded.length,
        }),
      ].join('\n'),
      MARGIN + width / 2,
      top,
      { width: width / 2, align: 'right' },
    );
  return Math.max(bottom, pdf.y);
}

function writeTotalsOf(pdf: Pdf, sellers: readonly SellerYear[], texts: SummaryTexts, y: number) {
  const { t } = texts;
  const sum = (pick: (s: SellerYear) => number) => sellers.reduce((a, s) => a + pick(s), 0);
  const top = writeHeading(pdf, t('totals'), y);
  return writeTotals(
    pdf,
    [
      { label: t('totalConsideration'), amount: texts.money(sum((s) => s.total.consideration)) },
      { label: t('totalSales'), amount: texts.count(sum((s) => s.total.sales)) },
      { label: t('totalFees'), amount: texts.money(sum((s) => s.total.fees)) },
      { label: t('totalTaxes'), amount: texts.money(sum((s) => s.total.taxes)) },
    ],
    top - 8,
  );
}

function writeExcluded(pdf: Pdf, summary: Dac7Summary, texts: SummaryTexts, startY: number) {
  const { t } = texts;
  let y = writeHeading(pdf, t('excluded'), startY + 6);
  y = writeParagraphs(pdf, [t(summary.excluded.length ? 'excludedNote' : 'noneExcluded')], y);
  if (summary.excluded.length === 0) return y;
  return writeTable(
    pdf,
    [
      { header: t('colSeller'), width: 170 },
      { header: t('colKind'), width: 70 },
      { header: t('colSales'), width: 50, align: 'right' },
      { header: t('colConsideration'), width: 90, align: 'right' },
      { header: t('colFees'), width: 80, align: 'right' },
    ],
    summary.excluded.map((s) => [
      s.name || s.key,
      t(s.kind === 'ENTITY' ? 'kindEntity' : 'kindIndividual'),
      texts.count(s.total.sales),
      texts.money(s.total.consideration),
      texts.money(s.total.fees),
    ]),
    y + 2,
  );
}

/** « Page X / Y » and the report it belongs to at the foot of every page, once the count is known. */
function writeFooters(pdf: Pdf, summary: Dac7Summary, texts: SummaryTexts): void {
  const range = pdf.bufferedPageRange();
  for (let i = range.start; i < range.start + range.count; i += 1) {
    pdf.switchToPage(i);
    const bottom = pdf.page.margins.bottom;
    pdf.page.margins.bottom = 0;
    pdf
      .font('regular')
      .fontSize(8)
      .fillColor(GREY)
      .text(
        `${summary.platform.name} · DAC7 ${summary.year} · ${texts.t('page', { page: i + 1, pages: range.count })}`,
        MARGIN,
        pdf.page.height - MARGIN,
        { width: contentWidth(pdf), align: 'right', lineBreak: false },
      );
    pdf.page.margins.bottom = bottom;
  }
  pdf.fillColor('black');
}

/**
 * The readable summary of a year's DAC7 report (A4, FR or EN): the reporting platform operator,
 * then each reported seller's identity, masked account and quarters to the cent, the totals, and
 * the sellers below the thresholds apart; numbered pages.
 */
export async function renderDac7SummaryPdf(summary: Dac7Summary): Promise<Uint8Array> {
  const texts = summaryTexts(summary.language);
  const pdf = newPdf({
    title: texts.t('title', { year: summary.year }),
    language: summary.language,
  });
  let y = writeHeader(pdf, summary, texts);
  y = writeHeading(pdf, texts.t('reportable'), y + 6);
  if (summary.reportable.length === 0) y = writeParagraphs(pdf, [texts.t('noneReportable')], y);
  for (const seller of summary.reportable) y = writeSeller(pdf, seller, texts, y);
  if (summary.reportable.length > 0) y = writeTotalsOf(pdf, summary.reportable, texts, y);
  writeExcluded(pdf, summary, texts, y);
  writeFooters(pdf, summary, texts);
  return finish(pdf);
}
