import { Code, ConnectError } from '@connectrpc/connect';
import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { uploadFileMachine } from './uploadFileMachine.ts';
import { uploadMachine } from './uploadMachine.ts';
import {
  PhotoRefused,
  type PreparedPhoto,
  type ResizeInput,
  type SendInput,
} from './uploadTypes.ts';

const photo = (name: string) =>
  new File([new Uint8Array([0xff, 0xd8, 0xff])], name, { type: 'image/jpeg' });
const prepared = (file: File): PreparedPhoto => ({
  image: new Uint8Array([1]),
  image256: new Uint8Array([2]),
  image32: new Uint8Array([3]),
  thumbnail: null,
  takenAt: file.lastModified,
});

/** A batch whose files resize and send through the given fakes, retries after 1 ms. */
function batch(
  resize: (input: ResizeInput) => Promise<PreparedPhoto>,
  send: (input: SendInput) => Promise<string>,
) {
  const file = uploadFileMachine.provide({
    actors: {
      resizePhoto: fromPromise(({ input }: { input: ResizeInput }) => resize(input)),
      sendPhoto: fromPromise(({ input }: { input: SendInput }) => send(input)),
    },
    delays: { backoff: 1 },
  });
  const actor = createActor(uploadMachine.provide({ actors: { uploadFile: file } }), {
    input: { destination: { kind: 'deposit', deposit: 'd-1' }, resizeSlots: 2, uploadSlots: 2 },
  });
  const stored: string[] = [];
  actor.on('upload.stored', (e) => stored.push(e.uuid));
  actor.start();
  const statuses = () =>
    Object.fromEntries(actor.getSnapshot().context.files.map((f) => [f.name, f.status]));
  return { actor, stored, statuses };
}

describe('upload batch', () => {
  it('stores every photo, resizing and sending at most two at a time', async () => {
    let resizing = 0;
    let most = 0;
    const { actor, stored } = batch(
      async (input) => {
        most = Math.max(most, ++resizing);
        await new Promise((r) => setTimeout(r, 5));
        resizing--;
        return prepared(input.file);
      },
      async (input) => `uuid-${input.name}`,
    );
    actor.send({
      type: 'upload.add',
      files: ['1.jpg', '2.jpg', '3.jpg', '4.jpg', '5.jpg'].map(photo),
    });
    await waitFor(actor, (s) => s.matches('idle'), { timeout: 2000 });
    expect(stored.sort()).toEqual([
      'uuid-1.jpg',
      'uuid-2.jpg',
      'uuid-3.jpg',
      'uuid-4.jpg',
      'uuid-5.jpg',
    ]);
    expect(most).toBe(2);
  });

  it('resumes after a network drop with the same upload key, and keeps a refused photo listed', async () => {
    const keys: string[] = [];
    let drops = 2;
    const { actor, stored, statuses } = batch(
      async (input) => {
        if (input.file.name === 'notes.jpg') throw new PhotoRefused('IMAGE_NOT_AN_IMAGE');
        return prepared(input.file);
      },
      async (input) => {
        keys.push(input.uploadKey);
        if (drops-- > 0) throw new ConnectError('offline', Code.Unavailable);
        return 'uuid-1';
      },
    );
    actor.send({ type: 'upload.add', files: [photo('photo.jpg'), photo('notes.jpg')] });
    await waitFor(actor, (s) => s.matches('idle'), { timeout: 2000 });
    expect(stored).toEqual(['uuid-1']);
    expect(keys).toHaveLength(3);
    expect(new Set(keys).size).toBe(1);
    expect(statuses()).toEqual({ 'photo.jpg': 'done', 'notes.jpg': 'failed' });
    const notes = actor.getSnapshot().context.files[1]!.ref.getSnapshot();
    expect(notes.context.errorCode).toBe('notAnImage');
    actor.send({ type: 'upload.remove', id: 'file-2' });
    expect(statuses()).toEqual({ 'photo.jpg': 'done' });
  });

  it('a server refusal fails the photo with its code; retry sends it again without resizing', async () => {
    let resized = 0;
    let refuse = true;
    const { actor, stored, statuses } = batch(
      async (input) => {
        resized++;
        return prepared(input.file);
      },
      async () => {
        if (refuse)
          throw new ConnectError(JSON.stringify({ code: 'IMAGE_TOO_LARGE' }), Code.InvalidArgument);
        return 'uuid-2';
      },
    );
    actor.send({ type: 'upload.add', files: [photo('big.jpg')] });
    await waitFor(actor, (s) => s.matches('idle'));
    expect(actor.getSnapshot().context.files[0]!.ref.getSnapshot().context.errorCode).toBe(
      'tooLarge',
    );
    refuse = false;
    actor.send({ type: 'upload.retry' });
    await waitFor(actor, (s) => s.matches('idle') && stored.length === 1);
    expect(statuses()).toEqual({ 'big.jpg': 'done' });
    expect(resized).toBe(1);
  });

  it('cancel stops the pending photos', async () => {
    const { actor, statuses } = batch(
      () => new Promise(() => {}),
      async () => 'never',
    );
    actor.send({ type: 'upload.add', files: [photo('a.jpg'), photo('b.jpg'), photo('c.jpg')] });
    actor.send({ type: 'upload.cancel' });
    await waitFor(actor, (s) => s.matches('idle'));
    expect(statuses()).toEqual({
      'a.jpg': 'cancelled',
      'b.jpg': 'cancelled',
      'c.jpg': 'cancelled',
    });
  });
});
