import { expect } from 'vitest';
import { fromCallback, setup, type EventObject, type SnapshotFrom } from 'xstate';
import { describePaths, walkPaths, type StepInfo } from '../testing/walkPaths.ts';
import type { uploadFileMachine } from './uploadFileMachine.ts';
import { uploadMachine, type UploadEvent } from './uploadMachine.ts';
import type { FileReport, FileStatus } from './uploadTypes.ts';

type Snapshot = SnapshotFrom<typeof uploadMachine>;

const photo = (name: string) =>
  new File([new Uint8Array([0xff, 0xd8, 0xff])], name, { type: 'image/jpeg' });
const FILES = [photo('a.jpg'), photo('b.jpg')];

/** What each file's machine heard from the batch during a step. */
let told: { id: string; type: string }[] = [];
const recordingFile = setup({}).createMachine({
  on: { '*': { actions: ({ event, self }) => void told.push({ id: self.id, type: event.type }) } },
});

// The files' machines are replaced by recorders in the graph and in the replays alike.
const batch = uploadMachine.provide({
  actors: {
    uploadFile: recordingFile as unknown as typeof uploadFileMachine,
    watchNetwork: fromCallback(() => {}),
  },
});

const report = (id: string, status: FileStatus): FileReport => ({
  type: 'file.changed',
  id,
  status,
  uuid: status === 'done' ? `uuid-${id}` : null,
});

/** What a file's machine may report next, from where the batch sees it. */
const NEXT: Readonly<Record<FileStatus, readonly FileStatus[]>> = {
  queued: ['cancelled'],
  resizing: ['prepared', 'failed', 'cancelled'],
  prepared: ['cancelled'],
  uploading: ['done', 'retrying', 'failed', 'cancelled'],
  retrying: ['uploading', 'cancelled'],
  failed: ['prepared', 'queued', 'cancelled'],
  done: [],
  cancelled: [],
};

const INTENTS: UploadEvent[] = [
  { type: 'upload.cancel' },
  { type: 'upload.cancelFile', id: 'file-2' },
  { type: 'upload.retry' },
  { type: 'upload.retryFile', id: 'file-1' },
  { type: 'upload.remove', id: 'file-1' },
  { type: 'upload.clear' },
  { type: 'network.online' },
];

function events(s: Snapshot): EventObject[] {
  return [
    ...(s.context.added === 0 ? [{ type: 'upload.add', files: FILES } as EventObject] : []),
    ...INTENTS,
    ...s.context.files.flatMap((f) => NEXT[f.status].map((status) => report(f.id, status))),
  ];
}

const serializeState = (s: Snapshot) =>
  JSON.stringify([s.value, s.context.added, s.context.files.map((f) => [f.id, f.status])]);

const PENDING: readonly FileStatus[] = ['queued', 'resizing', 'prepared', 'uploading', 'retrying'];
const statusOf = (s: Snapshot | null, id: string) =>
  s?.context.files.find((f) => f.id === id)?.status;

function check(s: Snapshot, { where, event, previous, emitted }: StepInfo<Snapshot>) {
  const heard = told;
  told = [];
  const files = s.context.files;
  // Slots: one photo resizing and one sending at a time here.
  expect(files.filter((f) => f.status === 'resizing').length, where).toBeLessThanOrEqual(1);
  expect(
    files.filter((f) => f.status === 'uploading' || f.status === 'retrying').length,
    where,
  ).toBeLessThanOrEqual(1);
  expect(s.hasTag('working'), where).toBe(files.some((f) => PENDING.includes(f.status)));
  // A free slot is never left unused.
  if (!files.some((f) => f.status === 'resizing'))
    expect(
      files.some((f) => f.status === 'queued'),
      where,
    ).toBe(false);
  if (!files.some((f) => f.status === 'uploading' || f.status === 'retrying'))
    expect(
      files.some((f) => f.status === 'prepared'),
      where,
    ).toBe(false);
  // Each step the batch starts is sent to that file's machine, and only those.
  for (const f of files) {
    const before = statusOf(previous, f.id) ?? 'queued';
    const reported = event.type === 'file.changed' && (event as FileReport).id === f.id;
    const from = reported ? (event as FileReport).status : before;
    const expected = [
      ...(from === 'queued' && f.status === 'resizing' ? ['file.resize'] : []),
      ...(from === 'prepared' && f.status === 'uploading' ? ['file.send'] : []),
    ];
    const commands = heard.filter(
      (h) => h.id === f.id && (h.type === 'file.resize' || h.type === 'file.send'),
    );
    expect(
      commands.map((c) => c.type),
      `${where} ${f.id}`,
    ).toEqual(expected);
  }
  // Intents reach the files they concern.
  const to = (type: string) => heard.filter((h) => h.type === type).map((h) => h.id);
  if (event.type === 'upload.cancel')
    expect(to('file.cancel'), where).toEqual(
      (previous?.context.files ?? []).filter((f) => PENDING.includes(f.status)).map((f) => f.id),
    );
  if (event.type === 'upload.retry')
    expect(to('file.retry'), where).toEqual(
      (previous?.context.files ?? []).filter((f) => f.status === 'failed').map((f) => f.id),
    );
  if (event.type === 'upload.retryFile')
    expect(to('file.retry'), where).toEqual(
      statusOf(previous, 'file-1') === 'failed' ? ['file-1'] : [],
    );
  if (event.type === 'network.online')
    expect(to('file.online'), where).toEqual(
      (previous?.context.files ?? []).filter((f) => f.status === 'retrying').map((f) => f.id),
    );
  // Removing takes only settled files off the list.
  if (event.type === 'upload.remove') {
    const was = statusOf(previous, 'file-1');
    expect(statusOf(s, 'file-1'), where).toBe(was && PENDING.includes(was) ? was : undefined);
  }
  if (event.type === 'upload.clear')
    expect(
      files.some((f) => f.status === 'done' || f.status === 'cancelled'),
      where,
    ).toBe(false);
  // Each stored photo is announced once, with its uuid.
  const stored = emitted.filter((e) => e.type === 'upload.stored');
  const doneReport = event.type === 'file.changed' && (event as FileReport).status === 'done';
  expect(stored, where).toEqual(
    doneReport ? [{ type: 'upload.stored', uuid: (event as FileReport).uuid }] : [],
  );
}

describePaths(
  'uploadMachine',
  walkPaths({
    machine: batch,
    input: {
      destination: { kind: 'product', product: 'product-1' },
      resizeSlots: 1,
      uploadSlots: 1,
    },
    events,
    provide: { watchNetwork: fromCallback(() => {}) },
    serializeState,
    busyTag: null,
    check,
  }),
  {
    title: 'of two photos stored, failing and retried',
    // Reports and the batch retry only: cancels, removal and drops are the shortest paths' part.
    events: (s) =>
      events(s).filter(
        (e) =>
          e.type === 'upload.add' ||
          e.type === 'upload.retry' ||
          (e.type === 'file.changed' &&
            !['cancelled', 'retrying', 'queued'].includes((e as FileReport).status)),
      ),
    limit: 2000,
    atLeast: () => 20,
    timeout: 120_000,
  },
);
