import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Code } from '@connectrpc/connect';
import { timestampMs } from '@bufbuild/protobuf/wkt';
import { sql } from 'kysely';
import {
  SupportTicketPriority,
  SupportTicketService,
  SupportTicketStatus,
} from '../../src/rpc/gen/seconde/v1/support_ticket_pb.ts';
import {
  refusalOf,
  startTestServer,
  type DemoUser,
  type TestServer,
} from '../helpers/testServer.ts';

const SUPPORT = 'support@seconde.test';
let t: TestServer;
/** The server's clock: moved forward so "newest activity first" has something to sort. */
let now = new Date('2025-03-01T09:00:00Z');
let counter = 0;

beforeAll(async () => {
  t = await startTestServer(
    {
      demoProducts: 0,
      clock: () => now,
      settings: { priorityDepartments: [], maxPendingDeposits: 5, supportEmail: SUPPORT },
    },
    ['vendor', 'company', 'admin', 'customer', 'developer'],
  );
});

afterAll(async () => {
  await t?.close();
});

const tickets = (who: DemoUser) => t.client(SupportTicketService, who);
const tick = () => (now = new Date(now.getTime() + 60_000));

async function open(who: DemoUser, extra: { copyUser?: boolean; priority?: number } = {}) {
  tick();
  const title = `Question ${++counter}`;
  const answer = await tickets(who).create({
    supportTicket: { title, content: `Bonjour, question ${counter}`, ...extra },
  });
  return answer.supportTicket!;
}

async function mailsTo(recipient: string, subjectPart: string) {
  const { rows } = await sql<{ subject: string; body: string }>`
    select subject, body from outbox_mail where recipient = ${recipient}
    and position(${subjectPart} in subject) > 0`.execute(t.server.db);
  return rows;
}

describe('SupportTicketService.Create', () => {
  it("opens an OPEN ticket on the vendor's own record, with a copy and a notice to support", async () => {
    const { vendorUuid } = await t.demoRecords();
    const ticket = await open('vendor', {
      copyUser: true,
      priority: SupportTicketPriority.HIGH,
    });
    expect(ticket.vendor).toBe(vendorUuid);
    expect(ticket.customer).toBe('');
    expect(ticket.status).toBe(SupportTicketStatus.OPEN);
    expect(ticket.priority).toBe(SupportTicketPriority.HIGH);
    expect(ticket.authorName).toBe('Valérie Vendeuse');
    expect(timestampMs(ticket.lastMessageAt!)).toBe(now.getTime());
    expect(ticket.messages).toEqual([]);
    expect(await mailsTo('vendor@seconde.test', ticket.title)).toHaveLength(1);
    const toSupport = await mailsTo(SUPPORT, ticket.title);
    expect(toSupport).toHaveLength(1);
    expect(toSupport[0]!.body).toContain('Valérie Vendeuse');
  });

  it('sends no copy unless asked, and takes MEDIUM when no priority is given', async () => {
    const ticket = await open('vendor');
    expect(ticket.priority).toBe(SupportTicketPriority.MEDIUM);
    expect(await mailsTo('vendor@seconde.test', ticket.title)).toHaveLength(0);
  });

  it("puts a customer's ticket on their customer record", async () => {
    const { customerUuid } = await t.demoRecords();
    const ticket = await open('customer');
    expect(ticket.customer).toBe(customerUuid);
    expect(ticket.vendor).toBe('');
  });

  it('refuses staff without a record of their own, a blank title or content, and visitors', async () => {
    expect(await refusalOf(open('developer'))).toEqual({
      code: Code.FailedPrecondition,
      reason: 'NO_OWN_RECORD',
    });
    for (const supportTicket of [
      { title: '  ', content: 'x' },
      { title: 'x', content: '' },
    ])
      expect(await refusalOf(tickets('vendor').create({ supportTicket }))).toEqual({
        code: Code.InvalidArgument,
        reason: 'INVALID_ARGUMENT',
      });
    // The title's length limit is the contract's, checked before the handler.
    expect(
      await refusalOf(
        tickets('vendor').create({ supportTicket: { title: 'x'.repeat(201), content: 'x' } }),
      ),
    ).toEqual({ code: Code.InvalidArgument, reason: 'FIELD_INVALID' });
    expect(
      (
        await refusalOf(
          t.client(SupportTicketService).create({ supportTicket: { title: 'a', content: 'b' } }),
        )
      ).code,
    ).toBe(Code.Unauthenticated);
  });

  it('refuses another author named in the request: the ticket is always the caller’s', async () => {
    const { companyVendorUuid, vendorUuid } = await t.demoRecords();
    expect(
      await refusalOf(
        tickets('vendor').create({
          supportTicket: { title: 'Usurpation', content: 'x', vendor: companyVendorUuid },
        }),
      ),
    ).toEqual({ code: Code.PermissionDenied, reason: 'FORBIDDEN' });
    const answer = await tickets('vendor').create({
      supportTicket: { title: 'Le mien', content: 'x', vendor: vendorUuid },
    });
    expect(answer.supportTicket!.vendor).toBe(vendorUuid);
  });
});

