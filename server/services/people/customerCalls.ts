import { Code, type HandlerContext } from '@connectrpc/connect';
import { create } from '@bufbuild/protobuf';
import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema.gen.ts';
import {
  CheckCustomerEmailExistsResponseSchema,
  CustomerSchema,
  GetCustomerUuidByEmailResponseSchema,
  type AcceptLegalTermsRequest,
  type CheckCustomerEmailExistsRequest,
  type CheckCustomerEmailExistsResponse,
  type CreateCustomerRequest,
  type Customer,
  type GetCustomerUuidByEmailRequest,
  type GetCustomerUuidByEmailResponse,
  type SetSentDetailsRequest,
  type UpdateCustomerWithLessPermissionRequest,
} from '../../../src/rpc/gen/seconde/v1/customer_pb.ts';
import {
  insertRow,
  insertableRow,
  mapDatabaseErrors,
  refuseOutOfScope,
  requireCaller,
  requireUuid,
} from '../../crud/crudService.ts';
import { policyFor, scopeFor } from '../../crud/policies.ts';
import { scopeSql } from '../../crud/queryParts.ts';
import { messageToRow, rowToMessage } from '../../crud/rowMapping.ts';
import type { Caller } from '../../rpc/caller.ts';
import { fail } from '../../rpc/reasons.ts';
import type { ServiceDeps } from '../deps.ts';
import { tableColumns } from '../deposit/requests/columns.ts';

type Row = Record<string, unknown>;

/** What a customer may change on their own record (UpdateWithLessPermission). */
export const CUSTOMER_SELF_FIELDS: ReadonlySet<string> = new Set([
  'first_name',
  'last_name',
  'phone_number',
  'address',
  'city',
  'postal_code',
  'latitude',
  'longitude',
  'prefered_contact_way',
  'accept_home_take_away',
  'accept_send_postal',
  'accept_to_be_contacted',
  'register_to_customer_newsletter',
  // The language of their documents, saved when they switch the app's language.
  'language',
]);

/** Deposits still looking for a vendor follow the customer's shipping choices. */
const OPEN_STATUSES = ['DRAFT', 'WAITING_FOR_VENDOR'];

export function normaliseEmail(email: string | undefined): string {
  return (email ?? '').trim().toLowerCase();
}

export function requireVendorOrStaff(caller: Caller, what: string): void {
  if (!caller.isAdminLevel && !caller.vendorUuid)
    throw fail(Code.PermissionDenied, 'FORBIDDEN', `Only vendors and staff may ${what}`);
}

/** One customer the caller may write, locked for the change; refused otherwise. */
async function lockWritable(trx: Kysely<Database>, caller: Caller, uuid: string): Promise<Row> {
  const { rows } = await sql<Row>`
    select * from customer as r where r.uuid = ${uuid}
      and ${scopeSql(scopeFor(caller, 'customer', 'write'), 'r')} for update`.execute(trx);
  if (!rows[0]) throw await refuseOutOfScope(trx, 'customer', uuid, 'Customer');
  return rows[0];
}

/** The customer with this (normalised) e-mail, the oldest when several share it. */
export async function customerByEmail(executor: Kysely<Database>, email: string) {
  const { rows } = await sql<{ uuid: string; vendors: string[] | null }>`
    select uuid, vendors from customer where lower(email) = ${email}
    order by created_at, uuid limit 1`.execute(executor);
  return rows[0];
}

/** The SET list of an update: the given columns, then the change time and the row version. */
export function changes(values: Row) {
  return sql.join([
    ...Object.entries(values).map(([k, v]) => sql`${sql.id(k)} = ${v}`),
    sql`updated_at = now()`,
    sql`row_version = row_version + 1`,
  ]);
}

/** Serialises the writers of one e-mail, so two concurrent creations cannot both pass the check. */
export async function lockEmail(trx: Kysely<Database>, email: string): Promise<void> {
  await sql`select pg_advisory_xact_lock(hashtext(${`customer:${email}`}))`.execute(trx);
}

