import { Code, ConnectError } from '@connectrpc/connect';
import { expect } from 'vitest';
import type { SnapshotFrom } from 'xstate';
import { describePaths, done, failure, walkPaths, type StepInfo } from '../testing/walkPaths.ts';
import {
  EMPTY_DRAFT,
  missingFields,
  supportTicketMachine,
  type SupportTicketEvent,
} from './supportTicketMachine.ts';

type Snapshot = SnapshotFrom<typeof supportTicketMachine>;

const EVENTS: SupportTicketEvent[] = [
  { type: 'support.open' },
  { type: 'support.close' },
  { type: 'support.edit', field: 'title', value: 'Facture' },
  { type: 'support.edit', field: 'content', value: 'Où est ma facture ?' },
  { type: 'support.edit', field: 'title', value: '   ' },
  { type: 'support.setCopy', value: true },
  { type: 'support.setPriority', value: 'URGENT' },
  // Not a priority: refused by the guard, the draft keeps its value.
  { type: 'support.setPriority', value: 'NOW' as never },
  { type: 'support.leave', field: 'title' },
  { type: 'support.submit' },
];
const SETTLE = [
  done('createTicket', { uuid: 'ticket-1' }),
  failure('createTicket', new ConnectError('down', Code.Unavailable)),
];

function check(s: Snapshot, { where, previous, event, emitted, started }: StepInfo<Snapshot>) {
  const { draft, touched } = s.context;
  // The modal is shown exactly while the user is writing, sending, or reading a failure.
  expect(s.hasTag('open'), where).toBe(['editing', 'sending', 'failed'].includes(where));
  // Nothing incomplete is ever sent, and what is sent is the draft as typed.
  if (s.matches('sending')) {
    expect(missingFields(draft), where).toEqual([]);
    if (started.length) expect(started[0]!.input, where).toEqual(previous?.context.draft);
  }
  // A failure loses nothing typed.
  if (s.matches('failed')) expect(draft, where).toEqual(previous?.context.draft);
  // A sent ticket is announced once and leaves an empty form behind.
  expect(emitted.length, where).toBe(event.type === 'xstate.done.actor.createTicket' ? 1 : 0);
  if (s.matches('sent')) {
    expect(s.context.ticketUuid, where).toBe('ticket-1');
    if (previous?.matches('sending')) expect(draft, where).toEqual(EMPTY_DRAFT);
  }
  // A send attempt shows every required message.
  if (event.type === 'support.submit' && previous?.matches('editing'))
    expect([...touched].sort(), where).toEqual(['content', 'title']);
  expect(['LOW', 'MEDIUM', 'HIGH', 'URGENT'], where).toContain(draft.priority);
}

describePaths(
  'supportTicketMachine',
  walkPaths({
    machine: supportTicketMachine,
    events: [...EVENTS, ...SETTLE],
    errorOf: (s) => s.context.errorCode,
    check,
  }),
  {
    title: 'of sending, failing and sending again',
    events: [EVENTS[0]!, EVENTS[2]!, EVENTS[3]!, EVENTS[9]!, EVENTS[1]!, ...SETTLE],
  },
);
