import { Code, ConnectError } from '@connectrpc/connect';
import { expect } from 'vitest';
import type { SnapshotFrom } from 'xstate';
import { describePaths, walkPaths, type StepInfo } from '../testing/walkPaths.ts';
import {
  marketplaceMachine,
  type AvailablePage,
  type MarketplaceEvent,
} from './marketplaceMachine.ts';

type Snapshot = SnapshotFrom<typeof marketplaceMachine>;
const INPUT = { vendorUuid: 'vendor-1', pageSize: 1 };
const row = (uuid: string, refusal: AvailablePage['rows'][number]['refusal'] = null) => ({
  uuid,
  name: uuid,
  family: 'WOMAN',
  gamme: null,
  department: '75',
  description: '',
  createdAt: null,
  refusal,
  alreadyRequested: false,
});
const PAGE: AvailablePage = {
  rows: [row('open'), row('far', 'PRIORITY_DEPARTMENT')],
  count: 2,
  vendorRefusal: null,
};
const refusal = (reason: string) =>
  new ConnectError(JSON.stringify({ code: reason }), Code.FailedPrecondition);

const EVENTS = [
  { type: 'marketplace.take', uuid: 'open' },
  { type: 'marketplace.take', uuid: 'far' },
  { type: 'marketplace.page', page: 2 },
  { type: 'marketplace.retry' },
  { type: 'xstate.done.actor.loadAvailable', output: PAGE },
  { type: 'xstate.error.actor.loadAvailable', error: new ConnectError('down', Code.Unavailable) },
  { type: 'xstate.done.actor.wantDeposit' },
  { type: 'xstate.error.actor.wantDeposit', error: refusal('TRIAL_PERIOD') },
  { type: 'xstate.error.actor.wantDeposit', error: refusal('NOT_FOUND') },
] as unknown as MarketplaceEvent[];

function check(s: Snapshot, { where }: StepInfo<Snapshot>) {
  expect(s.hasTag('taking'), where).toBe(s.context.taking !== null);
  if (s.hasTag('taking')) {
    const taken = s.context.rows.find((r) => r.uuid === s.context.taking);
    expect(taken?.refusal ?? null, where).toBeNull();
  }
}

const walk = walkPaths({
  machine: marketplaceMachine,
  input: INPUT,
  events: EVENTS,
  errorOf: (s) => s.context.errorCode,
  check,
});

describePaths('marketplaceMachine', walk);
