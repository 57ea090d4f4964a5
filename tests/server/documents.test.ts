import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { invoiceCiiXml } from '../../server/documents/facturx.ts';
import { renderInvoicePdf } from '../../server/documents/invoicePdf.ts';
import type {
  DocumentLanguage,
  DocumentLine,
  DocumentParty,
  InvoiceDocument,
  PayoutReceiptDocument,
  VatRegime,
} from '../../server/documents/model.ts';
import { renderPayoutReceiptPdf } from '../../server/documents/receiptPdf.ts';
import { DETAIL_KEYS, formatDate, formatMoney } from '../../server/documents/texts.ts';

const XSD = fileURLToPath(new URL('../fixtures/facturx/Factur-X_EN16931.xsd', import.meta.url));
const work = mkdtempSync(path.join(tmpdir(), 'seconde-documents-'));
let fileCount = 0;

afterAll(() => rmSync(work, { recursive: true, force: true }));

function saved(bytes: Uint8Array | string, extension: string): string {
  fileCount += 1;
  const file = path.join(work, `document-${fileCount}.${extension}`);
  writeFileSync(file, bytes);
  return file;
}

/** The PDF's text as pdftotext reads it, no-break spaces as plain ones, one form feed a page. */
function pdfText(pdf: Uint8Array): string {
  return execFileSync('pdftotext', ['-layout', saved(pdf, 'pdf'), '-'], { encoding: 'utf8' })
    .replaceAll('\u00a0', ' ')
    .replaceAll('\u2019', "'");
}

/** The same text with every run of white space as one space, for phrases that may wrap. */
const flat = (text: string) => text.replace(/\s+/g, ' ');

function pageCount(pdf: Uint8Array): number {
  const info = execFileSync('pdfinfo', [saved(pdf, 'pdf')], { encoding: 'utf8' });
  return Number(/^Pages:\s+(\d+)/m.exec(info)?.[1]);
}

/** The attached `factur-x.xml`, read back with pdfdetach. */
function attachedXml(pdf: Uint8Array): string {
  const pdfFile = saved(pdf, 'pdf');
  const list = execFileSync('pdfdetach', ['-list', pdfFile], { encoding: 'utf8' });
  expect(list).toMatch(/1: factur-x\.xml/);
  const out = path.join(work, `attached-${fileCount}.xml`);
  execFileSync('pdfdetach', ['-savefile', 'factur-x.xml', '-o', out, pdfFile]);
  return readFileSync(out, 'utf8');
}

/** xmllint against the official Factur-X 1.09 EN 16931 schema; throws with its message. */
function validateXml(xml: string): void {
  execFileSync('xmllint', ['--noout', '--schema', XSD, saved(xml, 'xml')], {
    encoding: 'utf8',
    stdio: 'pipe',
  });
}

const element = (xml: string, name: string): string[] =>
  [...xml.matchAll(new RegExp(`<ram:${name}(?: [^>]*)?>([^<]*)</ram:${name}>`, 'g'))].map(
    (m) => m[1] ?? '',
  );
const only = (xml: string, name: string): string | undefined => {
  const values = element(xml, name);
  expect(values, name).toHaveLength(1);
  return values[0];
};
/** Cents as the XML must write them, computed apart from the code under test. */
const decimal = (cents: number) => (cents / 100).toFixed(2);

