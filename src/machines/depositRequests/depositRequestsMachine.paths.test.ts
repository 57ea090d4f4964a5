import { Code, ConnectError } from '@connectrpc/connect';
import { expect } from 'vitest';
import { fromCallback, type SnapshotFrom } from 'xstate';
import { describePaths, walkPaths, type StepInfo } from '../testing/walkPaths.ts';
import {
  depositRequestsMachine,
  type DepositRequestsEvent,
  type RequestsPage,
} from './depositRequestsMachine.ts';

type Snapshot = SnapshotFrom<typeof depositRequestsMachine>;
const INPUT = { now: 0, pageSize: 1 };
const request = (uuid: string) => ({
  uuid,
  name: uuid,
  family: null,
  postalCode: '75011',
  description: '',
  rowVersion: 1,
  requestedAt: 0,
  dueAt: 48 * 3_600_000,
  candidates: [{ vendor: 'alice', vendorName: 'Alice', wantedAt: 0 }],
});
const PAGE: RequestsPage = { rows: [request('d1')], count: 2 };

const EVENTS = [
  { type: 'requests.assign', uuid: 'd1', vendor: 'alice' },
  { type: 'requests.assign', uuid: 'd1', vendor: 'bob' },
  { type: 'requests.page', page: 2 },
  { type: 'requests.reload' },
  { type: 'requests.retry' },
  { type: 'clock.ticked', now: 49 * 3_600_000 },
  { type: 'xstate.done.actor.loadRequests', output: PAGE },
  { type: 'xstate.error.actor.loadRequests', error: new ConnectError('down', Code.Unavailable) },
  { type: 'xstate.done.actor.assignDeposit' },
  {
    type: 'xstate.error.actor.assignDeposit',
    error: new ConnectError('{"code":"CHANGED_BY_SOMEONE_ELSE"}', Code.Aborted),
  },
  {
    type: 'xstate.error.actor.assignDeposit',
    error: new ConnectError('no', Code.PermissionDenied),
  },
] as unknown as DepositRequestsEvent[];

function check(s: Snapshot, { where }: StepInfo<Snapshot>) {
  expect(s.hasTag('assigning'), where).toBe(s.matches('assigning'));
  if (s.matches('assigning')) expect(s.context.assigning, where).not.toBeNull();
  if (s.matches('ready')) expect(s.context.assigning, where).toBeNull();
  expect(Object.keys(s.children), where).toContain('clock');
}

const walk = walkPaths({
  machine: depositRequestsMachine,
  input: INPUT,
  events: EVENTS,
  provide: { clock: fromCallback(() => undefined) },
  errorOf: (s) => s.context.errorCode,
  check,
});

describePaths('depositRequestsMachine', walk);
