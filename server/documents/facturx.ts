import { create } from 'xmlbuilder2';
import type { XMLBuilder } from 'xmlbuilder2/lib/interfaces';
import type { DocumentLine, DocumentParty, InvoiceDocument } from './model.ts';
import { documentTexts } from './texts.ts';

/** The Factur-X profile we write: EN 16931 (« Comfort »), the full European core invoice. */
export const FACTURX_GUIDELINE = 'urn:cen.eu:en16931:2017';
export const FACTURX_CONFORMANCE_LEVEL = 'EN 16931';
export const FACTURX_FILENAME = 'factur-x.xml';

const NS = {
  rsm: 'urn:un:unece:uncefact:data:standard:CrossIndustryInvoice:100',
  qdt: 'urn:un:unece:uncefact:data:standard:QualifiedDataType:100',
  ram: 'urn:un:unece:uncefact:data:standard:ReusableAggregateBusinessInformationEntity:100',
  udt: 'urn:un:unece:uncefact:data:standard:UnqualifiedDataType:100',
};

/** Integer cents as a CII amount, `12345` → `123.45`, exact (no floating point). */
export function ciiAmount(cents: number): string {
  if (!Number.isSafeInteger(cents)) throw new RangeError(`not an amount in cents: ${cents}`);
  const abs = Math.abs(cents);
  return `${cents < 0 ? '-' : ''}${Math.trunc(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

/** `2026-11-26` → `20261126` (format 102). */
function ciiDate(iso: string): string {
  return iso.slice(0, 10).replaceAll('-', '');
}

/** One VAT breakdown row (BG-23): the category, its rate, its base and its tax. */
interface VatGroup {
  category: 'S' | 'Z' | 'E' | 'O';
  ratePercent: number;
  basisCents: number;
  taxCents: number;
  exemptionReason?: string;
  exemptionCode?: string;
}

function lineCategory(doc: InvoiceDocument, line: DocumentLine): VatGroup['category'] {
  if (doc.vat.kind === 'OUTSIDE_SCOPE') return 'O';
  if (doc.vat.kind !== 'NORMAL') return 'E';
  return line.vatRatePercent > 0 ? 'S' : 'Z';
}

/**
 * The VAT breakdown. Under the franchise (CGI art. 293 B) and the margin scheme (CGI art. 297 A,
 * VATEX-EU-F: second-hand goods) everything is category E with no tax shown. Under the normal
 * regime each rate is a group; the tax of each is rounded from its base and the document's total
 * VAT is kept by giving any rounding difference to the largest group.
 */
function vatGroups(doc: InvoiceDocument): VatGroup[] {
  const texts = documentTexts(doc.language);
  if (doc.vat.kind !== 'NORMAL') {
    const exemption = {
      FRANCHISE: { category: 'E', reason: 'vatFranchise', code: 'VATEX-FR-FRANCHISE' },
      MARGIN: { category: 'E', reason: 'vatMargin', code: 'VATEX-EU-F' },
      OUTSIDE_SCOPE: { category: 'O', reason: 'vatOutsideScope', code: 'VATEX-EU-O' },
    } as const;
    const { category, reason, code } = exemption[doc.vat.kind];
    return [
      {
        category,
        ratePercent: 0,
        basisCents: doc.lines.reduce((sum, line) => sum + line.netCents, 0),
        taxCents: 0,
        exemptionReason: texts.t(reason),
        exemptionCode: code,
      },
    ];
  }
  const byRate = new Map<number, VatGroup>();
  for (const line of doc.lines) {
    const group = byRate.get(line.vatRatePercent) ?? {
      category: lineCategory(doc, line),
      ratePercent: line.vatRatePercent,
      basisCents: 0,
      taxCents: 0,
    };
    group.basisCents += line.netCents;
    byRate.set(line.vatRatePercent, group);
  }
  const groups = [...byRate.values()];
  // Rate × base in hundredths of a percent, rounded half away from zero, in integers.
  for (const g of groups) {
    const scaled = g.basisCents * Math.round(g.ratePercent * 100);
    g.taxCents = Math.sign(scaled) * Math.round(Math.abs(scaled) / 10_000);
  }
  const difference = doc.totalVatCents - groups.reduce((sum, g) => sum + g.taxCents, 0);
  const largest = groups.reduce<VatGroup | undefined>(
    (best, g) => (g.ratePercent > 0 && (!best || g.basisCents > best.basisCents) ? g : best),
    undefined,
  );
  if (largest) largest.taxCents += difference;
  if (groups.length === 0) {
    groups.push({ category: 'S', ratePercent: doc.vat.ratePercent, basisCents: 0, taxCents: 0 });
  }
  return groups;
}

function addParty(parent: XMLBuilder, element: string, party: DocumentParty, useFc: boolean) {
  const node = parent.ele(`ram:${element}`);
  node.ele('ram:Name').txt(party.name);
  if (party.siret) {
    node.ele('ram:SpecifiedLegalOrganization').ele('ram:ID', { schemeID: '0009' }).txt(party.siret);
  }
  const address = node.ele('ram:PostalTradeAddress');
  address.ele('ram:PostcodeCode').txt(party.postalCode);
  const [one, two, three] = party.addressLines;
  if (one) address.ele('ram:LineOne').txt(one);
  if (two) address.ele('ram:LineTwo').txt(two);
  if (three) address.ele('ram:LineThree').txt(party.addressLines.slice(2).join(', '));
  address.ele('ram:CityName').txt(party.city);
  address.ele('ram:CountryID').txt(party.countryCode);
  if (party.email) {
    node.ele('ram:URIUniversalCommunication').ele('ram:URIID', { schemeID: 'EM' }).txt(party.email);
  }
  if (party.vatNumber) {
    node.ele('ram:SpecifiedTaxRegistration').ele('ram:ID', { schemeID: 'VA' }).txt(party.vatNumber);
  } else if (useFc && party.siret) {
    // No VAT number (franchise): the SIREN stands as the seller's tax registration (BT-32).
    node
      .ele('ram:SpecifiedTaxRegistration')
      .ele('ram:ID', { schemeID: 'FC' })
      .txt(party.siret.slice(0, 9));
  }
}

/**
 * The invoice as Factur-X EN 16931 CII XML (`factur-x.xml`), from the same document the PDF shows:
 * totals are the document's cents, never recomputed, so the XML and the print cannot disagree.
 */
export function invoiceCiiXml(doc: InvoiceDocument): string {
  const texts = documentTexts(doc.language);
  const root = create({ version: '1.0', encoding: 'UTF-8', invalidCharReplacement: '' }).ele(
    NS.rsm,
    'rsm:CrossIndustryInvoice',
    {
      'xmlns:qdt': NS.qdt,
      'xmlns:ram': NS.ram,
      'xmlns:udt': NS.udt,
    },
  );

  root
    .ele('rsm:ExchangedDocumentContext')
    .ele('ram:GuidelineSpecifiedDocumentContextParameter')
    .ele('ram:ID')
    .txt(FACTURX_GUIDELINE);

  const header = root.ele('rsm:ExchangedDocument');
  header.ele('ram:ID').txt(doc.number);
  header.ele('ram:TypeCode').txt(doc.kind === 'CREDIT_NOTE' ? '381' : '380');
  header
    .ele('ram:IssueDateTime')
    .ele('udt:DateTimeString', { format: '102' })
    .txt(ciiDate(doc.issueDate));
  // Subject codes (UNTDID 4451) as the French e-invoicing rules read them: PMD late penalties,
  // PMT the recovery indemnity, AAB the early-payment discount.
  const notes: [string | undefined, string | undefined][] = [
    [doc.vat.kind === 'FRANCHISE' ? texts.t('vatFranchise') : undefined, undefined],
    [doc.vat.kind === 'MARGIN' ? texts.t('vatMargin') : undefined, undefined],
    [doc.vat.kind === 'OUTSIDE_SCOPE' ? texts.t('vatOutsideScope') : undefined, undefined],
    [texts.t('latePenalty'), 'PMD'],
    [doc.buyer.isProfessional ? texts.t('recoveryIndemnity') : undefined, 'PMT'],
    [texts.t('noDiscount'), 'AAB'],
  ];
  for (const [content, subject] of notes) {
    if (!content) continue;
    const note = header.ele('ram:IncludedNote');
    note.ele('ram:Content').txt(content);
    if (subject) note.ele('ram:SubjectCode').txt(subject);
  }

  const transaction = root.ele('rsm:SupplyChainTradeTransaction');
  doc.lines.forEach((line, index) => {
    const item = transaction.ele('ram:IncludedSupplyChainTradeLineItem');
    item
      .ele('ram:AssociatedDocumentLineDocument')
      .ele('ram:LineID')
      .txt(String(index + 1));
    item.ele('ram:SpecifiedTradeProduct').ele('ram:Name').txt(line.label);
    item
      .ele('ram:SpecifiedLineTradeAgreement')
      .ele('ram:NetPriceProductTradePrice')
      .ele('ram:ChargeAmount')
      .txt(ciiAmount(line.unitPriceCents));
    item
      .ele('ram:SpecifiedLineTradeDelivery')
      .ele('ram:BilledQuantity', { unitCode: 'C62' })
      .txt(String(line.quantity));
    const settlement = item.ele('ram:SpecifiedLineTradeSettlement');
    const tax = settlement.ele('ram:ApplicableTradeTax');
    tax.ele('ram:TypeCode').txt('VAT');
    const category = lineCategory(doc, line);
    tax.ele('ram:CategoryCode').txt(category);
    // Not subject to VAT (O) carries no rate (EN 16931 BR-O-05).
    const rate = doc.vat.kind === 'NORMAL' ? line.vatRatePercent : 0;
    if (category !== 'O') tax.ele('ram:RateApplicablePercent').txt(String(rate));
    settlement
      .ele('ram:SpecifiedTradeSettlementLineMonetarySummation')
      .ele('ram:LineTotalAmount')
      .txt(ciiAmount(line.netCents));
  });

  const agreement = transaction.ele('ram:ApplicableHeaderTradeAgreement');
  // Outside the scope of VAT, no party's VAT identifier is given (EN 16931 BR-O-02).
  const outside = doc.vat.kind === 'OUTSIDE_SCOPE';
  const withoutVatNumber = ({ vatNumber: _dropped, ...party }: DocumentParty) => party;
  const seller = outside ? withoutVatNumber(doc.seller) : doc.seller;
  const buyer = outside ? withoutVatNumber(doc.buyer) : doc.buyer;
  addParty(agreement, 'SellerTradeParty', seller, doc.vat.kind !== 'NORMAL');
  addParty(agreement, 'BuyerTradeParty', buyer, false);

  transaction.ele('ram:ApplicableHeaderTradeDelivery');

  const settlement = transaction.ele('ram:ApplicableHeaderTradeSettlement');
  settlement.ele('ram:InvoiceCurrencyCode').txt(doc.currency);
  if (doc.payeeIban) {
    const means = settlement.ele('ram:SpecifiedTradeSettlementPaymentMeans');
    means.ele('ram:TypeCode').txt('58'); // SEPA credit transfer
    means
      .ele('ram:PayeePartyCreditorFinancialAccount')
      .ele('ram:IBANID')
      .txt(doc.payeeIban.replace(/\s+/g, ''));
  }
  for (const group of vatGroups(doc)) {
    const tax = settlement.ele('ram:ApplicableTradeTax');
    tax.ele('ram:CalculatedAmount').txt(ciiAmount(group.taxCents));
    tax.ele('ram:TypeCode').txt('VAT');
    if (group.exemptionReason) tax.ele('ram:ExemptionReason').txt(group.exemptionReason);
    tax.ele('ram:BasisAmount').txt(ciiAmount(group.basisCents));
    tax.ele('ram:CategoryCode').txt(group.category);
    if (group.exemptionCode) tax.ele('ram:ExemptionReasonCode').txt(group.exemptionCode);
    if (group.category !== 'O') tax.ele('ram:RateApplicablePercent').txt(String(group.ratePercent));
  }
  if (doc.period) {
    const period = settlement.ele('ram:BillingSpecifiedPeriod');
    period
      .ele('ram:StartDateTime')
      .ele('udt:DateTimeString', { format: '102' })
      .txt(ciiDate(doc.period.start));
    period
      .ele('ram:EndDateTime')
      .ele('udt:DateTimeString', { format: '102' })
      .txt(ciiDate(doc.period.end));
  }
  const terms = settlement.ele('ram:SpecifiedTradePaymentTerms');
  terms.ele('ram:Description').txt(texts.t('paymentTerms', { date: texts.date(doc.dueDate) }));
  terms
    .ele('ram:DueDateDateTime')
    .ele('udt:DateTimeString', { format: '102' })
    .txt(ciiDate(doc.dueDate));

  const sums = settlement.ele('ram:SpecifiedTradeSettlementHeaderMonetarySummation');
  const lineTotal = doc.lines.reduce((sum, line) => sum + line.netCents, 0);
  sums.ele('ram:LineTotalAmount').txt(ciiAmount(lineTotal));
  sums.ele('ram:TaxBasisTotalAmount').txt(ciiAmount(doc.totalNetCents));
  sums.ele('ram:TaxTotalAmount', { currencyID: doc.currency }).txt(ciiAmount(doc.totalVatCents));
  sums.ele('ram:GrandTotalAmount').txt(ciiAmount(doc.totalGrossCents));
  sums.ele('ram:TotalPrepaidAmount').txt(ciiAmount(doc.paidCents));
  sums.ele('ram:DuePayableAmount').txt(ciiAmount(doc.dueCents));

  if (doc.corrects) {
    const corrected = settlement.ele('ram:InvoiceReferencedDocument');
    corrected.ele('ram:IssuerAssignedID').txt(doc.corrects.number);
    corrected
      .ele('ram:FormattedIssueDateTime')
      .ele('qdt:DateTimeString', { format: '102' })
      .txt(ciiDate(doc.corrects.issueDate));
  }

  return root.end({ prettyPrint: true });
}
