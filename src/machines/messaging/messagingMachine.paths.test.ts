import { Code, ConnectError } from '@connectrpc/connect';
import { expect } from 'vitest';
import type { SnapshotFrom } from 'xstate';
import { describePaths, done, failure, walkPaths, type StepInfo } from '../testing/walkPaths.ts';
import { messagingMachine } from './messagingMachine.ts';
import type { MessagingEvent, TicketDetail, TicketPage, TicketStatus } from './messagingTypes.ts';

type Snapshot = SnapshotFrom<typeof messagingMachine>;

const row = (uuid: string, status: TicketStatus) => ({
  uuid,
  title: `Ticket ${uuid}`,
  status,
  priority: 'MEDIUM',
  authorName: 'Valérie Vendeuse',
  lastMessageAt: 1,
});
const PAGE: TicketPage = { rows: [row('t1', 'OPEN')], count: 2 };
const detail = (status: TicketStatus, answers = 0): TicketDetail => ({
  ...row('t1', status),
  content: 'Bonjour',
  createdAt: 1,
  lastMessageAt: 1 + answers,
  messages: Array.from({ length: answers }, (_, i) => ({
    uuid: `m${i}`,
    content: 'Réponse',
    fromSupport: true,
    authorName: 'Support',
    createdAt: 2 + i,
  })),
});
const down = new ConnectError('down', Code.Unavailable);

const EVENTS = [
  { type: 'messaging.page', page: 2 },
  { type: 'messaging.refresh' },
  { type: 'messaging.retry' },
  { type: 'messaging.open', uuid: 't1' },
  { type: 'messaging.close' },
  { type: 'messaging.retryOpen' },
  { type: 'messaging.editReply', value: ' Merci ' },
  { type: 'messaging.editReply', value: '' },
  { type: 'messaging.setStatus', value: 'RESOLVED' },
  { type: 'messaging.send' },
  done('loadTickets', PAGE),
  failure('loadTickets', down),
  done('loadTicket', detail('OPEN')),
  done('loadTicket', detail('CLOSED')),
  failure('loadTicket', down),
  done('sendReply', detail('RESOLVED', 1)),
  failure('sendReply', down),
] as MessagingEvent[];

/** What tells two inbox states apart for the walk (the rows never change shape). */
const serializeState = (s: Snapshot) => {
  const c = s.context;
  return JSON.stringify([
    s.value,
    c.page,
    c.selected,
    c.ticket?.status ?? null,
    c.ticket?.messages.length ?? null,
    c.reply,
    c.status,
    c.listErrorCode,
    c.ticketErrorCode,
  ]);
};

function check(s: Snapshot, { where, previous, started, emitted, event }: StepInfo<Snapshot>) {
  const c = s.context;
  const conversation = (s.value as { conversation: string }).conversation;
  expect(conversation === 'none', where).toBe(c.selected === null);
  if (c.ticket) expect(c.ticket.uuid, where).toBe(c.selected);
  expect(c.ticket !== null, where).toBe(
    ['viewing', 'replying', 'replyFailed'].includes(conversation),
  );
  // Only support moves a ticket's status.
  if (!c.isSupport && c.ticket) expect(c.status, where).toBe(c.ticket.status);
  const reply = started.find((a) => a.id === 'sendReply');
  if (reply) {
    const before = previous!.context;
    const input = reply.input as { content: string; status: TicketStatus | null };
    expect(input.content, where).toBe(before.reply.trim());
    expect(input.status !== null, where).toBe(
      before.isSupport && before.status !== before.ticket?.status,
    );
    expect(input.content !== '' || input.status !== null, where).toBe(true);
    if (!before.isSupport) expect(before.ticket?.status, where).not.toBe('CLOSED');
  }
  // A failed answer keeps its text; a sent one empties the box and is announced once.
  if (conversation === 'replyFailed') expect(c.reply, where).toBe(previous!.context.reply);
  const sent = event.type === 'xstate.done.actor.sendReply';
  expect(emitted.length, where).toBe(sent ? 1 : 0);
  if (sent) expect(c.reply, where).toBe('');
  // The list's row follows the ticket just opened or answered.
  const listed = c.rows.find((r) => r.uuid === c.ticket?.uuid);
  if (listed && c.ticket && (sent || event.type === 'xstate.done.actor.loadTicket'))
    expect(listed.status, where).toBe(c.ticket.status);
}

const walk = (isSupport: boolean) =>
  walkPaths({
    machine: messagingMachine,
    input: { isSupport, pageSize: 1 },
    events: EVENTS,
    serializeState,
    errorOf: (s) => s.context.listErrorCode ?? s.context.ticketErrorCode,
    check,
  });

const SMALL = [
  { type: 'messaging.open', uuid: 't1' },
  { type: 'messaging.editReply', value: ' Merci ' },
  { type: 'messaging.send' },
  { type: 'messaging.close' },
  done('loadTickets', PAGE),
  done('loadTicket', detail('OPEN')),
  done('sendReply', detail('RESOLVED', 1)),
  failure('sendReply', down),
] as MessagingEvent[];

describePaths('messagingMachine (support)', walk(true), {
  title: 'of answering',
  events: SMALL,
});
describePaths('messagingMachine (author)', walk(false), {
  title: 'of answering',
  events: SMALL,
});
