import { execFile } from 'node:child_process';
import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { Code } from '@connectrpc/connect';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  Dac7SellerKind,
  Dac7Service,
  type Dac7Seller,
} from '../../src/rpc/gen/seconde/v1/dac7_pb.ts';
import { StorefrontService } from '../../src/rpc/gen/seconde/v1/listing_pb.ts';
import { wholeUnits } from '../../src/domain/dac7/dac7Rules.ts';
import { refusalOf, startTestServer, type TestServer } from '../helpers/testServer.ts';
import { storefrontProduct } from '../helpers/storefrontListing.ts';
import {
  newVendor as newVendorIn,
  sell as sellIn,
  times,
  validate,
  type Sale,
  type VendorFields,
} from '../helpers/dac7Sales.ts';

const run = promisify(execFile);
const YEAR = 2025;

let t: TestServer;
let vendorUuid: string;

beforeAll(async () => {
  t = await startTestServer({ demoProducts: 20 }, ['vendor', 'company', 'admin', 'customer']);
  ({ vendorUuid } = await t.demoRecords());
});

afterAll(async () => {
  await t?.close();
});

const dac7 = (who: 'vendor' | 'admin' | 'customer' = 'admin') => t.client(Dac7Service, who);
const newVendor = (fields?: VendorFields) => newVendorIn(t.server.db, fields);
const sell = (vendor: string, sales: readonly Sale[]) => sellIn(t.server.db, vendor, sales);

const bySeller = (list: readonly Dac7Seller[], vendor: string) =>
  list.find((s) => s.vendor === vendor || s.key === `vendor:${vendor}`);

/** The PDF's text as pdftotext reads it (layout kept), no-break spaces as plain ones. */
async function pdfText(pdf: Uint8Array): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'dac7-'));
  const file = join(dir, 'summary.pdf');
  await writeFile(file, pdf);
  const { stdout } = await run('pdftotext', ['-layout', file, '-']);
  return stdout.replaceAll('\u00a0', ' ').replaceAll('\u202f', ' ');
}

/** `2 000,01 €` or `€2,000.01` as cents, from the printed digits alone. */
function centsOf(printed: string, language: 'fr' | 'en'): number {
  const digits = printed.replace(/[\s€]/g, '');
  const [units, fraction] = language === 'fr' ? digits.split(',') : digits.split('.');
  return Number(units!.replace(/[ ,.]/g, '')) * 100 + Number(fraction);
}

/** Each `<dpi:Tag>` value of the XML, in order. */
const values = (xml: string, tag: string) =>
  [...xml.matchAll(new RegExp(`<dpi:${tag}[^>]*>([^<]*)</dpi:${tag}>`, 'g'))].map((m) => m[1]!);