export function customerCallsHandlers(deps: ServiceDeps) {
  const { db, clock } = deps;
  const columns = () => tableColumns(db, 'customer');
  const toMessage = async (row: Row) => rowToMessage(CustomerSchema, await columns(), row);

  /** Sets a few columns of one customer the caller may write, in one transaction. */
  async function updateCustomer(
    caller: Caller,
    uuid: string,
    values: Row,
    rowVersion = 0,
    also?: (trx: Kysely<Database>) => Promise<void>,
  ): Promise<Customer> {
    requireUuid(uuid);
    await columns();
    const row = await mapDatabaseErrors(() =>
      db.transaction().execute(async (trx) => {
        const current = await lockWritable(trx, caller, uuid);
        if (rowVersion > 0 && current.row_version !== rowVersion)
          throw fail(
            Code.Aborted,
            'CHANGED_BY_SOMEONE_ELSE',
            'Customer was changed by someone else; reload it',
          );
        const { rows } = await sql<Row>`
          update customer set ${changes(values)} where uuid = ${uuid} returning *`.execute(trx);
        await also?.(trx);
        return rows[0]!;
      }),
    );
    return toMessage(row);
  }

  /**
   * Adds a contact. An e-mail already known (whatever its case) is refused with
   * CUSTOMER_ALREADY_EXISTS and the existing customer's uuid, and that customer is left untouched:
   * the browser says the data was not taken into account and must be edited on that page.
   */
  async function createCustomer(req: CreateCustomerRequest, ctx: HandlerContext) {
    const caller = requireCaller(ctx);
    requireVendorOrStaff(caller, 'add customers');
    const message = (req.customer ?? {}) as unknown as Record<string, unknown>;
    const row = insertableRow(CustomerSchema, await columns(), message);
    if (!caller.isAdminLevel) policyFor('customer').prepareCreate?.(caller, row);
    // Only staff link identities (unique when set); a vendor's contact signs in later, if ever.
    if (!caller.isAdminLevel || !row.identity_user_uuid) row.identity_user_uuid = null;
    const email = normaliseEmail(req.customer?.email);
    if (email) row.email = email;
    const created = await mapDatabaseErrors(() =>
      db.transaction().execute(async (trx) => {
        if (email) {
          await lockEmail(trx, email);
          const existing = await customerByEmail(trx, email);
          if (existing)
            throw fail(
              Code.AlreadyExists,
              'CUSTOMER_ALREADY_EXISTS',
              `A customer with this e-mail already exists: ${existing.uuid}`,
            );
        }
        const uuid = await insertRow(trx, 'customer', row);
        const { rows } = await sql<Row>`select * from customer where uuid = ${uuid}`.execute(trx);
        return rows[0]!;
      }),
    );
    return toMessage(created);
  }

  /** The customer accepted the current legal terms: their own record, or staff on their behalf. */
  async function acceptLegalTerms(req: AcceptLegalTermsRequest, ctx: HandlerContext) {
    const caller = requireCaller(ctx);
    if (!caller.isAdminLevel && caller.customerUuid !== req.uuid)
      throw fail(Code.PermissionDenied, 'FORBIDDEN', 'Only the customer accepts their legal terms');
    return updateCustomer(caller, req.uuid, { accepted_legal_term_at: clock() });
  }

  /**
   * How the customer agrees to hand items over. Their deposits still looking for a vendor follow,
   * since the vendors' refusal reasons read the deposit's copy of the choice.
   */
  async function setSentDetails(req: SetSentDetailsRequest, ctx: HandlerContext) {
    const caller = requireCaller(ctx);
    const values = {
      accept_send_postal: req.acceptSendPostal,
      accept_home_take_away: req.acceptHomeTakeAway,
    };
    return updateCustomer(caller, req.uuid, values, 0, async (trx) => {
      await sql`
        update deposit set customer_accept_send_postal = ${req.acceptSendPostal},
          customer_accept_home_take_away = ${req.acceptHomeTakeAway},
          updated_at = now(), row_version = row_version + 1
        where customer = ${req.uuid} and vendor is null
          and status::text in (${sql.join(OPEN_STATUSES)})`.execute(trx);
    });
  }

  /** A customer edits their own record; only the fields of CUSTOMER_SELF_FIELDS are taken. */
  async function updateWithLessPermission(
    req: UpdateCustomerWithLessPermissionRequest,
    ctx: HandlerContext,
  ) {
    const caller = requireCaller(ctx);
    const message = req.customer;
    const uuid = message?.uuid ?? '';
    if (!caller.isAdminLevel && (!caller.customerUuid || caller.customerUuid !== uuid))
      throw fail(Code.PermissionDenied, 'FORBIDDEN', 'Customers may only edit their own record');
    const values = messageToRow(
      CustomerSchema,
      await columns(),
      (message ?? {}) as unknown as Record<string, unknown>,
      CUSTOMER_SELF_FIELDS,
    );
    return updateCustomer(caller, uuid, values, message?.rowVersion ?? 0);
  }

  /** The customer with this e-mail, whatever its case, for vendors and staff looking one up. */
  async function lookUp(email: string, ctx: HandlerContext) {
    requireVendorOrStaff(requireCaller(ctx), 'look customers up');
    const normalised = normaliseEmail(email);
    return normalised ? customerByEmail(db, normalised) : undefined;
  }

  async function checkEmailExists(
    req: CheckCustomerEmailExistsRequest,
    ctx: HandlerContext,
  ): Promise<CheckCustomerEmailExistsResponse> {
    const found = await lookUp(req.email, ctx);
    return create(CheckCustomerEmailExistsResponseSchema, { exists: Boolean(found) });
  }

  async function getUuidByEmail(
    req: GetCustomerUuidByEmailRequest,
    ctx: HandlerContext,
  ): Promise<GetCustomerUuidByEmailResponse> {
    const found = await lookUp(req.email, ctx);
    return create(GetCustomerUuidByEmailResponseSchema, { uuid: found?.uuid ?? '' });
  }

  return {
    create: createCustomer,
    acceptLegalTerms,
    setSentDetails,
    updateWithLessPermission,
    checkEmailExists,
    getUuidByEmail,
  };
}
