import { Code, ConnectError } from '@connectrpc/connect';
import { expect } from 'vitest';
import { fromCallback, type SnapshotFrom } from 'xstate';
import { describePaths, done, failure, walkPaths, type StepInfo } from '../testing/walkPaths.ts';
import {
  dashboardMachine,
  type DashboardEvent,
  type DashboardFigures,
} from './dashboardMachine.ts';

type Snapshot = SnapshotFrom<typeof dashboardMachine>;

const FIGURES: DashboardFigures = {
  depositsByStatus: { INLINE: 3, TODO: 1 },
  productsBySaleStatus: { ONLINE: 12, SELL: 2 },
  customerCount: 4,
  vendorCount: 0,
  soldTurnover: 84.5,
  openDepositRequests: 0,
  openSupportTickets: 1,
};

const EVENTS = [
  { type: 'dashboard.retry' },
  { type: 'dashboard.reload' },
  { type: 'clock.ticked', now: 86_400_000 },
  done('loadFigures', FIGURES),
  failure('loadFigures', new ConnectError('Bad Gateway', Code.Unavailable)),
] as DashboardEvent[];

function check(s: Snapshot, { where, previous }: StepInfo<Snapshot>): void {
  // Figures are shown only once loaded, and a reload keeps the last ones on screen meanwhile.
  if (s.matches('loaded')) expect(s.context.figures, where).toEqual(FIGURES);
  if (s.matches('failed')) expect(s.context.errorCode, where).toBe('unavailable');
  if (previous && !s.matches('loaded') && previous.context.figures !== null)
    expect(s.context.figures, where).toEqual(previous.context.figures);
  expect(Object.keys(s.children), where).toContain('clock');
}

const walk = walkPaths({
  machine: dashboardMachine,
  input: { now: 0 },
  events: EVENTS,
  provide: { clock: fromCallback(() => undefined) },
  errorOf: (s) => s.context.errorCode,
  check,
});

describePaths('dashboardMachine', walk);