describe('DAC7 seller report', () => {
  let under: string;
  let thirty: string;
  let big: string;
  let companyUuid: string;
  let member: string;

  beforeAll(async () => {
    under = await newVendor({
      tin: '1234567890123',
      birth: '1980-02-03',
      iban: 'FR7630006000011234567890189',
    });
    // 29 sales, 1,999.00 € in all: under both thresholds.
    await sell(under, [
      ...times(28, { price: 69, at: `${YEAR}-03-10T10:00:00Z` }),
      { price: 67, at: `${YEAR}-11-10T10:00:00Z` },
    ]);

    thirty = await newVendor({
      tin: '2234567890123',
      birth: '1975-12-24',
      iban: 'DE89370400440532013000',
    });
    // 30 storefront sales of 10 €, one per quarter at least; the last one sold on 31 December
    // 23:30 in Paris (22:30 UTC) is still this year, and one sold on 31 December of the year
    // before at 23:30 UTC (1 January 00:30 in Paris) is this year's first quarter.
    await sell(thirty, [
      { price: 10, at: `${YEAR - 1}-12-31T23:30:00Z` },
      ...times(10, { price: 10, at: `${YEAR}-02-01T10:00:00Z` }),
      ...times(10, { price: 10, at: `${YEAR}-05-01T10:00:00Z` }),
      ...times(8, { price: 10, at: `${YEAR}-08-01T10:00:00Z` }),
      { price: 10, at: `${YEAR}-12-31T22:30:00Z` },
      // Not storefront sales of the year: recorded by hand, taken back, or the next year.
      { price: 500, at: `${YEAR}-06-01T10:00:00Z`, storefront: false },
      { price: 500, at: `${YEAR}-06-01T10:00:00Z`, status: 'ONLINE' },
      { price: 500, at: `${YEAR}-12-31T23:30:00Z` },
    ]);

    // One sale of 2,000.01 €, by a vendor whose TIN, date of birth and account are unknown,
    // confirmed in June and paid in July: it counts in the quarter it was paid, the third.
    big = await newVendor();
    await sell(big, [
      {
        price: 2000.01,
        at: `${YEAR}-06-30T10:00:00Z`,
        paidAt: `${YEAR}-07-14T10:00:00Z`,
        status: 'PAYED',
      },
    ]);

    // A company whose two vendors sell 16 items each: one entity seller of 32 sales.
    const { rows } = await sql<{ uuid: string }>`
      insert into company (title, siret, address, postal_code, city, tax_eligible)
      values ('Fripes Lumière SARL', '73282932000074', '12 quai Saint-Vincent', '69001', 'Lyon',
        true)
      returning uuid`.execute(t.server.db);
    companyUuid = rows[0]!.uuid;
    const admin = await newVendor({ company: companyUuid, iban: 'BE68539007547034' });
    member = await newVendor({ company: companyUuid });
    await sell(admin, times(16, { price: 25, at: `${YEAR}-04-15T10:00:00Z` }));
    await sell(member, times(16, { price: 25, at: `${YEAR}-10-15T10:00:00Z` }));
  });

  it('excludes 29 sales under 2,000 € and reports 30 sales or one sale of 2,000.01 €', async () => {
    const check = await dac7().checkReport({ year: YEAR });
    const excluded = bySeller(check.excluded, under)!;
    expect(excluded).toMatchObject({ sales: 29, considerationCents: 199_900n, reportable: false });
    expect(bySeller(check.sellers, under)).toBeUndefined();

    const byThirty = bySeller(check.sellers, thirty)!;
    expect(byThirty).toMatchObject({ sales: 30, considerationCents: 30_000n, reportable: true });
    expect(byThirty.quarters.map((q) => q.sales)).toEqual([11, 10, 8, 1]);
    expect(byThirty.quarters.map((q) => q.feesCents)).toEqual([1_100n, 1_000n, 800n, 100n]);
    expect(byThirty.quarters.map((q) => q.taxesCents)).toEqual([220n, 200n, 160n, 20n]);
    expect(byThirty.missing).toEqual([]);
    expect(byThirty.ibanMasked).toBe('DE89 **** **** **** **30 00');

    const byBig = bySeller(check.sellers, big)!;
    expect(byBig).toMatchObject({ sales: 1, considerationCents: 200_001n, reportable: true });
    expect(byBig.missing).toEqual(['TIN', 'BIRTH_DATE', 'IBAN']);
    expect(byBig.quarters.map((q) => q.considerationCents)).toEqual([0n, 0n, 200_001n, 0n]);

    const company = check.sellers.find((s) => s.key === `company:${companyUuid}`)!;
    expect(company).toMatchObject({
      kind: Dac7SellerKind.ENTITY,
      name: 'Fripes Lumière SARL',
      sales: 32,
      considerationCents: 80_000n,
      tin: '732829320',
      registrationNumber: '73282932000074',
      vatNumber: 'FR44732829320',
      city: 'Lyon',
      missing: [],
    });
    expect(check.sellers.some((s) => s.vendor === member)).toBe(false);
    expect(check.ready).toBe(false);
  });

  it('refuses the file while a reportable seller lacks data, naming them', async () => {
    const refused = await refusalOf(dac7().buildReport({ year: YEAR }));
    expect(refused).toEqual({ code: Code.FailedPrecondition, reason: 'DAC7_DATA_MISSING' });
    await dac7()
      .buildReport({ year: YEAR })
      .catch((e: Error) => expect(e.message).toContain('TIN, BIRTH_DATE, IBAN'));
  });

  it('refuses a TIN or a date of birth that cannot be one', async () => {
    expect(
      await refusalOf(
        dac7().saveSellerDetails({
          vendor: big,
          tin: '123',
          birthDate: '',
          birthPlace: '',
          year: YEAR,
        }),
      ),
    ).toEqual({ code: Code.InvalidArgument, reason: 'DAC7_TIN_INVALID' });
    expect(
      await refusalOf(
        dac7().saveSellerDetails({
          vendor: big,
          tin: '',
          birthDate: '2999-01-01',
          birthPlace: '',
          year: YEAR,
        }),
      ),
    ).toEqual({ code: Code.InvalidArgument, reason: 'DAC7_BIRTH_DATE_INVALID' });
  });

  it('builds a file valid against the DPI schema once the gaps are filled', async () => {
    const saved = await dac7().saveSellerDetails({
      vendor: big,
      tin: '3 23 45 678 901 23',
      birthDate: '1969-07-20',
      birthPlace: 'Lyon',
      year: YEAR,
    });
    expect(saved).toMatchObject({ tin: '3234567890123', birthDate: '1969-07-20' });
    expect(saved.missing).toEqual(['IBAN']);
    await sql`update vendor set iban = 'FR7630006000011234567890189', account_holder = 'Léa Dupont'
      where uuid = ${big}`.execute(t.server.db);

    const check = await dac7().checkReport({ year: YEAR });
    expect(check.ready).toBe(true);
    const file = await dac7().buildReport({ year: YEAR });
    expect(file.filename).toBe(`dac7-${YEAR}.xml`);
    expect(file.sellerCount).toBe(check.sellers.length);
    const xml = new TextDecoder().decode(file.data);
    expect(await validate(xml)).toContain('validates');

    expect(xml).toContain('xmlns:dpi="urn:oecd:ties:dpi:v1"');
    expect(xml).toContain(`<dpi:MessageRefId>${file.messageRefId}</dpi:MessageRefId>`);
    expect(file.messageRefId).toMatch(new RegExp(`^FR${YEAR}FR`));
    expect(xml).toContain(`<dpi:ReportingPeriod>${YEAR}-12-31</dpi:ReportingPeriod>`);
    // Whole euros, rounded half up: 2,000.01 € is 2000; 11 sales of 10 € in the first quarter.
    expect(xml).toContain('<dpi:ConsQ3 currCode="EUR">2000</dpi:ConsQ3>');
    expect(xml).toContain('<dpi:ConsQ1 currCode="EUR">110</dpi:ConsQ1>');
    expect(xml).toContain('<dpi:NumbQ1>11</dpi:NumbQ1>');
    expect(xml).toContain('<dpi:TIN issuedBy="FR">3234567890123</dpi:TIN>');
    expect(xml).toContain('<dpi:BirthDate>1969-07-20</dpi:BirthDate>');
    expect(xml).toContain('<dpi:AccountHolderName>Léa Dupont</dpi:AccountHolderName>');
    expect(xml).toContain('<dpi:Identifier AccountNumberType="IBAN">DE89370400440532013000');
    expect(xml).toContain('<dpi:IN issuedBy="FR" INType="BRN">73282932000074</dpi:IN>');
    expect(xml).toContain('<dpi:Name>Fripes Lumière SARL</dpi:Name>');
    expect(xml).not.toContain(under);
    expect(xml.match(/<dpi:ReportableSeller>/g)).toHaveLength(check.sellers.length);
  });

  it.each(['fr', 'en'] as const)(
    'gives a readable PDF summary whose figures are the file’s (%s)',
    async (language) => {
      const file = await dac7().buildReport({ year: YEAR });
      const xml = new TextDecoder().decode(file.data);
      const summary = await dac7().buildSummary({ year: YEAR, language });
      expect(summary.contentType).toBe('application/pdf');
      expect(summary.filename).toBe(
        language === 'fr' ? `dac7-resume-${YEAR}.pdf` : `dac7-summary-${YEAR}.pdf`,
      );
      const text = await pdfText(summary.data);
      const flat = text.replace(/\s+/g, ' ');
      const q = language === 'fr' ? 'T' : 'Q';
      const year = language === 'fr' ? 'Année' : 'Year';
      // Every quarter row and year row of every reported seller, in the file's order.
      const money = language === 'fr' ? '-?[\\d ]+,\\d{2} €' : '-?€[\\d,]+\\.\\d{2}';
      const row = new RegExp(
        `^\\s*(${q}[1-4]|${year})\\s+(${money})\\s+(\\d+)\\s+(${money})\\s+(${money})\\s*$`,
        'gm',
      );
      const rows = [...text.matchAll(row)].map((m) => ({
        label: m[1]!,
        consideration: centsOf(m[2]!, language),
        sales: Number(m[3]),
        fees: centsOf(m[4]!, language),
        taxes: centsOf(m[5]!, language),
      }));
      const sellers = file.sellerCount;
      expect(xml.match(/<dpi:ReportableSeller>/g)).toHaveLength(sellers);
      expect(rows).toHaveLength(sellers * 5);
      const quarters = rows.filter((r) => r.label !== year);
      // Rounded to whole euros, the summary's cents are exactly the file's figures.
      const cons = [1, 2, 3, 4].map((n) => values(xml, `ConsQ${n}`));
      const fees = [1, 2, 3, 4].map((n) => values(xml, `FeesQ${n}`));
      const taxes = [1, 2, 3, 4].map((n) => values(xml, `TaxQ${n}`));
      const counts = [1, 2, 3, 4].map((n) => values(xml, `NumbQ${n}`));
      quarters.forEach((r, i) => {
        const seller = Math.floor(i / 4);
        const n = i % 4;
        expect(wholeUnits(r.consideration), `${r.label} ${seller}`).toBe(cons[n]![seller]);
        expect(wholeUnits(r.fees)).toBe(fees[n]![seller]);
        expect(wholeUnits(r.taxes)).toBe(taxes[n]![seller]);
        expect(String(r.sales)).toBe(counts[n]![seller]);
      });
      // Each year row adds up its quarters, to the cent.
      for (let s = 0; s < sellers; s += 1) {
        const own = rows.slice(s * 5, s * 5 + 5);
        const sum = (k: 'consideration' | 'sales' | 'fees' | 'taxes') =>
          own.slice(0, 4).reduce((a, r) => a + r[k], 0);
        expect(own[4]).toMatchObject({
          consideration: sum('consideration'),
          sales: sum('sales'),
          fees: sum('fees'),
          taxes: sum('taxes'),
        });
      }
      // The figures to the cent: 2,000.01 € in the third quarter; 11 sales of 10 € in the first.
      expect(rows.some((r) => r.label === `${q}3` && r.consideration === 200_001)).toBe(true);
      expect(
        rows.some(
          (r) =>
            r.label === `${q}1` && r.consideration === 11_000 && r.sales === 11 && r.taxes === 220,
        ),
      ).toBe(true);
      // The reported sellers' total: 800 € + 300 € + 2,000.01 €.
      expect(flat).toContain(
        language === 'fr' ? 'Montants versés 3 100,01 €' : 'Consideration €3,100.01',
      );
      const check = await dac7().checkReport({ year: YEAR });

      // The operator, the identities, the accounts by their last 4 only, the excluded apart.
      expect(flat).toContain('Seconde SAS');
      expect(flat).toContain(language === 'fr' ? 'SIREN : 901234567' : 'SIREN: 901234567');
      expect(flat).toContain('Fripes Lumière SARL');
      expect(flat).toContain('73282932000074');
      expect(flat).toContain('3234567890123');
      expect(flat).toContain(
        language === 'fr' ? 'Né(e) le 20/07/1969 à Lyon' : 'Born on 20 Jul 1969 in Lyon',
      );
      expect(flat).toContain(
        language === 'fr' ? 'IBAN se terminant par 3000' : 'IBAN ending in 3000',
      );
      expect(flat).not.toContain('DE89370400440532013000');
      expect(flat).not.toContain('FR7630006000011234567890189');
      const excludedAt = flat.indexOf(
        language === 'fr'
          ? 'Vendeurs sous les seuils, non déclarés'
          : 'below the thresholds, not reported',
      );
      expect(excludedAt).toBeGreaterThan(0);
      const underName = check.excluded.find((s) => s.vendor === under)!.name;
      expect(flat.indexOf(underName)).toBeGreaterThan(excludedAt);
      const pages = text.split('\f').filter((p) => p.trim() !== '');
      pages.forEach((page, i) =>
        expect(page.replace(/\s+/g, ' ')).toContain(
          language === 'fr'
            ? `Page ${i + 1} / ${pages.length}`
            : `Page ${i + 1} of ${pages.length}`,
        ),
      );
    },
  );

  it('counts a sale confirmed on the real storefront in its quarter', async () => {
    const year = new Date().getFullYear();
    const before = await dac7().checkReport({ year });
    const seen = (r: typeof before) =>
      bySeller([...r.sellers, ...r.excluded], vendorUuid) ?? { sales: 0, considerationCents: 0n };
    const product = await storefrontProduct(t, { vendor: vendorUuid, price: 42.5 });
    const { rows } = await sql<{ uuid: string }>`
      insert into storefront_reservation (product, vendor, buyer_name, buyer_email)
      values (${product.uuid}, ${vendorUuid}, 'Camille', 'camille@exemple.fr') returning uuid`.execute(
      t.server.db,
    );
    await sql`update product set sale_status = 'RESERVED' where uuid = ${product.uuid}`.execute(
      t.server.db,
    );
    await t.client(StorefrontService, 'vendor').confirmReservation({ uuid: rows[0]!.uuid });
    const after = await dac7().checkReport({ year });
    expect(seen(after).sales).toBe(seen(before).sales + 1);
    expect(seen(after).considerationCents).toBe(seen(before).considerationCents + 4_250n);
  });

  it('is for staff only', async () => {
    for (const who of ['vendor', 'customer'] as const) {
      expect((await refusalOf(dac7(who).checkReport({ year: YEAR }))).code).toBe(
        Code.PermissionDenied,
      );
      expect((await refusalOf(dac7(who).buildReport({ year: YEAR }))).code).toBe(
        Code.PermissionDenied,
      );
      expect((await refusalOf(dac7(who).buildSummary({ year: YEAR, language: 'fr' }))).code).toBe(
        Code.PermissionDenied,
      );
    }
    expect(
      (
        await refusalOf(
          dac7('vendor').saveSellerDetails({
            vendor: vendorUuid,
            tin: '1234567890123',
            birthDate: '',
            birthPlace: '',
            year: YEAR,
          }),
        )
      ).code,
    ).toBe(Code.PermissionDenied);
  });
});
