import { Code } from '@connectrpc/connect';
import { create } from '@bufbuild/protobuf';
import { sql, type Kysely, type RawBuilder, type SqlBool } from 'kysely';
import type { Database } from '../../db/schema.gen.ts';
import {
  SupportTicketMessageSchema,
  SupportTicketSchema,
  type SupportTicket,
} from '../../../src/rpc/gen/seconde/v1/support_ticket_pb.ts';
import { requireUuid } from '../../crud/crudService.ts';
import { rowToMessage } from '../../crud/rowMapping.ts';
import type { Caller } from '../../rpc/caller.ts';
import { fail } from '../../rpc/reasons.ts';
import { tableColumns } from '../deposit/requests/columns.ts';

type Row = Record<string, unknown>;

/** Longest title and message a ticket takes (a help desk's usual limits). */
export const MAX_TITLE = 200;
export const MAX_CONTENT = 10_000;

/** A required text, trimmed, within its limit; an INVALID_ARGUMENT refusal otherwise. */
export function requireText(value: string, field: string, max: number): string {
  const text = value.trim();
  if (!text) throw fail(Code.InvalidArgument, 'INVALID_ARGUMENT', `${field} is required`);
  if (text.length > max)
    throw fail(Code.InvalidArgument, 'INVALID_ARGUMENT', `${field} is longer than ${max}`);
  return text;
}

/** The caller opened this ticket (through their vendor or customer record). */
export function ownsTicket(caller: Caller, row: Row): boolean {
  return (
    (caller.vendorUuid !== null && row.vendor === caller.vendorUuid) ||
    (caller.customerUuid !== null && row.customer === caller.customerUuid)
  );
}

/** The tickets a caller sees: every ticket for support (admin-level), their own otherwise. */
export function visibleTickets(caller: Caller, alias: string): RawBuilder<SqlBool> {
  if (caller.isAdminLevel) return sql<SqlBool>`true`;
  const vendor = sql.ref(`${alias}.vendor`);
  const customer = sql.ref(`${alias}.customer`);
  return sql<SqlBool>`((${caller.vendorUuid}::uuid is not null and ${vendor} = ${caller.vendorUuid})
    or (${caller.customerUuid}::uuid is not null and ${customer} = ${caller.customerUuid}))`;
}

/**
 * One ticket the caller may see, optionally locked for the rest of the transaction: NOT_FOUND when
 * there is none, FORBIDDEN when it is someone else's.
 */
export async function visibleTicket(
  executor: Kysely<Database>,
  caller: Caller,
  uuid: string,
  lock = false,
): Promise<Row> {
  requireUuid(uuid, 'ticket');
  const { rows } = await sql<Row>`
    select * from support_ticket where uuid = ${uuid} ${lock ? sql`for update` : sql``}`.execute(
    executor,
  );
  const row = rows[0];
  if (!row) throw fail(Code.NotFound, 'NOT_FOUND', 'Support ticket not found');
  if (!caller.isAdminLevel && !ownsTicket(caller, row))
    throw fail(Code.PermissionDenied, 'FORBIDDEN', 'This support ticket is not yours');
  return row;
}

/** A ticket row as the contract's message, with its conversation (oldest first) when asked. */
export async function ticketMessage(
  executor: Kysely<Database>,
  row: Row,
  withMessages: boolean,
): Promise<SupportTicket> {
  const ticket = rowToMessage(
    SupportTicketSchema,
    await tableColumns(executor, 'support_ticket'),
    row,
  );
  if (!withMessages) return ticket;
  const columns = await tableColumns(executor, 'support_ticket_message');
  const { rows } = await sql<Row>`
    select * from support_ticket_message where support_ticket = ${row.uuid as string}
    order by created_at, uuid`.execute(executor);
  return create(SupportTicketSchema, {
    ...ticket,
    messages: rows.map((m) => rowToMessage(SupportTicketMessageSchema, columns, m)),
  });
}

/** Who writes: a record's first and last names, else the identity's, else the e-mail. */
export function displayName(
  first: unknown,
  last: unknown,
  fallback: { givenName: string; familyName: string; email: string },
): string {
  const own = [first, last].filter((part) => typeof part === 'string' && part.trim()).join(' ');
  const identity = [fallback.givenName, fallback.familyName].filter(Boolean).join(' ');
  return own || identity || fallback.email;
}

export interface TicketAuthor {
  readonly vendor: string | null;
  readonly customer: string | null;
  readonly name: string;
  readonly email: string;
}

/**
 * The record a new ticket belongs to: the caller's customer record when they act as a customer,
 * their vendor record otherwise. Staff without either cannot open a ticket (they are support).
 */
export async function ticketAuthor(
  executor: Kysely<Database>,
  caller: Caller,
): Promise<TicketAuthor> {
  const asCustomer =
    caller.customerUuid !== null && (caller.role === 'Customer' || caller.vendorUuid === null);
  const table = asCustomer ? 'customer' : caller.vendorUuid !== null ? 'vendor' : null;
  const uuid = asCustomer ? caller.customerUuid : caller.vendorUuid;
  if (!table || !uuid)
    throw fail(
      Code.FailedPrecondition,
      'NO_OWN_RECORD',
      'Only vendors and customers open support tickets; support answers them',
    );
  const { rows } = await sql<{ first_name: unknown; last_name: unknown; email: unknown }>`
    select first_name, last_name, email from ${sql.table(table)} where uuid = ${uuid}`.execute(
    executor,
  );
  const record = rows[0];
  return {
    vendor: asCustomer ? null : uuid,
    customer: asCustomer ? uuid : null,
    name: displayName(record?.first_name, record?.last_name, caller),
    email: (typeof record?.email === 'string' && record.email) || caller.email,
  };
}

/** The e-mail of a ticket's author (vendor or customer record), if they have one. */
export async function authorEmail(executor: Kysely<Database>, row: Row): Promise<string | null> {
  const { rows } = await sql<{ email: string | null }>`
    select coalesce(
      (select email from vendor where uuid = ${(row.vendor as string | null) ?? null}::uuid),
      (select email from customer where uuid = ${(row.customer as string | null) ?? null}::uuid)
    ) as email`.execute(executor);
  return rows[0]?.email || null;
}
