import { Code, ConnectError } from '@connectrpc/connect';
import { expect } from 'vitest';
import type { SnapshotFrom } from 'xstate';
import { toAppError } from '../../rpc/errors.ts';
import { describePaths, done, failure, walkPaths, type StepInfo } from '../testing/walkPaths.ts';
import { sheetImportMachine } from './sheetImportMachine.ts';
import {
  SheetImportFailure,
  type ReadyPreview,
  type SheetImportEvent,
  type SubmitResult,
} from './sheetImportTypes.ts';
import type { PreviewOutcome } from '../../domain/sheetImport/previewFile.ts';

type Snapshot = SnapshotFrom<typeof sheetImportMachine>;

const file = new File(['Référence;Nom;Catégorie;Prix\n'], 'stock.csv', { type: 'text/csv' });
const values = {
  reference: 'A-1',
  name: 'Robe',
  category: 'cat',
  brand: null,
  manualBrand: '',
  size: null,
  colors: [],
  quality: null,
  price: 10,
  entryDate: null,
  comment: '',
};

function preview(validCount: number): ReadyPreview {
  return {
    ok: true,
    kind: 'products',
    preview: {
      sheetName: 'stock',
      columns: ['reference', 'name', 'category', 'price'],
      ignoredColumns: [],
      rows: [
        ...(validCount ? [{ row: 2, cells: { reference: 'A-1' }, values, issues: [] }] : []),
        {
          row: 3,
          cells: { reference: 'A-2' },
          values: null,
          issues: [{ row: 3, code: 'priceMissing', level: 'error', column: 'price' }],
        },
      ],
      skipped: [],
      validCount,
      refusedCount: 1,
    },
  };
}

const refusedFile: PreviewOutcome = { ok: false, error: { code: 'columnMissing', params: {} } };
const accepted: SubmitResult = {
  taskUuid: 'task-1',
  deposit: 'deposit-1',
  errors: ['{"row":3,"code":"priceMissing","column":"price"}'],
  count: 1,
};
// The server refused row 2 too: its reference was added to the deposit meanwhile.
const alsoRefused: SubmitResult = {
  ...accepted,
  errors: [...accepted.errors, '{"row":2,"code":"referenceExists","column":"reference"}'],
};
const nameTaken = new SheetImportFailure(
  toAppError(
    new ConnectError(
      JSON.stringify({ code: 'DEPOSIT_NAME_EXISTS', message: 'taken' }),
      Code.AlreadyExists,
    ),
  ),
  [],
);

const EVENTS: SheetImportEvent[] = [
  { type: 'import.open', target: { kind: 'products', deposit: '' } },
  { type: 'import.open', target: { kind: 'customers', vendor: '' } },
  { type: 'import.choose', file },
  { type: 'import.submit' },
  { type: 'import.cancel' },
];
const SETTLE = [
  done('previewFile', preview(1)),
  done('previewFile', preview(0)),
  done('previewFile', refusedFile),
  failure('previewFile', new Error('worker crashed')),
  done('submitImport', accepted),
  done('submitImport', alsoRefused),
  failure('submitImport', nameTaken),
  failure('submitImport', new ConnectError('down', Code.Unavailable)),
];

function check(s: Snapshot, { where, event, previous, emitted, started }: StepInfo<Snapshot>) {
  const { context } = s;
  expect(s.hasTag('open'), where).toBe(!s.matches('closed'));
  if (s.matches('preview')) {
    expect(context.preview, where).not.toBeNull();
    expect(context.fileIssue, where).toBeNull();
  }
  if (s.matches('fileRefused')) expect(context.preview, where).toBeNull();
  // Nothing is sent without a row to import, and what is sent is the chosen file for the target.
  if (s.matches('submitting')) {
    expect(context.preview?.preview.validCount, where).toBeGreaterThan(0);
    if (started.length) expect(started[0]!.input, where).toEqual({ file, target: context.target });
  }
  // Reading a file is not sending it: nothing is announced before the server answered.
  const answered = event.type === 'xstate.done.actor.submitImport';
  expect(emitted, where).toEqual(
    answered ? [{ type: 'import.submitted', taskUuid: 'task-1', deposit: 'deposit-1' }] : [],
  );
  // A plain success closes the dialog; new refusals keep it open to be read.
  if (answered)
    expect(where, where).toBe(
      (event as { output?: unknown }).output === alsoRefused ? 'submitted' : 'closed',
    );
  if (s.matches('submitted'))
    expect(
      context.serverIssues.map((i) => [i.row, i.code]),
      where,
    ).toEqual([[2, 'referenceExists']]);
  // A refusal keeps the file and the preview for another try.
  if (s.matches('failed') && previous?.matches('submitting')) {
    expect(context.file, where).toBe(file);
    expect(context.preview, where).toEqual(previous.context.preview);
    if (
      event.type === 'xstate.error.actor.submitImport' &&
      (event as { error?: unknown }).error === nameTaken
    )
      expect([context.errorCode, context.errorReason], where).toEqual([
        'duplicate',
        'DEPOSIT_NAME_EXISTS',
      ]);
  }
}

describePaths(
  'sheetImportMachine',
  walkPaths({
    machine: sheetImportMachine,
    events: [...EVENTS, ...SETTLE],
    errorOf: (s) => s.context.errorCode ?? s.context.fileIssue?.code ?? null,
    check,
  }),
  {
    title: 'of reading, sending, failing and cancelling',
    events: [
      EVENTS[0]!,
      EVENTS[2]!,
      EVENTS[3]!,
      EVENTS[4]!,
      ...[0, 2, 4, 5, 6].map((i) => SETTLE[i]!),
    ],
    atLeast: () => 9,
  },
);
