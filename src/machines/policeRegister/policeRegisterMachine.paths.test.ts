import { Code, ConnectError } from '@connectrpc/connect';
import { expect } from 'vitest';
import type { SnapshotFrom } from 'xstate';
import { describePaths, done, failure, walkPaths, type StepInfo } from '../testing/walkPaths.ts';
import {
  isValidPeriod,
  policeRegisterMachine,
  type RegisterEvent,
  type RegisterPage,
  type RegisterQuery,
  type RegisterRow,
} from './policeRegisterMachine.ts';
import type { EntryContent } from '../../domain/policeRegister/correction.ts';
import { correctionRequest, isCorrectionReady, type CorrectionRequest } from './correctionParts.ts';

type Snapshot = SnapshotFrom<typeof policeRegisterMachine>;

const VENDOR = '00000000-0000-4000-8000-000000000001';
const PAGE_SIZE = 2;
const NUMBERS = [1, 2, 3];

const CONTENT: EntryContent = {
  item: {
    reference: 'REF-000001',
    name: 'Veste en laine',
    category: 'Vestes',
    brand: 'Sézane',
    colors: 'Bleu',
    size: 'M',
    condition: 'VERY_GOOD',
    description: '',
    priceCents: 4250,
  },
  depositor: {
    firstName: 'Hélène',
    lastName: 'Dupont',
    companyName: '',
    address: '3 avenue de la République',
    postalCode: '69002',
    city: 'Lyon',
    idDocumentType: 'Carte nationale d’identité',
    idDocumentNumber: 'X4RTBPFW4',
    idDocumentAuthority: 'Préfecture du Rhône',
    idDocumentDate: '2021-03-15',
  },
};

function answer(q: RegisterQuery): RegisterPage {
  const start = (q.page - 1) * q.pageSize;
  return {
    count: NUMBERS.length,
    holderName: 'Friperie du Marais',
    rows: NUMBERS.slice(start, start + q.pageSize).map((number): RegisterRow => ({
      uuid: `entry-${number}`,
      number,
      enteredAt: 1,
      kind: 'DEPOSIT',
      correctsNumber: null,
      correctionReason: '',
      item: 'Veste',
      priceCents: 4250,
      depositor: 'Hélène Dupont',
      idDocument: 'CNI',
      content: CONTENT,
    })),
  };
}
const queryOf = (s: Snapshot): RegisterQuery => ({
  vendor: s.context.vendor,
  from: s.context.from,
  to: s.context.to,
  page: s.context.page,
  pageSize: s.context.pageSize,
});

const USER_EVENTS: RegisterEvent[] = [
  { type: 'register.setVendor', vendor: VENDOR },
  { type: 'register.setPeriod', from: '2026-11-01', to: '2026-11-30' },
  // Ends before it starts: nothing is asked of the server.
  { type: 'register.setPeriod', from: '2026-12-01', to: '2026-11-01' },
  { type: 'register.show' },
  { type: 'register.page', page: 2 },
  { type: 'register.retry' },
  { type: 'register.verify' },
  { type: 'register.export', format: 'PDF' },
  { type: 'register.export', format: 'CSV' },
  { type: 'register.correct', entry: 'entry-1' },
  // Not on the page shown: nothing opens.
  { type: 'register.correct', entry: 'entry-9' },
  { type: 'correction.set', field: 'lastName', value: 'Dupond' },
  { type: 'correction.set', field: 'reason', value: 'Nom mal orthographié' },
  // A price that is none: the screen refuses to save.
  { type: 'correction.set', field: 'price', value: '42,5x' },
  { type: 'correction.submit' },
  { type: 'correction.cancel' },
];
const BROKEN = { intact: false, checked: 2, brokenNumber: 3, reason: 'HASH_MISMATCH' };
const events = (s: Snapshot) => [
  ...USER_EVENTS,
  done('fetchEntries', answer(queryOf(s))),
  failure('fetchEntries', new ConnectError('down', Code.Unavailable)),
  done('verifyRegister', BROKEN),
  failure('verifyRegister', new ConnectError('{"code":"FORBIDDEN"}', Code.PermissionDenied)),
  done('exportRegister', 'registre-police.pdf'),
  done('correctEntry', NUMBERS.length + 1),
  failure('correctEntry', new ConnectError('{"code":"FORBIDDEN"}', Code.PermissionDenied)),
  failure('exportRegister', new ConnectError('down', Code.Unavailable)),
];

