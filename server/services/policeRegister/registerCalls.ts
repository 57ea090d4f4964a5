import { create } from '@bufbuild/protobuf';
import { Code, type HandlerContext } from '@connectrpc/connect';
import { sql } from 'kysely';
import { mapDatabaseErrors, pageOf, requireCaller } from '../../crud/crudService.ts';
import { fail } from '../../rpc/reasons.ts';
import {
  renderPoliceRegisterCsv,
  renderPoliceRegisterPdf,
  type RegisterFile,
} from '../../documents/policeRegisterPdf.ts';
import {
  ListPoliceRegisterResponseSchema,
  PoliceRegisterFileSchema,
  PoliceRegisterFormat,
  PoliceRegisterService,
  VerifyPoliceRegisterResponseSchema,
  type CorrectPoliceRegisterEntryRequest,
  type ExportPoliceRegisterRequest,
  type ListPoliceRegisterRequest,
  type VerifyPoliceRegisterRequest,
} from '../../../src/rpc/gen/seconde/v1/police_register_pb.ts';
import type { ServiceDeps } from '../deps.ts';
import { implement } from '../implement.ts';
import { verifyChain, type RegisterContent } from './chain.ts';
import { appendEntry, refuse, registerOf, registerVendor } from './entries.ts';
import { chainedOf, periodOf, selectEntries, toMessage } from './entryRows.ts';

/**
 * The police register (docs/decisions.md, "Police register (issue 23)"): read per period, verify
 * the hash chain, correct by a new entry, export as PDF or CSV. Nothing here changes or removes an
 * entry; the database refuses it anyway.
 */
export function policeRegisterHandlers(deps: Pick<ServiceDeps, 'db' | 'clock'>) {
  const { db, clock } = deps;

  /** The register the caller may read: their own (their company's), or the vendor staff name. */
  async function registerFor(ctx: HandlerContext, named: string) {
    const vendor = registerVendor(requireCaller(ctx), named);
    const register = await registerOf(db, vendor);
    if (!register) throw fail(Code.NotFound, 'NOT_FOUND', 'No such vendor');
    return { vendor, ...register };
  }

  async function list(req: ListPoliceRegisterRequest, ctx: HandlerContext) {
    const { register, holderName } = await registerFor(ctx, req.vendor);
    const period = periodOf(req.from, req.to);
    const { rows, count } = await selectEntries(db, register, {
      ...period,
      page: pageOf(req.pagination),
    });
    return create(ListPoliceRegisterResponseSchema, {
      results: rows.map(toMessage),
      count,
      holderName,
    });
  }

  /** Walks the whole chain from the first entry and names the first one that breaks it. */
  async function verify(req: VerifyPoliceRegisterRequest, ctx: HandlerContext) {
    const { register } = await registerFor(ctx, req.vendor);
    const { rows } = await selectEntries(db, register);
    const verdict = verifyChain(rows.map(chainedOf));
    return create(VerifyPoliceRegisterResponseSchema, {
      intact: verdict.intact,
      checked: BigInt(verdict.checked),
      firstBrokenNumber: BigInt(verdict.firstBroken?.number ?? 0),
      firstBrokenEntry: verdict.firstBroken?.uuid ?? '',
      reason: verdict.firstBroken?.reason ?? '',
    });
  }

  /** A new entry naming the one it corrects, with the whole corrected content and the reason. */
  async function correct(req: CorrectPoliceRegisterEntryRequest, ctx: HandlerContext) {
    const caller = requireCaller(ctx);
    const { register, vendor } = await registerFor(ctx, req.vendor);
    const { rows: found } = await sql<{ register: string; content: RegisterContent | string }>`
      select register, content from police_register_entry where uuid = ${req.entry}`.execute(db);
    const original = found[0];
    if (!original)
      throw refuse('POLICE_REGISTER_ENTRY_UNKNOWN', 'No such register entry', Code.NotFound);
    if (original.register !== register)
      throw fail(Code.PermissionDenied, 'FORBIDDEN', 'This entry is not in your register');
    const before =
      typeof original.content === 'string'
        ? (JSON.parse(original.content) as RegisterContent)
        : original.content;
    const item = req.item!;
    const depositor = req.depositor!;
    const uuid = await mapDatabaseErrors(() =>
      db.transaction().execute(async (trx) => {
        const { rows: names } = await sql<{ name: string }>`
          select concat_ws(' ', first_name, last_name) as name from vendor where uuid = ${vendor}`.execute(
          trx,
        );
        const { rows: corrected } = await sql<{ product: string | null; deposit: string | null }>`
          select product, deposit from police_register_entry where uuid = ${req.entry}`.execute(
          trx,
        );
        return appendEntry(trx, {
          register,
          vendor,
          kind: 'CORRECTION',
          enteredAt: clock(),
          product: corrected[0]?.product ?? null,
          deposit: corrected[0]?.deposit ?? null,
          corrects: req.entry,
          createdBy: caller.sub,
          content: {
            vendorName: names[0]?.name ?? before.vendorName,
            depositName: before.depositName,
            correctionReason: req.reason.trim(),
            item: { ...item, priceCents: Number(item.priceCents) },
            depositor: { ...depositor },
          },
        });
      }),
    );
    const { rows } = await sql<Parameters<typeof toMessage>[0]>`
      select e.uuid, e.register, e.number, e.vendor, e.kind, e.entered_at, e.product, e.deposit,
        e.corrects, c.number as corrects_number, e.content, e.previous_hash, e.hash
      from police_register_entry e left join police_register_entry c on c.uuid = e.corrects
      where e.uuid = ${uuid}`.execute(db);
    return toMessage(rows[0]!);
  }

  /** The period's entries as a paginated PDF or a CSV for spreadsheets. */
  async function exportRegister(req: ExportPoliceRegisterRequest, ctx: HandlerContext) {
    const { register, holderName, holderDetails } = await registerFor(ctx, req.vendor);
    const period = periodOf(req.from, req.to);
    const { rows } = await selectEntries(db, register, period);
    const file: RegisterFile = {
      language: req.language === 'en' ? 'en' : 'fr',
      holderName,
      holderDetails,
      ...period,
      printedAt: clock(),
      lines: rows.map((row) => {
        const entry = chainedOf(row);
        return {
          number: entry.number,
          kind: entry.kind,
          enteredAt: entry.enteredAt,
          correctsNumber: row.corrects_number === null ? null : Number(row.corrects_number),
          content: entry.content,
          hash: entry.hash,
        };
      }),
    };
    const name = `registre-police${period.from ? `-${period.from}` : ''}${period.to ? `-${period.to}` : ''}`;
    if (req.format === PoliceRegisterFormat.CSV)
      return create(PoliceRegisterFileSchema, {
        data: renderPoliceRegisterCsv(file),
        filename: `${name}.csv`,
        contentType: 'text/csv; charset=utf-8',
      });
    return create(PoliceRegisterFileSchema, {
      data: await renderPoliceRegisterPdf(file),
      filename: `${name}.pdf`,
      contentType: 'application/pdf',
    });
  }

  return [
    implement(PoliceRegisterService, { list, verify, correct, export: exportRegister }),
  ] as const;
}
