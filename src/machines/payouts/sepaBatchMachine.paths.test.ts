import { Code, ConnectError } from '@connectrpc/connect';
import { expect } from 'vitest';
import type { SnapshotFrom } from 'xstate';
import { describePaths, done, failure, walkPaths, type StepInfo } from '../testing/walkPaths.ts';
import type { BatchPreview, BatchResult, CreateBatchInput } from './payoutTypes.ts';
import {
  debtorProblems,
  isExecutionDay,
  sepaBatchMachine,
  type SepaBatchEvent,
} from './sepaBatchMachine.ts';

type Snapshot = SnapshotFrom<typeof sepaBatchMachine>;

// A Thursday: the next day is open, the one after is a Saturday.
const TODAY = '2026-11-26';
const PREVIEW: BatchPreview = {
  debtorOnFile: null,
  rows: [
    { customer: 'a', name: 'Anne', payableCents: 3200, maskedIban: 'FR76 **** 0189', reason: null },
    { customer: 'b', name: 'Bruno', payableCents: 1500, maskedIban: '', reason: 'IBAN_MISSING' },
  ],
};
const ON_FILE: BatchPreview = {
  ...PREVIEW,
  debtorOnFile: { name: 'Seconde SAS', ibanMasked: 'FR76 **** 0189', bic: '' },
};
const RESULT: BatchResult = {
  uuid: 'batch-1',
  fileName: 'virements-2026-11-27.xml',
  count: 1,
  totalCents: 3200,
  excluded: [],
};
const refused = (reason: string, code = Code.FailedPrecondition) =>
  new ConnectError(JSON.stringify({ code: reason }), code);

const USER_EVENTS: SepaBatchEvent[] = [
  { type: 'batch.toggle', customer: 'a' },
  // No IBAN: cannot be ticked.
  { type: 'batch.toggle', customer: 'b' },
  { type: 'batch.toggleAll' },
  { type: 'batch.date', value: '2026-11-28' },
  { type: 'batch.date', value: '2026-11-27' },
  { type: 'batch.debtor', field: 'name', value: 'Seconde SAS' },
  { type: 'batch.debtor', field: 'iban', value: 'FR76 3000 6000 0112 3456 7890 189' },
  { type: 'batch.create' },
  { type: 'batch.download' },
  { type: 'batch.retry' },
  { type: 'batch.reload' },
];
const events = [
  ...USER_EVENTS,
  done('previewBatch', PREVIEW),
  done('previewBatch', ON_FILE),
  failure('previewBatch', new ConnectError('down', Code.Unavailable)),
  done('createBatch', RESULT),
  failure('createBatch', new ConnectError('down', Code.Unavailable)),
  failure('createBatch', refused('PAYOUT_DATE_INVALID')),
  done('downloadBatch'),
  failure('downloadBatch', new ConnectError('down', Code.Unavailable)),
];

const UUID = /^[0-9a-f-]{36}$/;

function check(s: Snapshot, { where, started, previous, event, emitted }: StepInfo<Snapshot>) {
  const c = s.context;
  // Only depositors a transfer can reach are ever ticked.
  for (const customer of c.selected) expect(['a'], where).toContain(customer);
  for (const { id, input } of started) {
    if (id !== 'createBatch') continue;
    const sent = input as CreateBatchInput;
    // A creation is sent only complete: an open day from today, someone ticked, the debtor valid.
    expect(sent.customers.length, where).toBeGreaterThan(0);
    expect(isExecutionDay(sent.executionDate, TODAY), where).toBe(true);
    // The debtor is sent, valid, only while none is on file.
    if (c.debtorOnFile) expect(sent.debtor, where).toBeNull();
    else expect(debtorProblems(sent.debtor!), where).toEqual({});
    expect(sent.idempotencyKey, where).toMatch(UUID);
  }
  if (s.matches('created') || s.matches('downloading')) expect(c.result, where).toEqual(RESULT);
  if (!previous) return;
  // The key is drawn at each preview and kept through failed creations.
  if (event.type === 'xstate.done.actor.previewBatch')
    expect(c.idempotencyKey, where).toMatch(UUID);
  else expect(c.idempotencyKey, where).toBe(previous.context.idempotencyKey);
  if (event.type === 'xstate.error.actor.createBatch') {
    expect(s.matches('ready'), where).toBe(true);
    expect(c.refusal, where).not.toBeNull();
    // Nothing the user chose is lost.
    expect([c.selected, c.executionDate, c.debtor], where).toEqual([
      previous.context.selected,
      previous.context.executionDate,
      previous.context.debtor,
    ]);
  }
  expect(
    emitted.map((e) => e.type),
    where,
  ).toEqual(event.type === 'xstate.done.actor.createBatch' ? ['batch.created'] : []);
}

const walk = walkPaths({
  machine: sepaBatchMachine,
  input: { today: TODAY },
  events,
  errorOf: (s) => s.context.errorCode,
  // The key is random: states differ by whether one is drawn.
  serializeState: (s) =>
    JSON.stringify([s.value, { ...s.context, idempotencyKey: s.context.idempotencyKey !== null }]),
  check,
});

// The simple paths walk the way to a file, ticking and unticking on the way.
const SIMPLE = new Set([
  'batch.toggle',
  'batch.debtor',
  'batch.create',
  'batch.download',
  'xstate.done.actor.previewBatch',
  'xstate.done.actor.createBatch',
  'xstate.done.actor.downloadBatch',
]);
describePaths('sepaBatchMachine', walk, {
  title: 'to a file',
  events: events.filter((e) => SIMPLE.has(e.type) && (e as { customer?: string }).customer !== 'b'),
  atLeast: () => 5,
});
