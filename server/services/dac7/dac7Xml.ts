import { create } from 'xmlbuilder2';
import type { XMLBuilder } from 'xmlbuilder2/lib/interfaces';
import { wholeUnits } from '../../../src/domain/dac7/dac7Rules.ts';
import type { PlatformIdentity } from '../deps.ts';
import type { QuarterTotals, SellerYear } from './dac7Sellers.ts';

const DPI = 'urn:oecd:ties:dpi:v1';
const STF = 'urn:oecd:ties:dpistf:v1';

/** A document's DocSpec: what it is (OECD0 resent, 1 new, 2 corrected, 3 deleted) and its ids. */
export interface DocSpec {
  readonly docTypeIndic: 'OECD0' | 'OECD1' | 'OECD2' | 'OECD3';
  readonly docRefId: string;
  /** The DocRefId an OECD2 or OECD3 document replaces. */
  readonly corrDocRefId?: string;
}

/** A reportable seller's document in a message: the seller as sent, and its DocSpec. */
export interface SellerDocument {
  readonly seller: SellerYear;
  readonly spec: DocSpec;
}

export interface Dac7Message {
  readonly year: number;
  readonly platform: PlatformIdentity;
  /** Unique per file: `FR<year>FR<uuid>` (the MessageRefId rule of the schema). */
  readonly messageRefId: string;
  /** DPI401 new data, DPI402 corrections; DPI401 with no seller is sent as DPI403. */
  readonly messageTypeIndic: 'DPI401' | 'DPI402';
  readonly platformSpec: DocSpec;
  readonly sellers: readonly SellerDocument[];
  readonly now: Date;
}

/** `FR<year>FR<uuid>`: the MessageRefId of a new message (sending country, year, receiving). */
export const messageRefIdOf = (year: number, id: string) => `FR${year}FR${id}`;

/** `2026-01-15T09:30:00.000`: the schema's timestamp, UTC, without a zone (none may be given). */
const timestamp = (now: Date) => now.toISOString().replace(/Z$/, '');

function address(
  parent: XMLBuilder,
  type: string,
  a: {
    countryCode: string;
    street: string;
    postalCode: string;
    city: string;
  },
): void {
  const node = parent.ele(DPI, 'dpi:Address', { legalAddressType: type });
  node.ele(DPI, 'dpi:CountryCode').txt(a.countryCode);
  const fix = node.ele(DPI, 'dpi:AddressFix');
  if (a.street) fix.ele(DPI, 'dpi:Street').txt(a.street);
  if (a.postalCode) fix.ele(DPI, 'dpi:PostCode').txt(a.postalCode);
  fix.ele(DPI, 'dpi:City').txt(a.city);
}

/** CorrMessageRefId is never written: the DPI schema says it must not be used. */
function docSpec(parent: XMLBuilder, doc: DocSpec): void {
  const spec = parent.ele(DPI, 'dpi:DocSpec');
  spec.ele(STF, 'stf:DocTypeIndic').txt(doc.docTypeIndic);
  spec.ele(STF, 'stf:DocRefId').txt(doc.docRefId);
  if (doc.corrDocRefId) spec.ele(STF, 'stf:CorrDocRefId').txt(doc.corrDocRefId);
}

function amounts(parent: XMLBuilder, name: string, prefix: string, values: readonly number[]) {
  const node = parent.ele(DPI, `dpi:${name}`);
  values.forEach((cents, i) =>
    node.ele(DPI, `dpi:${prefix}Q${i + 1}`, { currCode: 'EUR' }).txt(wholeUnits(cents)),
  );
}

function saleOfGoods(parent: XMLBuilder, quarters: readonly QuarterTotals[]): void {
  const goods = parent.ele(DPI, 'dpi:RelevantActivities').ele(DPI, 'dpi:SaleOfGoods');
  amounts(
    goods,
    'Consideration',
    'Cons',
    quarters.map((q) => q.consideration),
  );
  const counts = goods.ele(DPI, 'dpi:NumberOfActivities');
  quarters.forEach((q, i) => counts.ele(DPI, `dpi:NumbQ${i + 1}`).txt(String(q.sales)));
  amounts(
    goods,
    'Fees',
    'Fees',
    quarters.map((q) => q.fees),
  );
  amounts(
    goods,
    'Taxes',
    'Tax',
    quarters.map((q) => q.taxes),
  );
}

function financialIdentifier(parent: XMLBuilder, seller: SellerYear, holderDiffers: boolean) {
  const account = parent.ele(DPI, 'dpi:FinancialIdentifier');
  account.ele(DPI, 'dpi:Identifier', { AccountNumberType: 'IBAN' }).txt(seller.iban);
  if (holderDiffers) account.ele(DPI, 'dpi:AccountHolderName').txt(seller.accountHolder);
}

