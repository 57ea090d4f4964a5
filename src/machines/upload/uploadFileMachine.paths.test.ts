import { Code, ConnectError } from '@connectrpc/connect';
import { expect } from 'vitest';
import type { EventObject, SnapshotFrom } from 'xstate';
import { describePaths, done, failure, walkPaths, type StepInfo } from '../testing/walkPaths.ts';
import { MAX_ATTEMPTS, uploadFileMachine } from './uploadFileMachine.ts';
import { PhotoRefused, type PreparedPhoto, type UploadFileInput } from './uploadTypes.ts';

const machine = uploadFileMachine.provide({ delays: { backoff: 1000 } });
type Snapshot = SnapshotFrom<typeof machine>;

const INPUT: UploadFileInput = {
  id: 'file-1',
  file: new File([new Uint8Array([0xff, 0xd8, 0xff])], 'IMG_0001.jpg', { type: 'image/jpeg' }),
  destination: { kind: 'deposit', deposit: 'deposit-1', uploadedFrom: 'VENDOR' },
  maxSide: 1080,
  uploadKey: 'key-1',
};
const PHOTO: PreparedPhoto = {
  image: new Uint8Array([1]),
  image256: new Uint8Array([2]),
  image32: new Uint8Array([3]),
  thumbnail: null,
  takenAt: 1_700_000_000_000,
};
const DROP = new ConnectError('offline', Code.Unavailable);
const CORRUPT = new ConnectError(JSON.stringify({ code: 'IMAGE_CORRUPT' }), Code.InvalidArgument);

const INTENTS: EventObject[] = [
  { type: 'file.resize' },
  { type: 'file.send' },
  { type: 'file.cancel' },
  { type: 'file.retry' },
  { type: 'file.online' },
];
const SETTLE: EventObject[] = [
  done('resizePhoto', PHOTO),
  failure('resizePhoto', new PhotoRefused('IMAGE_NOT_AN_IMAGE')),
  done('sendPhoto', 'image-uuid'),
  failure('sendPhoto', DROP),
  failure('sendPhoto', CORRUPT),
];

const serializeState = (s: Snapshot) =>
  JSON.stringify([
    s.value,
    s.context.attempts,
    s.context.errorCode,
    !!s.context.photo,
    s.context.uuid,
  ]);

function check(s: Snapshot, { where, event, previous, started }: StepInfo<Snapshot>) {
  const { context } = s;
  expect(context.attempts, where).toBeLessThanOrEqual(MAX_ATTEMPTS);
  // Every attempt sends the same photo under the same key: a retried upload stores it once.
  for (const { id, input } of started) {
    if (id === 'sendPhoto')
      expect(input, where).toEqual({
        destination: INPUT.destination,
        name: 'IMG_0001.jpg',
        photo: PHOTO,
        uploadKey: 'key-1',
      });
    if (id === 'resizePhoto') expect(input, where).toEqual({ file: INPUT.file, maxSide: 1080 });
  }
  if (s.matches('done')) expect(context.uuid, where).toBe('image-uuid');
  else expect(context.uuid, where).toBeNull();
  if (s.matches('prepared') || s.matches('uploading') || s.matches('retrying'))
    expect(context.photo, where).toBe(PHOTO);
  // A network drop waits and tries again until the attempts run out; a refusal fails at once.
  if (event === SETTLE[3] && previous?.matches('uploading'))
    expect(where, where).toBe(previous.context.attempts < MAX_ATTEMPTS ? 'retrying' : 'failed');
  if (event === SETTLE[4]) expect(context.errorCode, where).toBe('corrupt');
  if (event === SETTLE[1]) expect(context.errorCode, where).toBe('notAnImage');
  if (s.matches('failed') && previous?.matches('uploading') && event === SETTLE[3])
    expect(context.errorCode, where).toBe('unavailable');
  // A retry after a failed upload sends the resized photo again, without resizing it again.
  if (event.type === 'file.retry' && previous?.matches('failed'))
    expect(where, where).toBe(previous.context.photo ? 'prepared' : 'queued');
  if (event.type === 'file.cancel' && previous && !previous.matches('done'))
    expect(where, where).toBe('cancelled');
}

describePaths(
  'uploadFileMachine',
  walkPaths({
    machine,
    input: INPUT,
    events: [...INTENTS, ...SETTLE],
    serializeState,
    errorOf: (s) => s.context.errorCode,
    check,
  }),
  {
    title: 'without network drops',
    // Without drops the attempts stay at one: a handful of simple paths cover the lifecycle.
    atLeast: () => 10,
    events: [...INTENTS.slice(0, 4), SETTLE[0]!, SETTLE[1]!, SETTLE[2]!, SETTLE[4]!],
  },
);