const shop: DocumentParty = {
  name: 'Seconde Dépôt SAS',
  addressLines: ['12 rue des Lilas'],
  postalCode: '75011',
  city: 'Paris',
  countryCode: 'FR',
  email: 'factures@seconde.example',
  siret: '73282932000074',
  vatNumber: 'FR44732829320',
  isProfessional: true,
};
const smallShop: DocumentParty = {
  name: 'La Friperie d’Élise',
  addressLines: ['8 quai de la Fosse'],
  postalCode: '44000',
  city: 'Nantes',
  countryCode: 'FR',
  siret: '40483304800022',
  isProfessional: true,
};
const proBuyer: DocumentParty = {
  name: 'Boutique Zoé & Fils',
  addressLines: ['3 place du Marché', 'Bâtiment B'],
  postalCode: '69002',
  city: 'Lyon',
  countryCode: 'FR',
  siret: '55208131766522',
  isProfessional: true,
};
const person: DocumentParty = {
  name: 'Zoé Dupré',
  addressLines: ['5 allée des Érables'],
  postalCode: '33000',
  city: 'Bordeaux',
  countryCode: 'FR',
  isProfessional: false,
};

function line(label: string, quantity: number, unitPriceCents: number, rate = 0): DocumentLine {
  return {
    label,
    quantity,
    unitPriceCents,
    netCents: quantity * unitPriceCents,
    vatRatePercent: rate,
  };
}

/** A document whose totals are the sums of its lines, as the invoice builders make them. */
function invoice(
  over: Partial<InvoiceDocument> & { lines: DocumentLine[]; vat: VatRegime },
): InvoiceDocument {
  const net = over.lines.reduce((sum, l) => sum + l.netCents, 0);
  const vat = over.lines.reduce(
    (sum, l) => sum + Math.round((l.netCents * l.vatRatePercent) / 100),
    0,
  );
  const paid = over.paidCents ?? 0;
  return {
    kind: 'MONTHLY_VENDOR',
    language: 'fr',
    number: 'F-2026-000042',
    issueDate: '2026-11-26',
    dueDate: '2026-12-26',
    seller: shop,
    buyer: proBuyer,
    totalNetCents: net,
    totalVatCents: vat,
    totalGrossCents: net + vat,
    paidCents: paid,
    dueCents: net + vat - paid,
    currency: 'EUR',
    ...over,
  };
}

const monthly = (language: DocumentLanguage) =>
  invoice({
    language,
    period: { start: '2026-10-01', end: '2026-10-31' },
    lines: [line('Commission sur ventes d’octobre', 1, 123456, 20), line('Étiquettes', 3, 250, 20)],
    vat: { kind: 'NORMAL', ratePercent: 20 },
    payeeIban: 'FR76 3000 6000 0112 3456 7890 189',
  });

const franchise = (language: DocumentLanguage) =>
  invoice({
    language,
    number: 'F-2026-000043',
    seller: smallShop,
    lines: [line('Atelier retouches', 2, 4500)],
    vat: { kind: 'FRANCHISE' },
  });

const margin = (language: DocumentLanguage) =>
  invoice({
    language,
    kind: 'PRODUCT_SELL',
    number: 'F-2026-000044',
    buyer: person,
    lines: [line('Manteau en laine — réf. D-12-003', 1, 8900)],
    vat: { kind: 'MARGIN' },
  });

const creditNote = (language: DocumentLanguage) =>
  invoice({
    language,
    kind: 'CREDIT_NOTE',
    number: 'A-2026-000003',
    corrects: { number: 'F-2026-000042', issueDate: '2026-11-26' },
    lines: [line('Remboursement commission', 1, 2000, 20)],
    vat: { kind: 'NORMAL', ratePercent: 20 },
  });

function statement(language: DocumentLanguage, count: number): InvoiceDocument {
  const lines = Array.from({ length: count }, (_, i): DocumentLine => {
    const sale = 1000 + i * 37;
    const commission = Math.round(sale * 0.4);
    return {
      ...line(
        `Article ${i + 1} — robe été réf. D-7-${String(i + 1).padStart(3, '0')}`,
        1,
        sale - commission,
      ),
      details: [
        { labelKey: DETAIL_KEYS.salePrice, cents: sale },
        { labelKey: DETAIL_KEYS.commission, cents: commission },
      ],
    };
  });
  return invoice({
    language,
    kind: 'DEPOSIT_CUSTOMER',
    number: 'R-2026-000100',
    period: { start: '2026-10-01', end: '2026-10-31' },
    buyer: person,
    lines,
    vat: { kind: 'OUTSIDE_SCOPE' },
  });
}

