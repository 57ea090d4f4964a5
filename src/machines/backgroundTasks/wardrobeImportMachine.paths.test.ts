import { Code, ConnectError } from '@connectrpc/connect';
import { expect } from 'vitest';
import type { SnapshotFrom } from 'xstate';
import { parseMarketplaceProfile } from '../../domain/marketplaceProfile.ts';
import { describePaths, done, failure, walkPaths, type StepInfo } from '../testing/walkPaths.ts';
import {
  profileUrlErrorKey,
  wardrobeImportMachine,
  type WardrobeImportEvent,
} from './wardrobeImportMachine.ts';

type Snapshot = SnapshotFrom<typeof wardrobeImportMachine>;

const GOOD = 'https://www.vinted.fr/member/1001-julie';
const EVENTS: WardrobeImportEvent[] = [
  { type: 'wardrobe.open' },
  { type: 'wardrobe.close' },
  { type: 'wardrobe.edit', value: GOOD },
  { type: 'wardrobe.edit', value: 'https://www.vinted.fr/items/12-robe' },
  { type: 'wardrobe.leave' },
  { type: 'wardrobe.submit' },
];
const SETTLE = [
  done('startImport', { taskUuid: 'task-1' }),
  failure(
    'startImport',
    new ConnectError(
      JSON.stringify({ code: 'PROFILE_URL_INVALID', message: 'not a profile' }),
      Code.InvalidArgument,
    ),
  ),
  failure('startImport', new ConnectError('down', Code.Unavailable)),
];

function check(s: Snapshot, { where, event, previous, emitted, started }: StepInfo<Snapshot>) {
  // The dialog shows while editing, starting or reading a failure.
  expect(s.hasTag('open'), where).toBe(['editing', 'starting', 'failed'].includes(where));
  // Only a profile address is ever sent, trimmed, as typed.
  if (started.length) {
    expect(started[0]!.input, where).toEqual({ profileUrl: previous!.context.profileUrl.trim() });
    expect(parseMarketplaceProfile(previous!.context.profileUrl), where).not.toBeNull();
  }
  // A refused start keeps the address; the server's verdict on it shows under the field.
  if (event.type === 'xstate.error.actor.startImport') {
    expect(s.context.profileUrl, where).toBe(previous!.context.profileUrl);
    const refused = s.context.reason === 'PROFILE_URL_INVALID';
    expect(profileUrlErrorKey(s.context) === 'tasks.wardrobeInvalidUrl', where).toBe(refused);
  }
  // A started import is announced once and leaves the dialog empty for the next one.
  expect(emitted.length, where).toBe(event.type === 'xstate.done.actor.startImport' ? 1 : 0);
  if (emitted.length) {
    expect(emitted[0], where).toEqual({ type: 'wardrobe.started', taskUuid: 'task-1' });
    expect(s.context.profileUrl, where).toBe('');
  }
  // A start attempt shows the field's message.
  if (event.type === 'wardrobe.submit' && !s.matches('closed'))
    expect(s.context.touched, where).toBe(true);
  if (s.matches('closed')) expect(s.context.errorCode, where).toBeNull();
}

describePaths(
  'wardrobeImportMachine',
  walkPaths({
    machine: wardrobeImportMachine,
    events: [...EVENTS, ...SETTLE],
    errorOf: (s) => s.context.errorCode,
    check,
  }),
  {
    title: 'of starting, failing and starting again',
    events: [EVENTS[0]!, EVENTS[2]!, EVENTS[5]!, EVENTS[1]!, ...SETTLE],
  },
);