describe('SupportTicketService.List and Retrieve', () => {
  it('lists only the caller’s own tickets, newest activity first, in pages', async () => {
    const first = await open('company');
    const second = await open('company');
    const page = await tickets('company').list({ pagination: { page: 1, pageSize: 1 } });
    expect(page.count).toBeGreaterThanOrEqual(2);
    expect(page.results.map((r) => r.uuid)).toEqual([second.uuid]);
    const all = await tickets('company').list({ pagination: { pageSize: 100 } });
    const { companyVendorUuid } = await t.demoRecords();
    expect(all.results.every((r) => r.vendor === companyVendorUuid)).toBe(true);
    expect(all.results.map((r) => r.uuid)).toContain(first.uuid);
    const vendorList = await tickets('vendor').list({ pagination: { pageSize: 100 } });
    expect(vendorList.results.map((r) => r.uuid)).not.toContain(first.uuid);
  });

  it('shows support every ticket, filtered by status on request', async () => {
    const customerTicket = await open('customer');
    const { rows } = await sql<{ n: number }>`
      select count(*)::int as n from support_ticket`.execute(t.server.db);
    for (const who of ['admin', 'developer'] as const) {
      const all = await tickets(who).list({ pagination: { pageSize: 100 } });
      expect(all.results[0]!.uuid).toBe(customerTicket.uuid);
      expect(all.count).toBe(rows[0]!.n);
    }
    const resolved = await tickets('admin').list({ status: SupportTicketStatus.RESOLVED });
    expect(resolved.results.every((r) => r.status === SupportTicketStatus.RESOLVED)).toBe(true);
  });

  it('lets only the author and support open a ticket', async () => {
    const ticket = await open('vendor');
    expect((await tickets('vendor').retrieve({ uuid: ticket.uuid })).title).toBe(ticket.title);
    expect((await tickets('admin').retrieve({ uuid: ticket.uuid })).uuid).toBe(ticket.uuid);
    expect(await refusalOf(tickets('company').retrieve({ uuid: ticket.uuid }))).toEqual({
      code: Code.PermissionDenied,
      reason: 'FORBIDDEN',
    });
    expect(await refusalOf(tickets('customer').retrieve({ uuid: ticket.uuid }))).toEqual({
      code: Code.PermissionDenied,
      reason: 'FORBIDDEN',
    });
    expect(
      (await refusalOf(tickets('vendor').retrieve({ uuid: crypto.randomUUID() }))).reason,
    ).toBe('NOT_FOUND');
    expect((await refusalOf(tickets('vendor').retrieve({ uuid: 'nope' }))).reason).toBe(
      'FIELD_INVALID',
    );
  });
});

describe('SupportTicketService.Reply', () => {
  it('runs a conversation: support answers and resolves, the author answers and reopens', async () => {
    const ticket = await open('vendor');
    tick();
    const answered = await tickets('admin').reply({
      ticket: ticket.uuid,
      content: 'Voici la réponse',
      status: SupportTicketStatus.RESOLVED,
    });
    expect(answered.status).toBe(SupportTicketStatus.RESOLVED);
    expect(answered.messages.map((m) => [m.content, m.fromSupport, m.authorName])).toEqual([
      ['Voici la réponse', true, 'Adèle Admin'],
    ]);
    expect(timestampMs(answered.lastMessageAt!)).toBe(now.getTime());
    expect(
      await mailsTo('vendor@seconde.test', `Réponse du support : ${ticket.title}`),
    ).toHaveLength(1);

    tick();
    const reopened = await tickets('vendor').reply({
      ticket: ticket.uuid,
      content: 'Merci, mais…',
    });
    expect(reopened.status).toBe(SupportTicketStatus.OPEN);
    expect(reopened.messages.map((m) => [m.content, m.fromSupport])).toEqual([
      ['Voici la réponse', true],
      ['Merci, mais…', false],
    ]);
    expect(reopened.messages[1]!.authorName).toBe('Valérie Vendeuse');
    expect(await mailsTo(SUPPORT, `Réponse au ticket : ${ticket.title}`)).toHaveLength(1);

    const list = await tickets('vendor').list({ pagination: { pageSize: 1 } });
    expect(list.results[0]!.uuid).toBe(ticket.uuid);
  });

  it('lets support change the status alone, and refuses the author once closed', async () => {
    const ticket = await open('customer');
    const closed = await tickets('developer').reply({
      ticket: ticket.uuid,
      content: '',
      status: SupportTicketStatus.CLOSED,
    });
    expect(closed.status).toBe(SupportTicketStatus.CLOSED);
    expect(closed.messages).toEqual([]);
    expect(
      await refusalOf(tickets('customer').reply({ ticket: ticket.uuid, content: 'Encore moi' })),
    ).toEqual({ code: Code.FailedPrecondition, reason: 'TICKET_CLOSED' });
  });

  it('refuses a status change from the author, a blank answer and strangers', async () => {
    const ticket = await open('vendor');
    expect(
      await refusalOf(
        tickets('vendor').reply({
          ticket: ticket.uuid,
          content: 'x',
          status: SupportTicketStatus.CLOSED,
        }),
      ),
    ).toEqual({ code: Code.PermissionDenied, reason: 'FORBIDDEN' });
    expect(
      (await refusalOf(tickets('vendor').reply({ ticket: ticket.uuid, content: '  ' }))).reason,
    ).toBe('INVALID_ARGUMENT');
    expect(
      (await refusalOf(tickets('company').reply({ ticket: ticket.uuid, content: 'Intrus' })))
        .reason,
    ).toBe('FORBIDDEN');
    const after = await tickets('vendor').retrieve({ uuid: ticket.uuid });
    expect(after.messages).toEqual([]);
    expect(after.status).toBe(SupportTicketStatus.OPEN);
  });
});