describe('money and dates', () => {
  it('writes amounts per language, from integer cents', () => {
    expect(formatMoney(123456, 'fr')).toBe('1\u00a0234,56\u00a0€');
    expect(formatMoney(123456, 'en')).toBe('€1,234.56');
    expect(formatMoney(-5, 'fr')).toBe('-0,05\u00a0€');
    expect(formatMoney(100000000, 'en')).toBe('€1,000,000.00');
    expect(formatDate('2026-11-26', 'fr')).toBe('26/11/2026');
    expect(formatDate('2026-03-05', 'en')).toBe('5 Mar 2026');
  });
});

describe('invoice PDF', () => {
  it('prints a French invoice with its parties, lines, VAT and B2B mentions', async () => {
    const pdf = await renderInvoicePdf(monthly('fr'));
    const text = pdfText(pdf);
    expect(text).toContain('Facture');
    expect(text).toContain('N° F-2026-000042');
    expect(text).toContain('Seconde Dépôt SAS');
    expect(text).toContain('Boutique Zoé & Fils');
    expect(text).toContain('SIRET : 73282932000074');
    expect(text).toContain('SIRET : 55208131766522');
    expect(text).toContain('N° TVA intracommunautaire : FR44732829320');
    expect(text).toContain("Date d'émission : 26/11/2026");
    expect(text).toContain("Date d'échéance : 26/12/2026");
    expect(text).toContain('Période : du 01/10/2026 au 31/10/2026');
    expect(text).toContain("Commission sur ventes d'octobre");
    expect(text).toMatch(/Total HT\s+1 242,06 €/);
    expect(text).toMatch(/TVA 20 %\s+248,41 €/);
    expect(text).toMatch(/Total TTC\s+1 490,47 €/);
    expect(flat(text)).toContain("trois fois le taux d'intérêt légal");
    expect(flat(text)).toContain('frais de recouvrement due en cas de retard : 40 €');
    expect(flat(text)).toContain('IBAN FR76 3000 6000 0112 3456 7890 189');
    expect(text).not.toContain('Page 1/');
    expect(pageCount(pdf)).toBe(1);
  });

  it('prints the same invoice in English', async () => {
    const text = pdfText(await renderInvoicePdf(monthly('en')));
    expect(text).toContain('Invoice');
    expect(text).toContain('No. F-2026-000042');
    expect(text).toContain('SIRET: 73282932000074');
    expect(text).toContain('Issue date: 26 Nov 2026');
    expect(text).toContain('Period: 1 Oct 2026 to 31 Oct 2026');
    expect(text).toMatch(/Total excl\. VAT\s+€1,242\.06/);
    expect(text).toMatch(/VAT 20%\s+€248\.41/);
    expect(text).toMatch(/Total incl\. VAT\s+€1,490\.47/);
    expect(flat(text)).toContain('recovery costs on late payment: €40');
  });

  it.each(['fr', 'en'] as const)('names the franchise and shows no VAT (%s)', async (language) => {
    const text = flat(pdfText(await renderInvoicePdf(franchise(language))));
    expect(text).toContain(
      language === 'fr'
        ? 'TVA non applicable, art. 293 B du CGI'
        : 'VAT not applicable, art. 293 B of the French tax code (CGI)',
    );
    expect(text).toContain(language === 'fr' ? 'Total 90,00 €' : 'Total €90.00');
    expect(text).not.toMatch(language === 'fr' ? /TTC|TVA 20/ : /incl\. VAT|VAT 20/);
  });

  it.each(['fr', 'en'] as const)(
    'names the margin scheme, shows no VAT, no B2B indemnity for a person (%s)',
    async (language) => {
      const text = flat(pdfText(await renderInvoicePdf(margin(language))));
      expect(text).toContain(
        language === 'fr'
          ? "Régime particulier – Biens d'occasion"
          : 'Margin scheme – Second-hand goods',
      );
      expect(text).toContain('297 A');
      expect(text).toContain(language === 'fr' ? 'Total 89,00 €' : 'Total €89.00');
      expect(text).toContain('Zoé Dupré');
      expect(text).not.toMatch(language === 'fr' ? /TTC|40 €/ : /incl\. VAT|€40/);
    },
  );

  it.each(['fr', 'en'] as const)(
    'titles a credit note and names what it corrects (%s)',
    async (language) => {
      const text = flat(pdfText(await renderInvoicePdf(creditNote(language))));
      if (language === 'fr') {
        expect(text).toMatch(/^ÉMETTEUR Seconde Dépôt SAS Avoir /);
        expect(text).toContain('N° A-2026-000003');
        expect(text).toContain('Avoir sur la facture n° F-2026-000042 du 26/11/2026');
        expect(text).toContain('Total TTC 24,00 €');
      } else {
        expect(text).toMatch(/^FROM Seconde Dépôt SAS Credit note /);
        expect(text).toContain('No. A-2026-000003');
        expect(text).toContain('Credit note for invoice F-2026-000042 of 26 Nov 2026');
        expect(text).toContain('Total incl. VAT €24.00');
      }
      const xml = attachedXml(await renderInvoicePdf(creditNote(language)));
      expect(element(xml, 'TypeCode')[0]).toBe('381');
      expect(only(xml, 'IssuerAssignedID')).toBe('F-2026-000042');
    },
  );

  it.each(['fr', 'en'] as const)(
    'paginates a 300-line statement, header repeated and pages numbered (%s)',
    async (language) => {
      const doc = statement(language, 300);
      const pdf = await renderInvoicePdf(doc);
      const pages = pageCount(pdf);
      expect(pages).toBeGreaterThanOrEqual(6);
      const text = pdfText(pdf);
      const pageTexts = text.split('\f').filter((p) => p.trim() !== '');
      expect(pageTexts).toHaveLength(pages);
      const header = language === 'fr' ? 'Part du déposant' : "Depositor's share";
      pageTexts.forEach((page, i) => {
        expect(page, `page ${i + 1}`).toContain(`Page ${i + 1}/${pages}`);
        expect(page, `page ${i + 1}`).toContain(header);
      });
      expect(text).toContain(
        language === 'fr' ? 'Relevé de ventes – dépôt-vente' : 'Consignment sales statement',
      );
      expect(text).toContain(language === 'fr' ? 'Prix de vente' : 'Sale price');
      expect(text).toContain('Commission');
      // Every item is printed once, the last one with its sale price, commission and share.
      for (const n of [1, 150, 300]) expect(text).toContain(`Article ${n} — robe`);
      const last = doc.lines[299]!;
      const money = (c: number) => formatMoney(c, language).replaceAll('\u00a0', ' ');
      expect(text).toMatch(
        new RegExp(
          [last.details![0]!.cents, last.details![1]!.cents, last.netCents]
            .map((c) => money(c).replace(/[.$€]/g, '\\$&'))
            .join('\\s+'),
        ),
      );
      expect(flat(text)).toContain(money(doc.totalGrossCents));
    },
  );
});

