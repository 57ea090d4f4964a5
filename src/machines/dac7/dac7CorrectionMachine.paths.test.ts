import { Code, ConnectError } from '@connectrpc/connect';
import { expect } from 'vitest';
import type { SnapshotFrom } from 'xstate';
import { describePaths, done, failure, walkPaths, type StepInfo } from '../testing/walkPaths.ts';
import {
  dac7CorrectionMachine,
  type Dac7CorrectionEvent,
  type FiledReportRow,
} from './dac7CorrectionMachine.ts';

type Snapshot = SnapshotFrom<typeof dac7CorrectionMachine>;

const REF = 'FR2025FR0b4f-report';
const REPORTS: FiledReportRow[] = [
  {
    uuid: 'correction',
    messageRefId: 'FR2025FR77aa-correction',
    messageTypeIndic: 'DPI402',
    filedAt: '2026-01-20T10:00:00.000Z',
    correctsMessageRefId: REF,
    sellers: [],
  },
  {
    uuid: 'report',
    messageRefId: REF,
    messageTypeIndic: 'DPI401',
    filedAt: '2026-01-15T10:00:00.000Z',
    correctsMessageRefId: '',
    sellers: [
      { key: 'vendor:lea', name: 'Léa', docRefId: `${REF}-S1`, changed: true, reportable: true },
      {
        key: 'vendor:marc',
        name: 'Marc',
        docRefId: `${REF}-S2`,
        changed: false,
        reportable: false,
      },
    ],
  },
];

const USER_EVENTS: Dac7CorrectionEvent[] = [
  { type: 'corrections.year', year: 2024 },
  { type: 'corrections.refresh' },
  { type: 'corrections.retry' },
  { type: 'correction.open', report: 'report' },
  // A correction (or a nil report) has no seller of its own to correct.
  { type: 'correction.open', report: 'correction' },
  { type: 'correction.choose', key: 'vendor:lea', action: 'CORRECT' },
  { type: 'correction.choose', key: 'vendor:marc', action: 'DELETE' },
  { type: 'correction.choose', key: 'vendor:nobody', action: 'DELETE' },
  { type: 'correction.cancel' },
  { type: 'correction.build' },
];

const events = [
  ...USER_EVENTS,
  done('listReports', REPORTS),
  failure('listReports', new ConnectError('down', Code.Unavailable)),
  done('buildCorrection', { filename: 'dac7-2025-correction.xml', count: 2 }),
  failure(
    'buildCorrection',
    new ConnectError('{"code":"DAC7_SELLER_NOT_IN_REPORT"}', Code.FailedPrecondition),
  ),
];

function check(s: Snapshot, { where, started, previous, event }: StepInfo<Snapshot>): void {
  const c = s.context;
  for (const { id, input } of started) {
    if (id === 'listReports') expect(input, where).toEqual({ year: c.year });
    if (id === 'buildCorrection') {
      const { corrected, deleted } = input as { corrected: string[]; deleted: string[] };
      // Only what the dialog chose is sent, never a seller in both lists.
      expect(corrected.length + deleted.length, where).toBeGreaterThan(0);
      expect(
        corrected.filter((k) => deleted.includes(k)),
        where,
      ).toEqual([]);
      expect(input, where).toMatchObject({ report: 'report' });
    }
  }
  // The dialog is open exactly while choosing or building, and holds the report's sellers only.
  expect(c.draft !== null, where).toBe(s.matches('choosing') || s.matches('building'));
  if (c.draft)
    expect(Object.keys(c.draft.actions).sort(), where).toEqual(['vendor:lea', 'vendor:marc']);
  // Building is offered only once a seller is to be corrected or deleted.
  expect(s.can({ type: 'correction.build' }), where).toBe(
    s.matches('choosing') && Object.values(c.draft!.actions).some((a) => a !== 'KEEP'),
  );
  if (s.matches('ready')) expect(c.reports, where).not.toBeNull();
  if (!previous) return;
  if (event.type === 'xstate.error.actor.buildCorrection') {
    expect(s.matches('choosing'), where).toBe(true);
    expect(c.refusal, where).toMatchObject({ reason: 'DAC7_SELLER_NOT_IN_REPORT' });
  }
  if (event.type === 'xstate.done.actor.buildCorrection')
    expect(c.built, where).toEqual({ filename: 'dac7-2025-correction.xml', count: 2 });
  if (event.type === 'correction.open' && (event as { report?: string }).report === 'correction')
    expect(c.draft, where).toBeNull();
}

const walk = walkPaths({
  machine: dac7CorrectionMachine,
  input: { year: 2025 },
  events,
  errorOf: (s) => s.context.errorCode,
  check,
});

describePaths('dac7CorrectionMachine', walk, {
  title: 'of choosing and building a correction',
  events: events.filter((e) => !e.type.startsWith('xstate.error')),
  atLeast: () => 5,
});
