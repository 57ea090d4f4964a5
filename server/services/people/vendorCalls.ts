import { Code, type HandlerContext } from '@connectrpc/connect';
import { snakeCase } from '../../db/schemaSql.ts';
import { create } from '@bufbuild/protobuf';
import { timestampFromDate } from '@bufbuild/protobuf/wkt';
import { sql } from 'kysely';
import { isVendorOrUp } from '../../../src/domain/roles.ts';
import {
  CheckVendorEmailExistsResponseSchema,
  VendorLastActivityResponseSchema,
  VendorSchema,
  type CheckVendorEmailExistsRequest,
  type CheckVendorEmailExistsResponse,
  VendorService,
  type CreateVendorRequest,
  type PartialUpdateVendorRequest,
  type UpdateVendorRequest,
  type Vendor,
  type VendorLastActivityRequest,
  type VendorLastActivityResponse,
} from '../../../src/rpc/gen/seconde/v1/vendor_pb.ts';
import {
  crudHandlers,
  insertRow,
  insertableRow,
  mapDatabaseErrors,
  requireCaller,
  requireUuid,
} from '../../crud/crudService.ts';
import { columnFields, rowToMessage } from '../../crud/rowMapping.ts';
import type { Caller } from '../../rpc/caller.ts';
import { fail } from '../../rpc/reasons.ts';
import type { ServiceDeps } from '../deps.ts';
import { tableColumns } from '../deposit/requests/columns.ts';
import { normaliseEmail } from './customerCalls.ts';

type Row = Record<string, unknown>;

/**
 * Vendor columns only staff set: plan, company, commission, support's verdicts and the flags the
 * deposit refusal reasons read. A vendor registering themselves cannot fill them in.
 */
export const STAFF_ONLY_VENDOR_FIELDS: readonly string[] = [
  'subscription',
  'company',
  'is_company_admin',
  'negociated_pourcentage_on_price',
  'disabled_datetime',
  'incomplete_status_reason',
  'marketplace_welcome_meeting_done',
  'is_on_trial_period',
  'subscription_product_limit',
  'sum_monthly_selled_price',
  'product_number',
  'extension_free_trial_start_datetime',
];

const emailTaken = () =>
  fail(Code.AlreadyExists, 'VENDOR_EMAIL_TAKEN', 'A vendor already uses this e-mail');

function requireSelfOrStaff(caller: Caller, uuid: string): void {
  if (!caller.isAdminLevel && caller.vendorUuid !== uuid)
    throw fail(Code.PermissionDenied, 'FORBIDDEN', 'This vendor is not you');
}

type Handler = (req: unknown, ctx: HandlerContext) => Promise<Vendor>;