describe('Factur-X', () => {
  it.each([
    ['normal', monthly('fr')],
    ['franchise', franchise('en')],
    ['margin', margin('fr')],
    ['credit note', creditNote('en')],
    ['statement', statement('fr', 40)],
  ])('attaches schema-valid EN 16931 XML with the document totals (%s)', async (_, doc) => {
    const pdf = await renderInvoicePdf(doc);
    const xml = attachedXml(pdf);
    expect(xml).toBe(invoiceCiiXml(doc));
    validateXml(xml);
    expect(xml).toContain('<ram:ID>urn:cen.eu:en16931:2017</ram:ID>');
    expect(element(xml, 'ID')).toContain(doc.number);
    expect(only(xml, 'TaxBasisTotalAmount')).toBe(decimal(doc.totalNetCents));
    expect(only(xml, 'TaxTotalAmount')).toBe(decimal(doc.totalVatCents));
    expect(only(xml, 'GrandTotalAmount')).toBe(decimal(doc.totalGrossCents));
    expect(only(xml, 'DuePayableAmount')).toBe(decimal(doc.dueCents));
    expect(element(xml, 'LineTotalAmount')).toHaveLength(doc.lines.length + 1);
  });

  it('names the VAT category of each regime', () => {
    expect(element(invoiceCiiXml(monthly('fr')), 'CategoryCode')).toEqual(['S', 'S', 'S']);
    const franchiseXml = invoiceCiiXml(franchise('fr'));
    expect(only(franchiseXml, 'ExemptionReason')).toBe('TVA non applicable, art. 293 B du CGI');
    expect(only(franchiseXml, 'ExemptionReasonCode')).toBe('VATEX-FR-FRANCHISE');
    expect(only(invoiceCiiXml(margin('fr')), 'ExemptionReasonCode')).toBe('VATEX-EU-F');
    // A depositor's statement is outside the scope of VAT: category O, no rate, no VAT number.
    const statementXml = invoiceCiiXml(statement('fr', 3));
    expect(new Set(element(statementXml, 'CategoryCode'))).toEqual(new Set(['O']));
    expect(only(statementXml, 'ExemptionReasonCode')).toBe('VATEX-EU-O');
    expect(element(statementXml, 'RateApplicablePercent')).toEqual([]);
    expect(statementXml).not.toContain('schemeID="VA"');
  });

  it.each(['fr', 'en'] as const)(
    'prints the mandate mention, not a VAT one, on a statement (%s)',
    async (language) => {
      const text = flat(pdfText(await renderInvoicePdf(statement(language, 3))));
      expect(text).toContain(
        language === 'fr' ? 'hors champ de la TVA' : 'outside the scope of VAT',
      );
      expect(text).not.toContain('293 B');
    },
  );

  it('marks the PDF as PDF/A-3 with the Factur-X XMP and the attachment as Alternative', async () => {
    const raw = Buffer.from(await renderInvoicePdf(monthly('fr'))).toString('latin1');
    expect(raw).toContain('<pdfaid:part>3</pdfaid:part>');
    expect(raw).toContain('<pdfaid:conformance>B</pdfaid:conformance>');
    expect(raw).toContain('urn:factur-x:pdfa:CrossIndustryDocument:invoice:1p0#');
    expect(raw).toContain('<fx:DocumentFileName>factur-x.xml</fx:DocumentFileName>');
    expect(raw).toContain('<fx:ConformanceLevel>EN 16931</fx:ConformanceLevel>');
    expect(raw).toContain('<pdfaSchema:prefix>fx</pdfaSchema:prefix>');
    expect(raw).toMatch(/\/Type \/Filespec[\s\S]{0,200}?\/AFRelationship \/Alternative/);
    expect(raw).toMatch(/\/AF \[\d+ 0 R\]/);
    expect(raw).toContain('/OutputIntents');
    expect(raw).toContain('/Subtype /text#2Fxml');
    // Every font is embedded: Open Sans subsets, never a standard font by name only.
    expect(raw).toContain('/FontFile2');
    expect(raw).not.toMatch(/\/BaseFont \/(Helvetica|Times|Courier)/);
  });

  it('keeps the XML totals equal to the sums of the lines, to the cent', () => {
    const rates = [0, 5.5, 10, 20];
    const lineArb = fc.record({
      label: fc.string({ minLength: 1, maxLength: 40 }).filter((s) => s.trim() !== ''),
      quantity: fc.integer({ min: 1, max: 20 }),
      unitPriceCents: fc.integer({ min: 0, max: 2_000_000 }),
      rate: fc.constantFrom(...rates),
    });
    fc.assert(
      fc.property(
        fc.array(lineArb, { minLength: 1, maxLength: 25 }),
        fc.constantFrom<VatRegime['kind']>('NORMAL', 'FRANCHISE', 'MARGIN'),
        fc.integer({ min: 0, max: 100 }),
        (drawn, regime, paidPercent) => {
          const normal = regime === 'NORMAL';
          const lines = drawn.map((l) =>
            line(l.label, l.quantity, l.unitPriceCents, normal ? l.rate : 0),
          );
          // Tax per rate group, rounded half up from its base, as a builder would.
          const bases = new Map<number, number>();
          for (const l of lines)
            bases.set(l.vatRatePercent, (bases.get(l.vatRatePercent) ?? 0) + l.netCents);
          const vat = [...bases].reduce(
            (sum, [rate, base]) => sum + Math.round((base * rate) / 100),
            0,
          );
          const net = lines.reduce((sum, l) => sum + l.netCents, 0);
          const paid = Math.floor(((net + vat) * paidPercent) / 100);
          const vatRegime: VatRegime = normal
            ? { kind: 'NORMAL', ratePercent: 20 }
            : { kind: regime };
          const doc = invoice({
            lines,
            vat: vatRegime,
            totalNetCents: net,
            totalVatCents: vat,
            totalGrossCents: net + vat,
            paidCents: paid,
            dueCents: net + vat - paid,
          });
          const xml = invoiceCiiXml(doc);
          const cents = (s: string | undefined) => Math.round(Number(s) * 100);
          const lineAmounts = element(xml, 'LineTotalAmount').slice(0, -1).map(cents);
          expect(lineAmounts).toEqual(lines.map((l) => l.netCents));
          expect(element(xml, 'LineTotalAmount').at(-1)).toBe(decimal(net));
          expect(only(xml, 'TaxBasisTotalAmount')).toBe(decimal(net));
          expect(only(xml, 'TaxTotalAmount')).toBe(decimal(vat));
          expect(only(xml, 'GrandTotalAmount')).toBe(decimal(net + vat));
          expect(only(xml, 'DuePayableAmount')).toBe(decimal(net + vat - paid));
          // The VAT breakdown adds up to the same base and tax.
          const basis = element(xml, 'BasisAmount').map(cents);
          const tax = element(xml, 'CalculatedAmount').map(cents);
          expect(basis.reduce((a, b) => a + b, 0)).toBe(net);
          expect(tax.reduce((a, b) => a + b, 0)).toBe(vat);
        },
      ),
      { numRuns: 200 },
    );
  });

  it('writes schema-valid XML for random documents', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.record({
            // Any code point, control characters included: they are dropped, never break the XML.
            label: fc.string({ unit: 'binary', minLength: 1, maxLength: 30 }),
            quantity: fc.integer({ min: 1, max: 9 }),
            unitPriceCents: fc.integer({ min: 0, max: 500_000 }),
          }),
          { minLength: 1, maxLength: 8 },
        ),
        fc.constantFrom<VatRegime>(
          { kind: 'NORMAL', ratePercent: 20 },
          { kind: 'FRANCHISE' },
          { kind: 'MARGIN' },
        ),
        (drawn, vat) => {
          const rate = vat.kind === 'NORMAL' ? 20 : 0;
          const doc = invoice({
            lines: drawn.map((l) => line(l.label, l.quantity, l.unitPriceCents, rate)),
            vat,
          });
          validateXml(invoiceCiiXml(doc));
        },
      ),
      { numRuns: 25 },
    );
  });
});