function reportableSeller(body: XMLBuilder, { seller, spec }: SellerDocument): void {
  const node = body.ele(DPI, 'dpi:ReportableSeller');
  const identity = node.ele(DPI, 'dpi:Identity');
  const street = { ...seller, street: seller.address };
  const holderDiffers =
    seller.accountHolder !== '' && seller.accountHolder.toLowerCase() !== seller.name.toLowerCase();
  if (seller.kind === 'INDIVIDUAL') {
    const standard = identity.ele(DPI, 'dpi:IndividualSeller').ele(DPI, 'dpi:Standard');
    const id = standard.ele(DPI, 'dpi:IndSellerID');
    id.ele(DPI, 'dpi:ResCountryCode').txt(seller.countryCode);
    id.ele(DPI, 'dpi:TIN', { issuedBy: seller.countryCode }).txt(seller.tin);
    const name = id.ele(DPI, 'dpi:Name');
    name.ele(DPI, 'dpi:FirstName').txt(seller.firstName);
    name.ele(DPI, 'dpi:LastName').txt(seller.lastName);
    address(id, 'OECD302', street);
    const birth = id.ele(DPI, 'dpi:BirthInfo');
    birth.ele(DPI, 'dpi:BirthDate').txt(seller.birthDate);
    financialIdentifier(standard, seller, holderDiffers);
  } else {
    const standard = identity.ele(DPI, 'dpi:EntitySeller').ele(DPI, 'dpi:Standard');
    const id = standard.ele(DPI, 'dpi:EntSellerID');
    id.ele(DPI, 'dpi:ResCountryCode').txt(seller.countryCode);
    id.ele(DPI, 'dpi:TIN', { issuedBy: seller.countryCode }).txt(seller.tin);
    id.ele(DPI, 'dpi:IN', { issuedBy: seller.countryCode, INType: 'BRN' }).txt(
      seller.registrationNumber,
    );
    if (seller.vatNumber) id.ele(DPI, 'dpi:VAT').txt(seller.vatNumber);
    id.ele(DPI, 'dpi:Name').txt(seller.name);
    address(id, 'OECD303', street);
    financialIdentifier(standard, seller, holderDiffers);
  }
  saleOfGoods(node, seller.quarters);
  docSpec(node, spec);
}

/**
 * The year's DPI message (EU DPI XML v1.0, urn:oecd:ties:dpi:v1) for the French administration:
 * the platform as Reporting Platform Operator resident in France (RPONEX1), then each reportable
 * seller with the sale of goods per quarter. New data (DPI401, OECD1; DPI403 when nobody is
 * reportable), or corrections (DPI402) whose documents name the DocRefIds they replace.
 */
export function dac7Xml(message: Dac7Message): string {
  const { year, platform } = message;
  const siret = platform.siret.replace(/\s+/g, '');
  const root = create({ version: '1.0', encoding: 'UTF-8', invalidCharReplacement: '' }).ele(
    DPI,
    'dpi:DPI_OECD',
    { 'xmlns:stf': STF, version: '1.0' },
  );
  const spec = root.ele(DPI, 'dpi:MessageSpec');
  spec.ele(DPI, 'dpi:SendingEntityIN').txt(siret.slice(0, 9));
  spec.ele(DPI, 'dpi:TransmittingCountry').txt('FR');
  spec.ele(DPI, 'dpi:ReceivingCountry').txt('FR');
  spec.ele(DPI, 'dpi:MessageType').txt('DPI');
  spec.ele(DPI, 'dpi:MessageRefId').txt(message.messageRefId);
  // DPI403: nothing to report (no reportable seller this year), which must be said all the same.
  const indic =
    message.messageTypeIndic === 'DPI401' && message.sellers.length === 0
      ? 'DPI403'
      : message.messageTypeIndic;
  spec.ele(DPI, 'dpi:MessageTypeIndic').txt(indic);
  spec.ele(DPI, 'dpi:ReportingPeriod').txt(`${year}-12-31`);
  spec.ele(DPI, 'dpi:Timestamp').txt(timestamp(message.now));

  const body = root.ele(DPI, 'dpi:DPIBody');
  const operator = body.ele(DPI, 'dpi:PlatformOperator');
  operator.ele(DPI, 'dpi:ResCountryCode').txt(platform.countryCode);
  operator.ele(DPI, 'dpi:TIN', { issuedBy: platform.countryCode }).txt(siret.slice(0, 9));
  operator.ele(DPI, 'dpi:IN', { issuedBy: platform.countryCode, INType: 'BRN' }).txt(siret);
  if (platform.vatNumber) operator.ele(DPI, 'dpi:VAT').txt(platform.vatNumber);
  operator.ele(DPI, 'dpi:Name').txt(platform.name);
  address(operator, 'OECD304', {
    countryCode: platform.countryCode,
    street: platform.addressLines.join(', '),
    postalCode: platform.postalCode,
    city: platform.city,
  });
  operator.ele(DPI, 'dpi:Nexus').txt('RPONEX1');
  operator.ele(DPI, 'dpi:AssumedReporting').txt('false');
  docSpec(operator, message.platformSpec);
  message.sellers.forEach((doc) => reportableSeller(body, doc));
  return root.end({ prettyPrint: true });
}
