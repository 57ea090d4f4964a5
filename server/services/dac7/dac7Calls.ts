import { randomUUID } from 'node:crypto';
import { create } from '@bufbuild/protobuf';
import { Code, type HandlerContext } from '@connectrpc/connect';
import { sql } from 'kysely';
import { mapDatabaseErrors, requireCaller, requireInScope } from '../../crud/crudService.ts';
import { fail } from '../../rpc/reasons.ts';
import { isFrenchPersonalTin } from '../../../src/domain/dac7/dac7Rules.ts';
import {
  CheckDac7ReportResponseSchema,
  Dac7FileSchema,
  Dac7QuarterSchema,
  Dac7SellerKind,
  Dac7SellerSchema,
  Dac7Service,
  type BuildDac7ReportRequest,
  type BuildDac7SummaryRequest,
  type CheckDac7ReportRequest,
  type Dac7Seller,
  type SaveDac7SellerDetailsRequest,
} from '../../../src/rpc/gen/seconde/v1/dac7_pb.ts';
import type { ServiceDeps } from '../deps.ts';
import { implement } from '../implement.ts';
import { platformOf } from '../invoices/platform.ts';
import { renderDac7SummaryPdf } from '../../documents/dac7SummaryPdf.ts';
import { sellersOfYear, type SellerYear } from './dac7Sellers.ts';
import { dac7CorrectionHandlers } from './dac7Corrections.ts';
import { recordFiled } from './dac7Filed.ts';
import { dac7Xml, messageRefIdOf } from './dac7Xml.ts';

/** The seller as screens see it: the IBAN masked, everything else as the report will say it. */
export function sellerMessage(s: SellerYear): Dac7Seller {
  return create(Dac7SellerSchema, {
    key: s.key,
    kind: s.kind === 'ENTITY' ? Dac7SellerKind.ENTITY : Dac7SellerKind.INDIVIDUAL,
    vendor: s.vendor,
    company: s.company,
    firstName: s.firstName,
    lastName: s.lastName,
    name: s.name,
    address: s.address,
    postalCode: s.postalCode,
    city: s.city,
    countryCode: s.countryCode,
    tin: s.tin,
    birthDate: s.birthDate,
    birthPlace: s.birthPlace,
    registrationNumber: s.registrationNumber,
    vatNumber: s.vatNumber,
    ibanMasked: s.ibanMasked,
    accountHolder: s.accountHolder,
    quarters: s.quarters.map((q, i) =>
      create(Dac7QuarterSchema, {
        quarter: i + 1,
        considerationCents: BigInt(q.consideration),
        sales: q.sales,
        feesCents: BigInt(q.fees),
        taxesCents: BigInt(q.taxes),
      }),
    ),
    considerationCents: BigInt(s.total.consideration),
    sales: s.total.sales,
    feesCents: BigInt(s.total.fees),
    taxesCents: BigInt(s.total.taxes),
    reportable: s.reportable,
    missing: [...s.missing],
  });
}

