import { Code, type HandlerContext } from '@connectrpc/connect';
import { create } from '@bufbuild/protobuf';
import { sql } from 'kysely';
import {
  CreateSupportTicketResponseSchema,
  ListSupportTicketsResponseSchema,
  SupportTicketPriority,
  SupportTicketPrioritySchema,
  SupportTicketStatus,
  SupportTicketStatusSchema,
  type CreateSupportTicketRequest,
  type CreateSupportTicketResponse,
  type ListSupportTicketsRequest,
  type ListSupportTicketsResponse,
  type ReplySupportTicketRequest,
  type RetrieveSupportTicketRequest,
  type SupportTicket,
} from '../../../src/rpc/gen/seconde/v1/support_ticket_pb.ts';
import { listPage, mapDatabaseErrors, pageOf, requireCaller } from '../../crud/crudService.ts';
import { enumToLabel } from '../../crud/rowMapping.ts';
import { fail } from '../../rpc/reasons.ts';
import type { ServiceDeps } from '../deps.ts';
import { SupportTicketService } from '../../../src/rpc/gen/seconde/v1/support_ticket_pb.ts';
import { implement } from '../implement.ts';
import { supportAnsweredMail, ticketCopyMail, ticketToSupportMail } from './supportMails.ts';
import {
  MAX_CONTENT,
  MAX_TITLE,
  authorEmail,
  displayName,
  requireText,
  ticketAuthor,
  ticketMessage,
  visibleTicket,
  visibleTickets,
} from './ticketRows.ts';

/** Statuses an author's answer puts back in support's hands. */
const REOPENED_BY_AUTHOR = new Set(['PENDING', 'RESOLVED']);

/**
 * Support tickets ("Contact us") and the messaging inbox. Vendors and customers open tickets and
 * answer on their own; support (admin-level) reads every ticket, answers and moves its status.
 * Every call decides from the caller the server resolved, never from the request.
 */
export function supportTicketsHandlers(deps: ServiceDeps) {
  const { db, clock, mailer, settings } = deps;

  async function create_(
    req: CreateSupportTicketRequest,
    ctx: HandlerContext,
  ): Promise<CreateSupportTicketResponse> {
    const caller = requireCaller(ctx);
    const input = req.supportTicket;
    const title = requireText(input?.title ?? '', 'title', MAX_TITLE);
    const content = requireText(input?.content ?? '', 'content', MAX_CONTENT);
    const priority = enumToLabel(
      SupportTicketPrioritySchema,
      input?.priority || SupportTicketPriority.MEDIUM,
    );
    const copyUser = input?.copyUser ?? false;
    const now = clock();
    const row = await mapDatabaseErrors(() =>
      db.transaction().execute(async (trx) => {
        const author = await ticketAuthor(trx, caller);
        const inserted = await sql<Record<string, unknown>>`
          insert into support_ticket
            (title, content, copy_user, priority, vendor, customer, status, author_name, last_message_at)
          values (${title}, ${content}, ${copyUser}, ${priority}, ${author.vendor}, ${author.customer},
            'OPEN', ${author.name}, ${now})
          returning *`.execute(trx);
        const mail = { title, content, authorName: author.name };
        if (copyUser) await mailer.queue(trx, ticketCopyMail({ ...mail, recipient: author.email }));
        if (settings.supportEmail)
          await mailer.queue(
            trx,
            ticketToSupportMail({ ...mail, recipient: settings.supportEmail, isAnswer: false }),
          );
        return inserted.rows[0]!;
      }),
    );
    void mailer.flush(db);
    return create(CreateSupportTicketResponseSchema, {
      code: 'CREATED',
      message: 'Support ticket created',
      supportTicket: await ticketMessage(db, row, true),
    });
  }

  async function list(
    req: ListSupportTicketsRequest,
    ctx: HandlerContext,
  ): Promise<ListSupportTicketsResponse> {
    const caller = requireCaller(ctx);
    const where = [visibleTickets(caller, 'r')];
    if (req.status !== undefined && req.status !== SupportTicketStatus.UNSPECIFIED)
      where.push(sql`r.status = ${enumToLabel(SupportTicketStatusSchema, req.status)}`);
    const { rows, count } = await listPage(
      db,
      'support_ticket',
      where,
      sql`coalesce(r.last_message_at, r.created_at) desc, r.uuid desc`,
      pageOf(req.pagination),
    );
    const results = await Promise.all(rows.map((row) => ticketMessage(db, row, false)));
    return create(ListSupportTicketsResponseSchema, { results, count });
  }

  async function retrieve(
    req: RetrieveSupportTicketRequest,
    ctx: HandlerContext,
  ): Promise<SupportTicket> {
    const caller = requireCaller(ctx);
    return ticketMessage(db, await visibleTicket(db, caller, req.uuid), true);
  }

  /**
   * An answer in the conversation. Support's answers are from support and may set the status (a
   * status change alone needs no text); the author's answer reopens a ticket waiting for them or
   * resolved, and a closed ticket takes no more answers from its author.
   */
  async function reply(
    req: ReplySupportTicketRequest,
    ctx: HandlerContext,
  ): Promise<SupportTicket> {
    const caller = requireCaller(ctx);
    const staff = caller.isAdminLevel;
    const requested =
      req.status !== undefined && req.status !== SupportTicketStatus.UNSPECIFIED
        ? enumToLabel(SupportTicketStatusSchema, req.status)
        : null;
    if (requested && !staff)
      throw fail(Code.PermissionDenied, 'FORBIDDEN', "Only support changes a ticket's status");
    const content =
      requested && !req.content.trim() ? '' : requireText(req.content, 'content', MAX_CONTENT);
    const row = await mapDatabaseErrors(() =>
      db.transaction().execute(async (trx) => {
        const ticket = await visibleTicket(trx, caller, req.ticket, true);
        const current = ticket.status as string | null;
        if (!staff && current === 'CLOSED')
          throw fail(Code.FailedPrecondition, 'TICKET_CLOSED', 'This ticket is closed');
        const status = staff
          ? (requested ?? current)
          : current && REOPENED_BY_AUTHOR.has(current)
            ? 'OPEN'
            : current;
        const authorName = staff
          ? displayName(null, null, caller)
          : ((ticket.author_name as string | null) ?? displayName(null, null, caller));
        if (content)
          await sql`
            insert into support_ticket_message (support_ticket, content, from_support, author_name)
            values (${ticket.uuid as string}, ${content}, ${staff}, ${authorName})`.execute(trx);
        const updated = await sql<Record<string, unknown>>`
          update support_ticket set status = ${status},
            last_message_at = ${content ? clock() : sql`last_message_at`},
            updated_at = now(), row_version = row_version + 1
          where uuid = ${ticket.uuid as string} returning *`.execute(trx);
        const mail = {
          title: String(ticket.title ?? ''),
          content,
          authorName,
        };
        if (content && staff) {
          const recipient = await authorEmail(trx, ticket);
          if (recipient) await mailer.queue(trx, supportAnsweredMail({ ...mail, recipient }));
        } else if (content && settings.supportEmail) {
          await mailer.queue(
            trx,
            ticketToSupportMail({ ...mail, recipient: settings.supportEmail, isAnswer: true }),
          );
        }
        return updated.rows[0]!;
      }),
    );
    void mailer.flush(db);
    return ticketMessage(db, row, true);
  }

  return [implement(SupportTicketService, { create: create_, list, retrieve, reply })] as const;
}
