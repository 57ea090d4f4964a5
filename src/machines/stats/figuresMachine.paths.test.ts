import { Code, ConnectError } from '@connectrpc/connect';
import { expect } from 'vitest';
import type { SnapshotFrom } from 'xstate';
import { describePaths, done, failure, walkPaths, type StepInfo } from '../testing/walkPaths.ts';
import { createFiguresMachine, type DateRange, type FiguresEvent } from './figuresMachine.ts';

/** The figures of a period are the period itself, so the test can tell which range they are for. */
const machine = createFiguresMachine<{ readonly of: string }>('testFigures');
type Snapshot = SnapshotFrom<typeof machine>;

const figuresOf = (range: DateRange) => ({ of: `${range.dateFrom}..${range.dateTo}` });

const USER_EVENTS: FiguresEvent[] = [
  { type: 'figures.setRange', range: { dateFrom: '2024-03-01' } },
  // An end before the start: the two are swapped.
  { type: 'figures.setRange', range: { dateTo: '2024-02-01' } },
  { type: 'figures.setRange', range: { dateFrom: '', dateTo: '' } },
  { type: 'figures.retry' },
];
const events = (s: Snapshot) => [
  ...USER_EVENTS,
  done('loadFigures', figuresOf(s.context.range)),
  failure('loadFigures', new ConnectError('{"code":"FORBIDDEN"}', Code.PermissionDenied)),
];

function check(s: Snapshot, { where, event, previous, started }: StepInfo<Snapshot>): void {
  const { range, figures } = s.context;
  for (const actor of started) expect(actor.input, `${where}: loads its range`).toEqual(range);
  // One call per period: no step starts more than one load, and only a load state runs one.
  expect(started.length, `${where}: one load at most`).toBeLessThanOrEqual(1);
  if (started.length) expect(s.matches('loading'), `${where}: loads while loading`).toBe(true);
  // A change of period waits for the user to stop choosing before it loads.
  if (event.type === 'figures.setRange' && range !== previous?.context.range)
    expect(started, `${where}: waits before loading`).toHaveLength(0);
  if (range.dateFrom && range.dateTo)
    expect(range.dateFrom <= range.dateTo, `${where}: the range is in order`).toBe(true);
  if (s.matches('ready')) expect(figures, where).toEqual(figuresOf(range));
  // A failure or a new range keeps the figures on screen until new ones arrive.
  if (previous && !s.matches('ready')) expect(figures, where).toBe(previous.context.figures);
  // Picking the period already shown changes nothing.
  if (previous && event.type === 'figures.setRange' && range === previous.context.range)
    expect(s.value, where).toEqual(previous.value);
}

const walk = walkPaths({
  machine,
  input: { range: { dateFrom: '', dateTo: '' } },
  events,
  // The figures follow from the range (checked on every ready state).
  serializeState: (s) =>
    JSON.stringify([s.value, s.context.range, s.context.errorCode, s.context.figures !== null]),
  errorOf: (s) => s.context.errorCode,
  check,
});

describePaths('figuresMachine', walk, {
  title: 'of changing the period and retrying',
  // One change of period, so the simple paths stay countable.
  events: (s) => events(s).filter((e) => e !== USER_EVENTS[1] && e !== USER_EVENTS[2]),
  atLeast: () => 6,
});
