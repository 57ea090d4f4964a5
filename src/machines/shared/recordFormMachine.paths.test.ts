import { Code, ConnectError } from '@connectrpc/connect';
import { expect } from 'vitest';
import type { AnyMachineSnapshot } from 'xstate';
import { describePaths, done, failure, walkPaths, type StepInfo } from '../testing/walkPaths.ts';
import { changedFields, normalise } from './recordForm.ts';
import { recordFormMachine } from './recordFormMachine.ts';

/** The smallest record a form can edit: one required name and a phone. */
interface Note {
  readonly uuid: string;
  readonly rowVersion: number;
  readonly name: string;
  readonly phoneNumber: string;
}
type NoteDraft = Pick<Note, 'name' | 'phoneNumber'>;
type NoteField = keyof NoteDraft;

const draftOf = (note: Note): NoteDraft => ({ name: note.name, phoneNumber: note.phoneNumber });
const functions = {
  draftOf,
  validate: (draft: NoteDraft) =>
    draft.name.trim() === '' ? { name: 'required' as const } : ({} as { name?: 'required' }),
  normalise: (field: NoteField, value: string | boolean) => normalise(field, value),
  changedFields: (note: Note, draft: NoteDraft) =>
    changedFields<Note, NoteDraft, NoteField>(['name', 'phoneNumber'], draftOf, note, draft),
};
const names = {
  id: 'note',
  idKey: 'noteUuid',
  recordKey: 'note',
  load: 'loadNote',
  save: 'saveNote',
} as const;

const NOTE: Note = { uuid: 'n-1', rowVersion: 1, name: 'Martin', phoneNumber: '0612345678' };
const SAVED: Note = { ...NOTE, rowVersion: 2, phoneNumber: '0700000000' };

const events = (viewing: boolean) => [
  ...(viewing ? [{ type: 'note.edit' }, { type: 'note.cancel' }] : []),
  { type: 'note.change', field: 'phoneNumber', value: '07 00 00 00 00' },
  { type: 'note.change', field: 'name', value: '' },
  { type: 'note.save' },
  { type: 'note.retry' },
  { type: 'note.reload' },
  done('loadNote', NOTE),
  failure('loadNote', new ConnectError('down', Code.Unavailable)),
  done('saveNote', SAVED),
  failure('saveNote', new ConnectError('stale', Code.Aborted)),
  failure('saveNote', new ConnectError('refused', Code.FailedPrecondition)),
];

interface NoteContext {
  readonly note: Note | null;
  readonly draft: NoteDraft | null;
  readonly fieldErrors: Partial<Record<NoteField, string>>;
  readonly touched: readonly NoteField[];
  readonly errorCode: string | null;
}
const contextOf = (s: AnyMachineSnapshot) => s.context as NoteContext;

function check(
  s: AnyMachineSnapshot,
  { where, event, emitted, started }: StepInfo<AnyMachineSnapshot>,
) {
  const context = contextOf(s);
  // The phone input strips whitespace before anything is validated or saved.
  if (context.draft) expect(context.draft.phoneNumber, where).not.toMatch(/\s/);
  // A save starts only with a valid draft that changed something, and sends only those fields.
  for (const call of started.filter((c) => c.id === 'saveNote')) {
    const input = call.input as { note: Note; fields: NoteField[] };
    expect(Object.keys(context.fieldErrors), where).toEqual([]);
    expect(input.fields.length, where).toBeGreaterThan(0);
    expect(input.note.rowVersion, where).toBe(context.note?.rowVersion);
  }
  if (event.type === 'xstate.done.actor.saveNote') {
    expect(emitted, where).toEqual([{ type: 'note.saved' }]);
    expect(context.note, where).toEqual(SAVED);
  }
  // A stale version is never saved over: the only way on is to reload.
  if (s.hasTag('stale')) expect(s.can({ type: 'note.save' }), where).toBe(false);
  if (s.hasTag('editable')) expect(context.draft, where).not.toBeNull();
}

/**
 * With a read-only view, a refused save goes back to editing and keeps its code for the form
 * (docs/decisions.md); every other code sits in a state tagged error.
 */
function checkRefusalKept(s: AnyMachineSnapshot, step: StepInfo<AnyMachineSnapshot>) {
  check(s, step);
  const { errorCode } = contextOf(s);
  if (s.hasTag('error')) expect(errorCode, step.where).not.toBeNull();
  else if (errorCode !== null) {
    expect(s.matches('editing'), step.where).toBe(true);
    const refused = step.emitted.find((e) => e.type === 'note.saveFailed');
    expect(refused ?? contextOf(step.previous!).errorCode, step.where).toBeTruthy();
  }
}

for (const viewing of [false, true]) {
  describePaths(
    `recordFormMachine (${viewing ? 'with' : 'without'} a read-only view)`,
    walkPaths({
      machine: recordFormMachine(functions, names, { viewing }),
      input: { noteUuid: 'n-1' },
      events: events(viewing),
      ...(viewing
        ? { check: checkRefusalKept }
        : { errorOf: (s: AnyMachineSnapshot) => contextOf(s).errorCode, check }),
    }),
  );
}
