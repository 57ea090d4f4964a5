import { Code, type HandlerContext } from '@connectrpc/connect';
import { create } from '@bufbuild/protobuf';
import { sql } from 'kysely';
import {
  WANT_DEPOSIT_REFUSAL_MESSAGES,
  departmentOf,
  vendorRefusal,
  wantDepositRefusal,
  type WantDepositRefusalName,
} from '../../../../src/domain/deposit/wantDeposit.ts';
import {
  AvailableDepositSchema,
  DepositSchema,
  ListAvailableDepositsResponseSchema,
  WantDepositRefusalSchema,
  WantDepositResponseSchema,
  type WantDepositRefusal,
  type ListAvailableDepositsRequest,
  type ListAvailableDepositsResponse,
  type WantDepositRequest,
  type WantDepositResponse,
} from '../../../../src/rpc/gen/seconde/v1/deposit_pb.ts';
import { pageOf, requireCaller, requireUuid } from '../../../crud/crudService.ts';
import { enumFromLabel, rowToMessage } from '../../../crud/rowMapping.ts';
import type { Caller } from '../../../rpc/caller.ts';
import { fail } from '../../../rpc/reasons.ts';
import type { ServiceDeps } from '../../deps.ts';
import { tableColumns } from './columns.ts';
import { OPEN_DEPOSIT, depositFacts, loadVendor, lockOpenDeposit, rulesAt } from './facts.ts';

/** Open deposits read at once for the marketplace screen; there are never many waiting. */
const MAX_OPEN_DEPOSITS = 5000;

type Row = Record<string, unknown>;

/** The deposit as a message; admin-only data stays empty for everyone else. */
export async function depositMessage(deps: ServiceDeps, row: Row, caller: Caller) {
  const message = rowToMessage(DepositSchema, await tableColumns(deps.db, 'deposit'), row);
  if (!caller.isAdminLevel) message.adminNotes = '';
  return message;
}

export function refusalEnum(name: WantDepositRefusalName | null): WantDepositRefusal {
  return name ? (enumFromLabel(WantDepositRefusalSchema, name) as WantDepositRefusal) : 0;
}

/** The vendor a request acts for: the caller's own record, or any vendor for admin-level callers. */
function actingVendor(caller: Caller, asked: string): string {
  const vendor = asked || caller.vendorUuid;
  if (!vendor) throw fail(Code.PermissionDenied, 'FORBIDDEN', 'Only vendors may ask for deposits');
  requireUuid(vendor, 'vendor_uuid');
  if (!caller.isAdminLevel && vendor !== caller.vendorUuid)
    throw fail(Code.PermissionDenied, 'FORBIDDEN', 'A vendor may only ask for themselves');
  return vendor;
}

export function vendorSideHandlers(deps: ServiceDeps) {
  const { db, clock, settings } = deps;

  /**
   * A vendor asks for an open deposit: refused with the first reason of 2-business-data.md §6 that
   * applies, otherwise recorded (asking twice keeps the first request) for an admin to validate.
   */
  async function wantDeposit(
    req: WantDepositRequest,
    ctx: HandlerContext,
  ): Promise<WantDepositResponse> {
    const caller = requireCaller(ctx);
    const depositUuid = requireUuid(req.uuid);
    const vendorUuid = actingVendor(caller, req.vendorUuid);
    await tableColumns(db, 'deposit');
    const now = clock();
    const row = await db.transaction().execute(async (trx) => {
      const deposit = await lockOpenDeposit(trx, depositUuid);
      const vendor = await loadVendor(trx, vendorUuid, now);
      if (!vendor) throw fail(Code.NotFound, 'NOT_FOUND', 'Vendor not found');
      const refusal = wantDepositRefusal(
        vendor.facts,
        depositFacts(deposit),
        rulesAt(now, settings),
      );
      if (refusal)
        throw fail(Code.FailedPrecondition, refusal, WANT_DEPOSIT_REFUSAL_MESSAGES[refusal]);
      await sql`
        insert into deposit_request (deposit, vendor, created_at)
        values (${depositUuid}, ${vendorUuid}, ${now})
        on conflict (deposit, vendor) do nothing`.execute(trx);
      return deposit;
    });
    return create(WantDepositResponseSchema, {
      success: true,
      deposit: await depositMessage(deps, row, caller),
    });
  }

  /**
   * The marketplace screen: every open deposit, the caller's department first, each with the
   * reason that would refuse this vendor and whether they already asked for it.
   */
  async function listAvailable(
    req: ListAvailableDepositsRequest,
    ctx: HandlerContext,
  ): Promise<ListAvailableDepositsResponse> {
    const caller = requireCaller(ctx);
    if (!caller.vendorUuid && !caller.isAdminLevel)
      throw fail(Code.PermissionDenied, 'FORBIDDEN', 'Only vendors see the open deposits');
    await tableColumns(db, 'deposit');
    const now = clock();
    const { rows } = await sql<Row>`
      select * from deposit as d where ${OPEN_DEPOSIT('d')}
      order by d.created_at, d.uuid limit ${MAX_OPEN_DEPOSITS}`.execute(db);
    const vendor = caller.vendorUuid ? await loadVendor(db, caller.vendorUuid, now) : undefined;
    const requested = new Set<string>();
    if (vendor) {
      const mine = await sql<{ deposit: string }>`
        select deposit from deposit_request where vendor = ${vendor.uuid}`.execute(db);
      for (const r of mine.rows) requested.add(r.deposit);
    }
    const rules = rulesAt(now, settings);
    const home = vendor ? departmentOf(vendor.facts.profile.postalCode) : null;
    const entries = rows.map((row) => ({
      row,
      department: departmentOf(row.customer_postal_code as string | null) ?? '',
      refusal: vendor ? wantDepositRefusal(vendor.facts, depositFacts(row), rules) : null,
    }));
    // Near first: the vendor's own department, then the rest, oldest first within each.
    const near = (e: (typeof entries)[number]) => (home !== null && e.department === home ? 0 : 1);
    entries.sort((a, b) => near(a) - near(b));
    const { page, pageSize } = pageOf(req.pagination);
    const slice = entries.slice((page - 1) * pageSize, page * pageSize);
    const results = [];
    for (const e of slice) {
      results.push(
        create(AvailableDepositSchema, {
          deposit: await depositMessage(deps, e.row, caller),
          department: e.department,
          refusal: refusalEnum(e.refusal),
          alreadyRequested: requested.has(e.row.uuid as string),
        }),
      );
    }
    return create(ListAvailableDepositsResponseSchema, {
      results,
      count: entries.length,
      vendorRefusal: refusalEnum(vendor ? vendorRefusal(vendor.facts, rules) : null),
    });
  }

  return { wantDeposit, listAvailable };
}