function check(s: Snapshot, { where, started, event, previous }: StepInfo<Snapshot>): void {
  const c = s.context;
  for (const { id, input } of started) {
    if (id === 'fetchEntries') {
      expect(input, where).toEqual(queryOf(s));
      // Never asked with a period that ends before it starts, nor for staff without a vendor.
      expect(isValidPeriod(c.from, c.to), where).toBe(true);
      if (c.staff) expect(c.vendor, where).toBe(VENDOR);
    }
    if (id === 'exportRegister')
      expect(input, where).toEqual({
        vendor: c.vendor,
        from: c.from,
        to: c.to,
        format: c.exporting,
      });
  }
  for (const { id, input } of started)
    if (id === 'correctEntry') {
      // Only a correction with a change, a reason and valid fields is sent, naming its entry.
      expect(input, where).toEqual(correctionRequest(previous!.context));
      expect(isCorrectionReady(previous!.context.correction!), where).toBe(true);
      expect((input as CorrectionRequest).entry, where).toBe('entry-1');
    }
  expect(c.exporting !== null, where).toBe(s.matches('exporting'));
  expect(c.correction !== null, where).toBe(s.matches('correcting'));
  if (event.type === 'xstate.done.actor.correctEntry') {
    expect(c.corrected, where).toEqual({ number: NUMBERS.length + 1, corrects: 1 });
    // The list reloads on the page where the new entry ends (when the period typed is one).
    if (s.matches('loading'))
      expect(c.page, where).toBe(Math.ceil((previous!.context.count + 1) / PAGE_SIZE));
  }
  if (event.type === 'xstate.error.actor.correctEntry')
    expect(c.correction?.refusal, where).toBe('forbidden');
  if (s.matches('ready')) expect(c.rows, where).toEqual(answer(queryOf(s)).rows);
  if (event.type === 'xstate.done.actor.verifyRegister') expect(c.verdict, where).toEqual(BROKEN);
  if (
    event.type.startsWith('xstate.error.actor.') &&
    event.type !== 'xstate.error.actor.fetchEntries' &&
    event.type !== 'xstate.error.actor.correctEntry'
  ) {
    expect(c.refusal, where).not.toBeNull();
    expect(c.rows, where).toBe(previous!.context.rows);
  }
}

// Staff first name the vendor, then see everything a vendor sees: one walk covers both.
for (const staff of [true]) {
  const walk = walkPaths({
    machine: policeRegisterMachine,
    input: { staff, pageSize: PAGE_SIZE },
    events,
    errorOf: (s) => s.context.errorCode,
    // What tells two screens apart: the state, the page, the period's validity, the outcome shown.
    serializeState: (s) =>
      JSON.stringify([
        s.value,
        s.context.page,
        s.context.vendor,
        s.context.from,
        s.context.verdict !== null,
        s.context.refusal,
        s.context.exported,
        s.context.exporting,
        s.context.corrected,
        s.context.correction && [s.context.correction.refusal, s.context.correction.draft],
      ]),
    check,
  });
  describePaths(`policeRegisterMachine (${staff ? 'staff' : 'vendor'})`, walk, {
    title: 'of periods, pages, verify and exports',
    // The simple paths over the happy events (failures are covered by the shortest paths).
    events: (s) =>
      events(s).filter(
        (e) =>
          !e.type.startsWith('xstate.error') &&
          !(e.type === 'register.export' && (e as { format?: string }).format === 'CSV') &&
          e.type !== 'register.setPeriod' &&
          e.type !== 'register.retry' &&
          e.type !== 'correction.set',
      ),
    atLeast: () => 6,
    limit: 5000,
  });
}