/** Dac7Service: the check, the XML file and the data a person-seller's entry needs. */
export function dac7CallsHandlers(deps: ServiceDeps) {
  const { db, clock } = deps;
  const vatRate = () => platformOf(deps.settings).vatRatePercent;

  /** Only staff report for the platform; the access table says so first, this says it again. */
  function requireStaff(ctx: HandlerContext) {
    const caller = requireCaller(ctx);
    if (!caller.isAdminLevel)
      throw fail(Code.PermissionDenied, 'FORBIDDEN', 'Only staff report sellers');
    return caller;
  }

  async function checkReport(req: CheckDac7ReportRequest, ctx: HandlerContext) {
    requireStaff(ctx);
    const sellers = await sellersOfYear(db, req.year, vatRate());
    const reportable = sellers.filter((s) => s.reportable);
    return create(CheckDac7ReportResponseSchema, {
      year: req.year,
      sellers: reportable.map(sellerMessage),
      excluded: sellers.filter((s) => !s.reportable).map(sellerMessage),
      ready: reportable.every((s) => s.missing.length === 0),
    });
  }

  /**
   * The year's XML. Refused while any reportable seller lacks data: the message names each of
   * them and what they lack, so the file that leaves is complete and valid. Kept with its
   * MessageRefId and each seller's DocRefId, which a correction names.
   */
  async function buildReport(req: BuildDac7ReportRequest, ctx: HandlerContext) {
    const caller = requireStaff(ctx);
    const reportable = (await sellersOfYear(db, req.year, vatRate())).filter((s) => s.reportable);
    const gaps = reportable.filter((s) => s.missing.length > 0);
    if (gaps.length > 0)
      throw fail(
        Code.FailedPrecondition,
        'DAC7_DATA_MISSING',
        gaps.map((s) => `${s.name || s.key}: ${s.missing.join(', ')}`).join('; '),
      );
    const messageRefId = messageRefIdOf(req.year, randomUUID());
    const message = {
      year: req.year,
      messageRefId,
      messageTypeIndic: 'DPI401' as const,
      platformSpec: { docTypeIndic: 'OECD1' as const, docRefId: `${messageRefId}-PO` },
      sellers: reportable.map((seller, i) => ({
        seller,
        spec: { docTypeIndic: 'OECD1' as const, docRefId: `${messageRefId}-S${i + 1}` },
      })),
      now: clock(),
    };
    const xml = dac7Xml({ ...message, platform: platformOf(deps.settings) });
    await mapDatabaseErrors(() =>
      db.transaction().execute((trx) =>
        recordFiled(trx, {
          ...message,
          messageTypeIndic: reportable.length > 0 ? 'DPI401' : 'DPI403',
          corrects: null,
          platformDocRefId: message.platformSpec.docRefId,
          filedBy: caller.sub,
        }),
      ),
    );
    return create(Dac7FileSchema, {
      data: new TextEncoder().encode(xml),
      filename: `dac7-${req.year}.xml`,
      contentType: 'application/xml',
      messageRefId,
      sellerCount: reportable.length,
    });
  }

  /**
   * The year's readable summary: the same sellers and figures as the XML (to the cent where the
   * file has whole euros), in the staff member's language. Not refused while data is missing: it
   * names what each seller lacks, so staff can work from it.
   */
  async function buildSummary(req: BuildDac7SummaryRequest, ctx: HandlerContext) {
    requireStaff(ctx);
    const language = req.language === 'en' ? 'en' : 'fr';
    const sellers = await sellersOfYear(db, req.year, vatRate());
    const data = await renderDac7SummaryPdf({
      language,
      year: req.year,
      platform: platformOf(deps.settings),
      reportable: sellers.filter((s) => s.reportable),
      excluded: sellers.filter((s) => !s.reportable),
      printedAt: clock(),
    });
    return create(Dac7FileSchema, {
      data,
      filename: `${language === 'en' ? 'dac7-summary' : 'dac7-resume'}-${req.year}.pdf`,
      contentType: 'application/pdf',
      sellerCount: sellers.filter((s) => s.reportable).length,
    });
  }

  /**
   * Saves a person-seller's TIN, date and place of birth on their vendor record. A French
   * resident's TIN must look like a numéro fiscal; a date of birth must be a past calendar day.
   */
  async function saveSellerDetails(req: SaveDac7SellerDetailsRequest, ctx: HandlerContext) {
    const caller = requireStaff(ctx);
    const tin = req.tin.replace(/\s+/g, '').toUpperCase();
    const birthDate = req.birthDate;
    if (birthDate) {
      const day = new Date(`${birthDate}T00:00:00Z`);
      if (
        Number.isNaN(day.getTime()) ||
        day.toISOString().slice(0, 10) !== birthDate ||
        day >= clock() ||
        day.getUTCFullYear() < 1900
      )
        throw fail(Code.InvalidArgument, 'DAC7_BIRTH_DATE_INVALID', 'Not a date of birth');
    }
    await mapDatabaseErrors(async () => {
      await requireInScope(db, 'vendor', req.vendor, caller, 'write', 'Vendor');
      const { rows } = await sql<{ code: string | null }>`
        select c.code from vendor v left join country c on c.uuid = v.country
        where v.uuid = ${req.vendor}`.execute(db);
      const country = (rows[0]?.code ?? 'FR').toUpperCase();
      if (tin && country === 'FR' && !isFrenchPersonalTin(tin))
        throw fail(
          Code.InvalidArgument,
          'DAC7_TIN_INVALID',
          'A French tax number has 13 digits and starts with 0, 1, 2 or 3',
        );
      await sql`
        update vendor set tax_identification_number = ${tin || null},
          birth_date = ${birthDate || null}::date, birth_place = ${req.birthPlace.trim() || null},
          updated_at = now(), row_version = row_version + 1
        where uuid = ${req.vendor}`.execute(db);
    });
    const seller = (await sellersOfYear(db, req.year, vatRate())).find(
      (s) => s.vendor === req.vendor && s.kind === 'INDIVIDUAL',
    );
    if (!seller)
      throw fail(
        Code.NotFound,
        'NOT_FOUND',
        'This vendor sold nothing on the storefront that year',
      );
    return sellerMessage(seller);
  }

  return [
    implement(Dac7Service, { checkReport, buildReport, buildSummary, saveSellerDetails }),
    dac7CorrectionHandlers(deps, requireStaff),
  ] as const;
}
