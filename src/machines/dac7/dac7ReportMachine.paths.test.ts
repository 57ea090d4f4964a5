import { Code, ConnectError } from '@connectrpc/connect';
import { expect } from 'vitest';
import type { SnapshotFrom } from 'xstate';
import { describePaths, done, failure, walkPaths, type StepInfo } from '../testing/walkPaths.ts';
import {
  dac7ReportMachine,
  type Dac7Check,
  type Dac7ReportEvent,
  type Dac7SellerRow,
} from './dac7ReportMachine.ts';

type Snapshot = SnapshotFrom<typeof dac7ReportMachine>;

const quarter = { considerationCents: 7_500, sales: 8, feesCents: 750, taxesCents: 150 };
const seller = (key: string, kind: 'INDIVIDUAL' | 'ENTITY', missing: string[]): Dac7SellerRow => ({
  key,
  kind,
  vendor: `${key}-vendor`,
  name: key,
  address: '3 rue Oberkampf, 75011 Paris, FR',
  tin: missing.includes('TIN') ? '' : '1234567890123',
  birthDate: '',
  birthPlace: '',
  registrationNumber: kind === 'ENTITY' ? '73282932000074' : '',
  ibanMasked: 'FR76 **** 0189',
  quarters: [quarter, quarter, quarter, quarter],
  considerationCents: 30_000,
  sales: 32,
  feesCents: 3_000,
  taxesCents: 600,
  missing,
});
const LACKING: Dac7Check = {
  sellers: [
    seller('vendor:lea', 'INDIVIDUAL', ['TIN', 'BIRTH_DATE']),
    seller('company:f', 'ENTITY', []),
  ],
  excluded: [],
  ready: false,
};
const READY: Dac7Check = {
  sellers: [seller('vendor:lea', 'INDIVIDUAL', [])],
  excluded: [],
  ready: true,
};

const USER_EVENTS: Dac7ReportEvent[] = [
  { type: 'dac7.year', year: 2024 },
  { type: 'dac7.retry' },
  { type: 'dac7.edit', key: 'vendor:lea' },
  // An entity's TIN comes from its SIRET: nothing to complete here.
  { type: 'dac7.edit', key: 'company:f' },
  { type: 'dac7.field', field: 'tin', value: '1234567890123' },
  { type: 'dac7.cancel' },
  { type: 'dac7.save' },
  { type: 'dac7.build' },
  { type: 'dac7.summary' },
];

const events = (s: Snapshot) => [
  ...USER_EVENTS,
  // What the check answers depends on whether the seller was just completed.
  done('checkReport', s.context.year === 2024 ? READY : LACKING),
  failure('checkReport', new ConnectError('down', Code.Unavailable)),
  done('saveSeller'),
  failure('saveSeller', new ConnectError('{"code":"DAC7_TIN_INVALID"}', Code.InvalidArgument)),
  done('buildReport', { filename: 'dac7-2024.xml', sellerCount: 1 }),
  failure('buildReport', new ConnectError('{"code":"DAC7_DATA_MISSING"}', Code.FailedPrecondition)),
  done('buildSummary', 'dac7-resume-2024.pdf'),
  failure('buildSummary', new ConnectError('down', Code.Unavailable)),
];

function check(s: Snapshot, { where, started, previous, event }: StepInfo<Snapshot>): void {
  const c = s.context;
  for (const { id, input } of started) {
    expect((input as { year: number }).year, where).toBe(c.year);
    if (id === 'saveSeller') expect(input, where).toMatchObject({ vendor: 'vendor:lea-vendor' });
  }
  // The dialog is open exactly while editing or saving.
  expect(c.draft !== null, where).toBe(s.matches('editing') || s.matches('saving'));
  // Building is offered only when nothing is missing.
  expect(s.can({ type: 'dac7.build' }), where).toBe(s.matches('ready') && c.check?.ready === true);
  // The summary is offered whenever the year is read and nothing else runs, complete or not.
  expect(s.can({ type: 'dac7.summary' }), where).toBe(s.matches('ready'));
  if (s.matches('ready')) expect(c.check, where).not.toBeNull();
  // One outcome at a time: a new file or summary clears the other's message.
  expect(c.built !== null && c.summary !== null, where).toBe(false);
  if (!previous) return;
  if (event.type === 'xstate.error.actor.saveSeller')
    expect(c.refusal, where).toMatchObject({ reason: 'DAC7_TIN_INVALID' });
  if (event.type === 'xstate.error.actor.buildReport') {
    expect(c.refusal, where).toMatchObject({ reason: 'DAC7_DATA_MISSING' });
    expect(c.built, where).toBeNull();
  }
  if (event.type === 'xstate.done.actor.buildReport')
    expect(c.built, where).toEqual({ filename: 'dac7-2024.xml', sellerCount: 1 });
  if (event.type === 'xstate.done.actor.buildSummary')
    expect(c.summary, where).toBe('dac7-resume-2024.pdf');
  if (event.type === 'xstate.error.actor.buildSummary') {
    expect(c.refusal, where).toMatchObject({ code: 'unavailable' });
    expect(c.summary, where).toBeNull();
  }
  if (event.type === 'dac7.field') expect(c.draft?.tin, where).toBe('1234567890123');
}

const walk = walkPaths({
  machine: dac7ReportMachine,
  input: { year: 2025 },
  events,
  errorOf: (s) => s.context.errorCode,
  check,
});

describePaths('dac7ReportMachine', walk, {
  title: 'of checking, completing and building',
  events: (s) => events(s).filter((e) => !e.type.startsWith('xstate.error')),
  atLeast: () => 5,
});