export function vendorCallsHandlers(deps: ServiceDeps) {
  const { db } = deps;
  let generic: Promise<{ update: Handler; partialUpdate: Handler; editable: string[] }> | undefined;
  /** The generic update calls of the vendor table, built once the columns are known. */
  const genericUpdates = () =>
    (generic ??= tableColumns(db, 'vendor').then((columns) => {
      const handlers = crudHandlers(db, VendorService, VendorSchema, 'vendor', columns);
      return {
        update: handlers.update as Handler,
        partialUpdate: handlers.partialUpdate as Handler,
        editable: columnFields(VendorSchema, columns)
          .map((f) => f.name)
          .filter(
            (name) =>
              !STAFF_ONLY_VENDOR_FIELDS.includes(name) &&
              !['uuid', 'identity_user_uuid', 'created_at', 'updated_at', 'row_version'].includes(
                name,
              ),
          ),
      };
    }));

  /**
   * A vendor saving their own profile keeps the staff-only fields as they are (the form sends the
   * whole record); staff save everything.
   */
  async function updateVendor(req: UpdateVendorRequest, ctx: HandlerContext): Promise<Vendor> {
    const caller = requireCaller(ctx);
    const { update, partialUpdate, editable } = await genericUpdates();
    if (caller.isAdminLevel) return update(req, ctx);
    return partialUpdate({ vendor: req.vendor, updateMask: { paths: editable } }, ctx);
  }

  /** A vendor naming a staff-only field (plan, flags of the deposit rules...) is refused. */
  async function partialUpdateVendor(
    req: PartialUpdateVendorRequest,
    ctx: HandlerContext,
  ): Promise<Vendor> {
    const caller = requireCaller(ctx);
    const { partialUpdate } = await genericUpdates();
    if (!caller.isAdminLevel) {
      const staffOnly = (req.updateMask?.paths ?? [])
        .map(snakeCase)
        .filter((p) => STAFF_ONLY_VENDOR_FIELDS.includes(p) || p === 'identity_user_uuid');
      if (staffOnly.length)
        throw fail(Code.PermissionDenied, 'FORBIDDEN', `Only staff change ${staffOnly.join(', ')}`);
    }
    return partialUpdate(req, ctx);
  }

  /**
   * Registers a vendor. Staff create any vendor; a signed-in vendor without a record yet creates
   * their own (tied to their identity, without the staff-only fields). An e-mail already used by a
   * vendor, whatever its case, is refused with VENDOR_EMAIL_TAKEN.
   */
  async function createVendor(req: CreateVendorRequest, ctx: HandlerContext): Promise<Vendor> {
    const caller = requireCaller(ctx);
    const self = !caller.isAdminLevel;
    if (self && (!isVendorOrUp(caller.groups) || caller.vendorUuid))
      throw fail(Code.PermissionDenied, 'FORBIDDEN', 'You may not create vendors');
    const columns = await tableColumns(db, 'vendor');
    const row = insertableRow(
      VendorSchema,
      columns,
      (req.vendor ?? {}) as unknown as Record<string, unknown>,
    );
    if (self) {
      for (const field of STAFF_ONLY_VENDOR_FIELDS) delete row[field];
      row.identity_user_uuid = caller.sub;
    } else if (!row.identity_user_uuid) {
      // No identity yet (unique when set): the vendor's sign-in is linked later.
      row.identity_user_uuid = null;
    }
    const email = normaliseEmail(req.vendor?.email) || (self ? normaliseEmail(caller.email) : '');
    if (email) row.email = email;
    const created = await mapDatabaseErrors(async () => {
      try {
        return await db.transaction().execute(async (trx) => {
          if (email) {
            const { rows } = await sql`
              select 1 from vendor where lower(email) = ${email}`.execute(trx);
            if (rows.length) throw emailTaken();
          }
          const uuid = await insertRow(trx, 'vendor', row);
          const { rows } = await sql<Row>`select * from vendor where uuid = ${uuid}`.execute(trx);
          return rows[0]!;
        });
      } catch (error) {
        // Two registrations racing for one e-mail: the unique index decides.
        const constraint = (error as { constraint?: unknown } | null)?.constraint;
        if (constraint === 'unique_3_vendor') throw emailTaken();
        throw error;
      }
    });
    return rowToMessage(VendorSchema, columns, created);
  }

  async function checkEmailExists(
    req: CheckVendorEmailExistsRequest,
    ctx: HandlerContext,
  ): Promise<CheckVendorEmailExistsResponse> {
    const caller = requireCaller(ctx);
    if (!caller.isAdminLevel && !isVendorOrUp(caller.groups))
      throw fail(Code.PermissionDenied, 'FORBIDDEN', 'Only vendors and staff may check e-mails');
    const email = normaliseEmail(req.email);
    const { rows } = email
      ? await sql`select 1 from vendor where lower(email) = ${email} limit 1`.execute(db)
      : { rows: [] };
    return create(CheckVendorEmailExistsResponseSchema, { exists: rows.length > 0 });
  }

  /** When the vendor last changed a deposit or a product: the vendor, or staff. */
  async function lastActivity(
    req: VendorLastActivityRequest,
    ctx: HandlerContext,
  ): Promise<VendorLastActivityResponse> {
    const caller = requireCaller(ctx);
    const uuid = requireUuid(req.uuid);
    requireSelfOrStaff(caller, uuid);
    const { rows } = await sql<{ exists: boolean; last: Date | null }>`
      select exists (select 1 from vendor where uuid = ${uuid}) as exists,
        greatest(
          (select max(d.updated_at) from deposit d where d.vendor = ${uuid}),
          (select max(p.updated_at) from product p join deposit d on d.uuid = p.deposit
            where d.vendor = ${uuid})
        ) as last`.execute(db);
    if (!rows[0]?.exists) throw fail(Code.NotFound, 'NOT_FOUND', 'Vendor not found');
    const last = rows[0].last;
    return create(VendorLastActivityResponseSchema, {
      lastActivityDatetime: last ? timestampFromDate(last) : undefined,
    });
  }

  return {
    create: createVendor,
    update: updateVendor,
    partialUpdate: partialUpdateVendor,
    checkEmailExists,
    lastActivity,
  };
}
