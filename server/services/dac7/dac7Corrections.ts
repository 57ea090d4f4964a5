import { randomUUID } from 'node:crypto';
import { create } from '@bufbuild/protobuf';
import { timestampFromDate } from '@bufbuild/protobuf/wkt';
import { Code, type HandlerContext } from '@connectrpc/connect';
import { mapDatabaseErrors } from '../../crud/crudService.ts';
import { fail } from '../../rpc/reasons.ts';
import {
  Dac7FiledReportSchema,
  Dac7FiledSellerSchema,
  Dac7FileSchema,
  Dac7Service,
  ListDac7FiledReportsResponseSchema,
  type BuildDac7CorrectionRequest,
  type ListDac7FiledReportsRequest,
} from '../../../src/rpc/gen/seconde/v1/dac7_pb.ts';
import type { ServiceDeps } from '../deps.ts';
import { implement } from '../implement.ts';
import { platformOf } from '../invoices/platform.ts';
import {
  currentSellers,
  filedContent,
  filedReport,
  filedReports,
  recordFiled,
  type FiledSeller,
} from './dac7Filed.ts';
import { sellersOfYear, type SellerYear } from './dac7Sellers.ts';
import { dac7Xml, messageRefIdOf, type SellerDocument } from './dac7Xml.ts';

/**
 * The documents of a correction: each corrected seller sent whole with their data of now (OECD2),
 * each deleted one as the file last said them (OECD3), both naming the DocRefId they replace.
 * Refused, naming the sellers, when a key is not in the report, a corrected seller is no longer
 * reportable, or lacks data.
 */
export function correctionDocuments(
  filed: readonly FiledSeller[],
  now: readonly SellerYear[],
  request: { corrected: readonly string[]; deleted: readonly string[] },
  messageRefId: string,
): SellerDocument[] {
  const corrected = [...new Set(request.corrected)];
  const deleted = [...new Set(request.deleted)];
  if (corrected.length + deleted.length === 0)
    throw fail(
      Code.InvalidArgument,
      'DAC7_NOTHING_TO_CORRECT',
      'Name a seller to correct or delete',
    );
  const both = corrected.filter((k) => deleted.includes(k));
  if (both.length > 0)
    throw fail(
      Code.InvalidArgument,
      'DAC7_NOTHING_TO_CORRECT',
      `Both corrected and deleted: ${both.join(', ')}`,
    );
  const byKey = new Map(filed.map((s) => [s.key, s]));
  const unknown = [...corrected, ...deleted].filter((k) => !byKey.has(k));
  if (unknown.length > 0)
    throw fail(
      Code.FailedPrecondition,
      'DAC7_SELLER_NOT_IN_REPORT',
      `Not in this report (or deleted since): ${unknown.join(', ')}`,
    );
  const current = new Map(now.filter((s) => s.reportable).map((s) => [s.key, s]));
  const gone = corrected.filter((k) => !current.has(k));
  if (gone.length > 0)
    throw fail(
      Code.FailedPrecondition,
      'DAC7_SELLER_NOT_REPORTABLE',
      `No longer reportable this year, delete instead: ${gone.map((k) => byKey.get(k)!.name).join(', ')}`,
    );
  const gaps = corrected.map((k) => current.get(k)!).filter((s) => s.missing.length > 0);
  if (gaps.length > 0)
    throw fail(
      Code.FailedPrecondition,
      'DAC7_DATA_MISSING',
      gaps.map((s) => `${s.name || s.key}: ${s.missing.join(', ')}`).join('; '),
    );
  // In the report's order, so the file reads like the one it corrects.
  return filed
    .filter((s) => corrected.includes(s.key) || deleted.includes(s.key))
    .map((s, i) => ({
      seller: corrected.includes(s.key) ? current.get(s.key)! : s.data,
      spec: {
        docTypeIndic: corrected.includes(s.key) ? 'OECD2' : 'OECD3',
        docRefId: `${messageRefId}-S${i + 1}`,
        corrDocRefId: s.docRefId,
      },
    }));
}

/** Dac7Service's filed reports and their corrections (docs/decisions.md, "DAC7 corrections"). */
export function dac7CorrectionHandlers(
  deps: ServiceDeps,
  requireStaff: (ctx: HandlerContext) => { sub: string },
) {
  const { db, clock } = deps;
  const vatRate = () => platformOf(deps.settings).vatRatePercent;

  async function listFiledReports(req: ListDac7FiledReportsRequest, ctx: HandlerContext) {
    requireStaff(ctx);
    const reports = await filedReports(db, req.year);
    const now = new Map((await sellersOfYear(db, req.year, vatRate())).map((s) => [s.key, s]));
    const messages = [];
    for (const r of reports) {
      const sellers = r.corrects ? [] : await currentSellers(db, r.uuid);
      messages.push(
        create(Dac7FiledReportSchema, {
          uuid: r.uuid,
          year: r.year,
          messageRefId: r.messageRefId,
          messageTypeIndic: r.messageTypeIndic,
          filedAt: timestampFromDate(r.filedAt),
          correctsMessageRefId: r.correctsMessageRefId,
          sellers: sellers.map((s) => {
            const seller = now.get(s.key);
            return create(Dac7FiledSellerSchema, {
              key: s.key,
              name: s.name,
              docRefId: s.docRefId,
              reportable: seller?.reportable ?? false,
              changed: !seller?.reportable || filedContent(seller) !== filedContent(s.data),
            });
          }),
        }),
      );
    }
    return create(ListDac7FiledReportsResponseSchema, { reports: messages });
  }

  /**
   * A DPI402 message for a filed report (or the report a correction belongs to): the platform
   * operator resent unchanged (OECD0), then the sellers corrected or deleted. Kept like a first
   * report, so a later correction names these DocRefIds.
   */
  async function buildCorrection(req: BuildDac7CorrectionRequest, ctx: HandlerContext) {
    const caller = requireStaff(ctx);
    const report = await filedReport(db, req.report);
    if (!report) throw fail(Code.NotFound, 'NOT_FOUND', 'No such DAC7 report');
    const original = report.corrects ?? report.uuid;
    const messageRefId = messageRefIdOf(report.year, randomUUID());
    const documents = correctionDocuments(
      await currentSellers(db, original),
      await sellersOfYear(db, report.year, vatRate()),
      req,
      messageRefId,
    );
    const now = clock();
    const message = {
      year: report.year,
      messageRefId,
      messageTypeIndic: 'DPI402' as const,
      platformSpec: { docTypeIndic: 'OECD0' as const, docRefId: `${messageRefId}-PO` },
      sellers: documents,
      now,
    };
    const xml = dac7Xml({ ...message, platform: platformOf(deps.settings) });
    // A document is replaced once (a unique CorrDocRefId): two corrections of the same seller at
    // the same time leave one, the other is refused.
    await mapDatabaseErrors(() =>
      db.transaction().execute((trx) =>
        recordFiled(trx, {
          ...message,
          corrects: original,
          platformDocRefId: message.platformSpec.docRefId,
          filedBy: caller.sub,
        }),
      ),
    );
    return create(Dac7FileSchema, {
      data: new TextEncoder().encode(xml),
      filename: `dac7-${report.year}-correction-${messageRefId.slice(-8)}.xml`,
      contentType: 'application/xml',
      messageRefId,
      sellerCount: documents.length,
    });
  }

  return implement(Dac7Service, { listFiledReports, buildCorrection });
}
