import { Code, type HandlerContext } from '@connectrpc/connect';
import { snakeCase } from '../../db/schemaSql.ts';
import { crudHandlers, requireCaller } from '../../crud/crudService.ts';
import type { Caller } from '../../rpc/caller.ts';
import { fail } from '../../rpc/reasons.ts';
import {
  CustomerSchema,
  CustomerService,
  type Customer,
  type PartialUpdateCustomerRequest,
  type UpdateCustomerRequest,
} from '../../../src/rpc/gen/seconde/v1/customer_pb.ts';
import { tableColumns } from '../deposit/requests/columns.ts';
import type { ServiceDeps } from '../deps.ts';
import { CUSTOMER_SELF_FIELDS } from './customerCalls.ts';

type Handler = (req: unknown, ctx: HandlerContext) => Promise<Customer>;

/** Fields only staff set: the sign-in link and which vendors may see the record. */
const STAFF_ONLY_CUSTOMER_FIELDS = ['identity_user_uuid', 'vendors'];

/** A customer acting on their own record (not a vendor, not staff). */
function isCustomerSelf(caller: Caller): boolean {
  return !caller.isAdminLevel && !caller.vendorUuid && Boolean(caller.customerUuid);
}

/** The fields a caller may name in an update of a customer record. */
function allowedFields(caller: Caller, columns: readonly string[]): string[] {
  if (caller.isAdminLevel) return [...columns];
  if (isCustomerSelf(caller)) return columns.filter((c) => CUSTOMER_SELF_FIELDS.has(c));
  return columns.filter((c) => !STAFF_ONLY_CUSTOMER_FIELDS.includes(c));
}

/**
 * The generic Update and PartialUpdate of customers, narrowed per caller: a customer changes only
 * the fields of their reduced-permission edit (never bank details or the vendors who see them), a
 * vendor never re-links a record to an identity or to other vendors; staff change everything.
 */
export function customerUpdateHandlers(deps: ServiceDeps) {
  const { db } = deps;
  let generic: Promise<{ partialUpdate: Handler; update: Handler; columns: string[] }> | undefined;
  const genericUpdates = () =>
    (generic ??= tableColumns(db, 'customer').then((columns) => {
      const handlers = crudHandlers(db, CustomerService, CustomerSchema, 'customer', columns);
      return {
        partialUpdate: handlers.partialUpdate as Handler,
        update: handlers.update as Handler,
        columns: [...columns.keys()].filter(
          (c) => !['uuid', 'created_at', 'updated_at', 'row_version'].includes(c),
        ),
      };
    }));

  async function partialUpdate(req: PartialUpdateCustomerRequest, ctx: HandlerContext) {
    const caller = requireCaller(ctx);
    const { partialUpdate: generic, columns } = await genericUpdates();
    const allowed = new Set(allowedFields(caller, columns));
    const refused = (req.updateMask?.paths ?? []).map(snakeCase).filter((p) => !allowed.has(p));
    if (refused.length > 0 && !caller.isAdminLevel)
      throw fail(Code.PermissionDenied, 'FORBIDDEN', `You may not change ${refused.join(', ')}`);
    return generic(req, ctx);
  }

  /** A full save by a non-staff caller keeps what they may not change as it is. */
  async function update(req: UpdateCustomerRequest, ctx: HandlerContext) {
    const caller = requireCaller(ctx);
    const { update: generic, partialUpdate: partial, columns } = await genericUpdates();
    if (caller.isAdminLevel) return generic(req, ctx);
    return partial(
      { customer: req.customer, updateMask: { paths: allowedFields(caller, columns) } },
      ctx,
    );
  }

  return { partialUpdate, update };
}
