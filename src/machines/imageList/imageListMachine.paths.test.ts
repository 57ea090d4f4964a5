import { Code, ConnectError } from '@connectrpc/connect';
import { expect } from 'vitest';
import type { EventObject, SnapshotFrom } from 'xstate';
import { describePaths, done, failure, walkPaths, type StepInfo } from '../testing/walkPaths.ts';
import { renumber, type ImageItem, type ImageListOwner } from './imageItem.ts';
import {
  imageListMachine,
  type ImageListEmitted,
  type ImageListEvent,
} from './imageListMachine.ts';

type Snapshot = SnapshotFrom<typeof imageListMachine>;

const OWNER: ImageListOwner = { kind: 'deposit', uuid: 'deposit-1' };
const PRODUCT: ImageListOwner = { kind: 'product', uuid: 'product-1' };

const photo = (n: number): ImageItem => ({
  uuid: `photo-${n}`,
  image: `key-${n}.webp`,
  image256: `thumb-${n}.webp`,
  order: n,
  rotation: 0,
  cluster: 0,
  takenAt: n * 1000,
});
const LOADED = [photo(1), photo(2), photo(3)];
const refused = (code: Code) => new ConnectError('{"code":"REFUSED"}', code);

/** User events follow the list on screen: reverse it, drop or move its first photo. */
function userEvents(s: Snapshot): ImageListEvent[] {
  const uuids = s.context.items.map((item) => item.uuid);
  const first = uuids[0] ?? 'photo-1';
  return [
    { type: 'list.reload' },
    { type: 'list.retry' },
    { type: 'list.dismiss' },
    { type: 'list.reorder', uuids: [...uuids].reverse() },
    { type: 'list.delete', uuid: first },
    { type: 'list.move', uuid: first, to: PRODUCT },
    { type: 'list.move', uuid: first, to: OWNER },
  ];
}

/** The server answers the order it was sent. */
const settle = (s: Snapshot): EventObject[] => [
  done('loadImages', LOADED),
  failure('loadImages', refused(Code.Unavailable)),
  done('reorderImages', renumber(s.context.items)),
  failure('reorderImages', refused(Code.Aborted)),
  done('deleteImage'),
  failure('deleteImage', refused(Code.PermissionDenied)),
  done('moveImage'),
  failure('moveImage', refused(Code.FailedPrecondition)),
];

function check(s: Snapshot, { where, event, previous, emitted, started }: StepInfo<Snapshot>) {
  const { items } = s.context;
  // Positions are always 1..n in list order.
  expect(
    items.map((item) => item.order),
    where,
  ).toEqual(items.map((_, index) => index + 1));
  // A refusal puts back the list as it was before the change.
  if (s.matches({ ready: 'refused' }) && event.type.startsWith('xstate.error.actor.'))
    expect(items.map((i) => i.uuid)).toEqual(
      previous!.context.previous.map((i: ImageItem) => i.uuid),
    );
  // The calls carry what the screen shows.
  for (const call of started) {
    if (call.id === 'reorderImages')
      expect(call.input).toEqual({ owner: OWNER, uuids: items.map((i) => i.uuid) });
    if (call.id === 'moveImage') {
      expect(call.input).toMatchObject({ from: OWNER, to: PRODUCT });
      expect(items.some((i) => i.uuid === (call.input as { uuid: string }).uuid)).toBe(false);
    }
  }
  // Only a saved move is announced, once, to the list that gained the photo.
  const moved = (emitted as ImageListEmitted[]).filter((e) => e.type === 'images.moved');
  expect(moved.length, where).toBe(event.type === 'xstate.done.actor.moveImage' ? 1 : 0);
  for (const e of moved) expect(e.to).toEqual(PRODUCT);
  // A move to the same list is ignored.
  if (
    event.type === 'list.move' &&
    (event as unknown as { to: ImageListOwner }).to.kind === 'deposit'
  )
    expect(s.value, where).toEqual(previous!.value);
  if (s.hasTag('editable')) expect(s.context.previous, where).toEqual([]);
}

describePaths(
  'imageListMachine',
  walkPaths({
    machine: imageListMachine,
    input: { owner: OWNER },
    events: (s) => [...userEvents(s), ...settle(s)],
    errorOf: (s) => s.context.errorCode,
    check,
  }),
  {
    title: 'of one change at a time',
    events: (s) => [
      { type: 'list.reload' },
      ...userEvents(s).slice(3, 5),
      done('loadImages', LOADED),
      done('reorderImages', renumber(s.context.items)),
      failure('reorderImages', refused(Code.Aborted)),
      done('deleteImage'),
    ],
    atLeast: () => 10,
  },
);
