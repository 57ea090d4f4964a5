import { Code, type HandlerContext } from '@connectrpc/connect';
import { create } from '@bufbuild/protobuf';
import { timestampFromDate } from '@bufbuild/protobuf/wkt';
import { sql } from 'kysely';
import { checkStatusChange } from '../../../../src/domain/deposit/rules.ts';
import { isSaleStatus, type SaleStatusCounts } from '../../../../src/domain/deposit/statuses.ts';
import {
  DepositCandidateSchema,
  DepositRequestSchema,
  ListDepositRequestsResponseSchema,
  type AssignDepositRequest,
  type Deposit,
  type ListDepositRequestsRequest,
  type ListDepositRequestsResponse,
} from '../../../../src/rpc/gen/seconde/v1/deposit_pb.ts';
import { listPage, pageOf, requireCaller, requireUuid } from '../../../crud/crudService.ts';
import { depositAssignedMail } from '../../../mail/templates.ts';
import type { Caller } from '../../../rpc/caller.ts';
import { fail } from '../../../rpc/reasons.ts';
import type { ServiceDeps } from '../../deps.ts';
import { tableColumns } from './columns.ts';
import { OPEN_DEPOSIT, lockOpenDeposit } from './facts.ts';
import { depositMessage } from './vendorSide.ts';
import { notify } from '../../notices/notify.ts';

/** An admin answers a deposit request within 48 hours (2-business-data.md §1, §9). */
export const ANSWER_WITHIN_MS = 48 * 3_600_000;

/** Where an assigned deposit goes: the customer prepares the items for the vendor. */
export const ASSIGNED_STATUS = 'CUSTOMER_PREPARING' as const;

type Row = Record<string, unknown>;

function requireStaff(caller: Caller): void {
  if (!caller.isAdminLevel)
    throw fail(Code.PermissionDenied, 'FORBIDDEN', 'Only admins validate deposit requests');
}

export function adminSideHandlers(deps: ServiceDeps) {
  const { db, clock, mailer } = deps;

  /**
   * Every deposit open to vendors, oldest deadline first: when it was opened, when the 48 hours
   * end, and the vendors who asked for it (first asked first).
   */
  async function listRequests(
    req: ListDepositRequestsRequest,
    ctx: HandlerContext,
  ): Promise<ListDepositRequestsResponse> {
    const caller = requireCaller(ctx);
    requireStaff(caller);
    await tableColumns(db, 'deposit');
    const { rows, count } = await listPage(
      db,
      'deposit',
      [OPEN_DEPOSIT('r')],
      sql`r.created_at asc, r.uuid asc`,
      pageOf(req.pagination),
    );
    const uuids = rows.map((r) => r.uuid as string);
    const candidates = new Map<string, Row[]>();
    if (uuids.length) {
      const found = await sql<Row>`
        select dr.deposit, dr.vendor, dr.created_at, v.first_name, v.last_name, v.email
        from deposit_request dr join vendor v on v.uuid = dr.vendor
        where dr.deposit in (${sql.join(uuids)})
        order by dr.created_at, dr.uuid`.execute(db);
      for (const c of found.rows) {
        const list = candidates.get(c.deposit as string) ?? [];
        list.push(c);
        candidates.set(c.deposit as string, list);
      }
    }
    const results = [];
    for (const row of rows) {
      const requestedAt = row.created_at as Date;
      results.push(
        create(DepositRequestSchema, {
          deposit: await depositMessage(deps, row, caller),
          requestedAt: timestampFromDate(requestedAt),
          dueAt: timestampFromDate(new Date(requestedAt.getTime() + ANSWER_WITHIN_MS)),
          candidates: (candidates.get(row.uuid as string) ?? []).map((c) =>
            create(DepositCandidateSchema, {
              vendor: c.vendor as string,
              vendorName:
                [c.first_name, c.last_name].filter(Boolean).join(' ') || String(c.email ?? ''),
              wantedAt: timestampFromDate(c.created_at as Date),
            }),
          ),
        }),
      );
    }
    return create(ListDepositRequestsResponseSchema, { results, count });
  }

  /**
   * An admin gives an open deposit to a vendor (usually one who asked): in one transaction the
   * deposit gets its vendor, the assignment time and CUSTOMER_PREPARING, the requests for it are
   * closed, and the vendor's mail is queued; it leaves once the transaction has committed.
   */
  async function assign(req: AssignDepositRequest, ctx: HandlerContext): Promise<Deposit> {
    const caller = requireCaller(ctx);
    requireStaff(caller);
    const depositUuid = requireUuid(req.uuid);
    const vendorUuid = requireUuid(req.vendorUuid, 'vendor_uuid');
    await tableColumns(db, 'deposit');
    const now = clock();
    const row = await db.transaction().execute(async (trx) => {
      const deposit = await lockOpenDeposit(trx, depositUuid, req.rowVersion);
      const vendors = await sql<{ email: string | null; first_name: string | null }>`
        select email, first_name from vendor where uuid = ${vendorUuid}`.execute(trx);
      const vendor = vendors.rows[0];
      if (!vendor) throw fail(Code.NotFound, 'NOT_FOUND', 'Vendor not found');
      const products = await sql<{ sale_status: string | null; n: number }>`
        select sale_status::text as sale_status, count(*)::int as n from product
        where deposit = ${depositUuid} group by sale_status`.execute(trx);
      const counts: SaleStatusCounts = {};
      for (const p of products.rows) if (isSaleStatus(p.sale_status)) counts[p.sale_status] = p.n;
      const verdict = checkStatusChange({
        from: 'WAITING_FOR_VENDOR',
        to: ASSIGNED_STATUS,
        products: counts,
      });
      if (!verdict.ok)
        throw fail(Code.FailedPrecondition, verdict.code, 'The deposit cannot be assigned now');
      const updated = await sql<Row>`
        update deposit set vendor = ${vendorUuid}, affectation_datetime = ${now},
          status = ${ASSIGNED_STATUS}, updated_at = now(), row_version = row_version + 1
        where uuid = ${depositUuid} returning *`.execute(trx);
      await sql`delete from deposit_request where deposit = ${depositUuid}`.execute(trx);
      await notify(trx, { kind: 'DEPOSIT_ASSIGNED', deposit: depositUuid, vendor: vendorUuid });
      if (vendor.email)
        await mailer.queue(
          trx,
          depositAssignedMail({
            recipient: vendor.email,
            vendorFirstName: vendor.first_name,
            depositUuid,
            depositName: deposit.name as string | null,
            customerPostalCode: deposit.customer_postal_code as string | null,
          }),
        );
      return updated.rows[0]!;
    });
    void mailer.flush(db);
    return depositMessage(deps, row, caller);
  }

  return { listRequests, assign };
}
