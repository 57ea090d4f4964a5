import { Code, type HandlerContext } from '@connectrpc/connect';
import { create } from '@bufbuild/protobuf';
import { sql } from 'kysely';
import {
  ListOutboxMailsResponseSchema,
  OutboxMailSchema,
  type ListOutboxMailsRequest,
  type ListOutboxMailsResponse,
  type OutboxMail,
  type RetrieveOutboxMailRequest,
} from '../../src/rpc/gen/seconde/v1/outbox_mail_pb.ts';
import { listPage, pageOf, requireCaller, requireUuid } from '../crud/crudService.ts';
import { filtersSql, orderingSql } from '../crud/queryParts.ts';
import { columnFields, rowToMessage } from '../crud/rowMapping.ts';
import { fail } from '../rpc/reasons.ts';
import type { Caller } from '../rpc/caller.ts';
import type { ServiceDeps } from '../services/deps.ts';
import { OutboxMailService } from '../../src/rpc/gen/seconde/v1/outbox_mail_pb.ts';
import { implement } from '../services/implement.ts';
import { tableColumns } from '../services/deposit/requests/columns.ts';

function requireStaff(caller: Caller): void {
  if (!caller.isAdminLevel)
    throw fail(Code.PermissionDenied, 'FORBIDDEN', 'Only admins and developers read the outbox');
}

/**
 * The outbox as admins and developers read it in the app: every mail the product wrote, newest
 * first unless asked otherwise, with the `filters` header of the generic lists (kind, deposit...).
 * Anyone else is refused outright rather than shown an empty list.
 */
export function outboxServiceHandlers({ db }: ServiceDeps) {
  async function list(
    req: ListOutboxMailsRequest,
    ctx: HandlerContext,
  ): Promise<ListOutboxMailsResponse> {
    requireStaff(requireCaller(ctx));
    const columns = await tableColumns(db, 'outbox_mail');
    const names = new Set(columnFields(OutboxMailSchema, columns).map((f) => f.name));
    const where = filtersSql(OutboxMailSchema, names, ctx.requestHeader.get('filters'), 'r');
    const order = orderingSql(OutboxMailSchema, names, req.ordering || '-created_at', 'r');
    const { rows, count } = await listPage(db, 'outbox_mail', where, order, pageOf(req.pagination));
    return create(ListOutboxMailsResponseSchema, {
      results: rows.map((row) => rowToMessage(OutboxMailSchema, columns, row)),
      count,
    });
  }

  async function retrieve(
    req: RetrieveOutboxMailRequest,
    ctx: HandlerContext,
  ): Promise<OutboxMail> {
    requireStaff(requireCaller(ctx));
    const uuid = requireUuid(req.uuid);
    const columns = await tableColumns(db, 'outbox_mail');
    const { rows } = await sql<Record<string, unknown>>`
      select * from outbox_mail where uuid = ${uuid}`.execute(db);
    if (!rows[0]) throw fail(Code.NotFound, 'NOT_FOUND', 'Mail not found');
    return rowToMessage(OutboxMailSchema, columns, rows[0]);
  }

  return [implement(OutboxMailService, { list, retrieve })] as const;
}
