import { Code, ConnectError } from '@connectrpc/connect';
import { describe, expect, it } from 'vitest';
import { fromCallback, type SnapshotFrom } from 'xstate';
import { describePaths, done, failure, walkPaths, type StepInfo } from '../testing/walkPaths.ts';
import { planBulk, recordOutcome, type BulkLine } from './stockBulk.ts';
import { stockBulkMachine, type StockBulkEvent } from './stockBulkMachine.ts';
import { NO_FILTERS } from './stockQuery.ts';

type Snapshot = SnapshotFrom<typeof stockBulkMachine>;

const LINES: BulkLine[] = [
  { uuid: 'a', saleStatus: 'OFFLINE', invoiced: false },
  { uuid: 'b', saleStatus: 'ONLINE', invoiced: false },
  { uuid: 'c', saleStatus: 'FACTURED', invoiced: true },
];
const planned = planBulk(LINES, 'ONLINE').report;
const halfway = recordOutcome(planned, null);
const finished = recordOutcome(halfway, 'ONLINE_BEFORE_VALIDATION');

const events: StockBulkEvent[] | ((s: Snapshot) => unknown[]) = () => [
  { type: 'bulk.cancel' },
  { type: 'bulk.retry' },
  { type: 'bulk.progressed', report: halfway },
  { type: 'bulk.finished', report: finished },
  done('collectLines', LINES),
  failure('collectLines', new ConnectError('Bad Gateway', Code.Unavailable)),
];

function check(s: Snapshot, { where, event }: StepInfo<Snapshot>): void {
  const c = s.context;
  if (s.matches('updating')) expect(c.lines, where).toEqual(LINES);
  if (event.type === 'bulk.cancel')
    expect([s.value, c.cancelled], where).toEqual(['finished', true]);
  if (s.matches('finished') && !c.cancelled) expect(c.report, where).toEqual(finished);
}

const walk = walkPaths({
  machine: stockBulkMachine,
  input: { target: 'ONLINE', selected: {}, allMatching: true, filters: NO_FILTERS },
  events: events as never,
  provide: { applyStatus: fromCallback(() => () => undefined) },
  errorOf: (s) => s.context.errorCode,
  check,
});

describePaths('stockBulkMachine', walk);

describe('stock bulk plan', () => {
  it('skips invoiced products and those already in the status, and counts refusals by reason', () => {
    const { send, report } = planBulk(LINES, 'ONLINE');
    expect(send.map((l) => l.uuid)).toEqual(['a']);
    expect(report).toMatchObject({
      total: 3,
      done: 2,
      skipped: { PRODUCT_INVOICED: 1, ALREADY_IN_STATUS: 1 },
    });
    expect(finished.refused).toEqual({ ONLINE_BEFORE_VALIDATION: 1 });
    expect(finished).toMatchObject({ done: 4, updated: 1 });
  });
});