describe('payout receipt PDF', () => {
  const receipt = (over: Partial<PayoutReceiptDocument> = {}): PayoutReceiptDocument => ({
    language: 'fr',
    number: 'R-2026-000007',
    date: '2026-11-26',
    vendor: shop,
    depositor: person,
    method: 'CASH',
    memo: 'Ventes d’octobre',
    items: [
      { label: 'Robe en lin écrue', reference: 'D-12-003', soldOn: '2026-10-14', shareCents: 2450 },
      { label: 'Veste en jean', reference: 'D-12-004', soldOn: '2026-10-20', shareCents: 123456 },
    ],
    totalCents: 125906,
    balanceAfterCents: 1200,
    ...over,
  });

  it('prints a cash receipt in French with a place to sign', async () => {
    const text = pdfText(await renderPayoutReceiptPdf(receipt()));
    expect(text).toContain('Reçu de paiement');
    expect(text).toContain('N° R-2026-000007');
    expect(text).toContain('Seconde Dépôt SAS');
    expect(text).toContain('SIRET : 73282932000074');
    expect(text).toContain('Zoé Dupré');
    expect(text).toContain('Date : 26/11/2026');
    expect(text).toContain('Mode de paiement : espèces');
    expect(text).toContain("Mémo : Ventes d'octobre");
    expect(text).toMatch(/Robe en lin écrue\s+D-12-003\s+14\/10\/2026\s+24,50 €/);
    expect(text).toMatch(/Total versé\s+1 259,06 €/);
    expect(text).toMatch(/Reste dû au déposant après ce paiement\s+12,00 €/);
    expect(text).toContain('Signature du déposant');
  });

  it('prints a cheque receipt in English with its number, and no signature line', async () => {
    const abroad = { ...person, city: 'Bruxelles', postalCode: '1000', countryCode: 'BE' };
    const text = pdfText(
      await renderPayoutReceiptPdf(
        receipt({
          language: 'en',
          method: 'CHEQUE',
          chequeNumber: '0001234',
          memo: undefined,
          depositor: abroad,
        }),
      ),
    );
    expect(text).toContain('1000 Bruxelles');
    expect(text).toContain('Belgium');
    expect(text).toContain('Payout receipt');
    expect(text).toContain('No. R-2026-000007');
    expect(text).toContain('Payment method: cheque');
    expect(text).toContain('Cheque no. 0001234');
    expect(text).toMatch(/Veste en jean\s+D-12-004\s+20 Oct 2026\s+€1,234\.56/);
    expect(text).toMatch(/Total paid\s+€1,259\.06/);
    expect(text).not.toContain('signature');
  });

  it('runs over pages with numbered pages and the signature line on the last one', async () => {
    const items = Array.from({ length: 80 }, (_, i) => ({
      label: `Article ${i + 1}`,
      reference: `D-9-${i + 1}`,
      soldOn: '2026-10-01',
      shareCents: 1000 + i,
    }));
    const totalCents = items.reduce((sum, item) => sum + item.shareCents, 0);
    const pdf = await renderPayoutReceiptPdf(receipt({ items, totalCents }));
    const pages = pageCount(pdf);
    expect(pages).toBeGreaterThanOrEqual(2);
    const pageTexts = pdfText(pdf)
      .split('\f')
      .filter((p) => p.trim() !== '');
    pageTexts.forEach((page, i) => {
      expect(page).toContain(`Page ${i + 1}/${pages}`);
      expect(page).toContain('Part du déposant');
    });
    expect(pageTexts.at(-1)).toContain('Article 80');
    expect(pageTexts.at(-1)).toMatch(/Total versé\s+831,60 €/);
    expect(pageTexts.at(-1)).toContain('Signature du déposant');
  });

  it('prints the masked IBAN of a transfer', async () => {
    const text = pdfText(
      await renderPayoutReceiptPdf(
        receipt({ method: 'BANK_TRANSFER', ibanMasked: 'FR76 **** **** 1234' }),
      ),
    );
    expect(text).toContain('Mode de paiement : virement bancaire');
    expect(text).toContain("Vers l'IBAN FR76 **** **** 1234");
    expect(text).not.toContain('Signature');
  });
});
