import { Code, ConnectError } from '@connectrpc/connect';
import { expect } from 'vitest';
import type { SnapshotFrom } from 'xstate';
import { describePaths, done, failure, walkPaths, type StepInfo } from '../testing/walkPaths.ts';
import type { ProfileRecord } from './profileForm.ts';
import { profileMachine, type ProfileEvent } from './profileMachine.ts';

type Snapshot = SnapshotFrom<typeof profileMachine>;

const RECORD: ProfileRecord = {
  uuid: 'vendor-1',
  rowVersion: 1,
  firstName: 'Léa',
  lastName: 'Martin',
  phoneNumber: '0612345678',
  address: '8 rue des Lilas',
  postalCode: '75011',
  city: 'Paris',
  availability: 'AVAILABLE',
  favoriteFamily: null,
  subscription: 'sub-1',
};
const SAVED: ProfileRecord = { ...RECORD, rowVersion: 2, availability: 'UNAVAILABLE' };

const EVENTS = [
  { type: 'profile.change', field: 'available', value: false },
  { type: 'profile.change', field: 'city', value: '' },
  { type: 'profile.save' },
  { type: 'profile.retry' },
  { type: 'profile.reload' },
  done('loadProfile', RECORD),
  failure('loadProfile', new ConnectError('down', Code.Unavailable)),
  done('saveProfile', SAVED),
  failure('saveProfile', new ConnectError('stale', Code.Aborted)),
  failure('saveProfile', new ConnectError('down', Code.Unavailable)),
] as unknown as ProfileEvent[];

function check(s: Snapshot, { where, event, emitted, started }: StepInfo<Snapshot>) {
  // A save starts only with a valid draft that changed something.
  for (const call of started.filter((c) => c.id === 'saveProfile')) {
    expect(Object.keys(s.context.fieldErrors), where).toEqual([]);
    expect((call.input as { fields: string[] }).fields.length, where).toBeGreaterThan(0);
  }
  if (event.type === 'xstate.done.actor.saveProfile')
    expect(emitted, where).toEqual([{ type: 'profile.saved' }]);
  if (s.hasTag('editable')) expect(s.context.draft, where).not.toBeNull();
}

describePaths(
  'profileMachine',
  walkPaths({
    machine: profileMachine,
    input: { vendorUuid: 'vendor-1' },
    events: EVENTS,
    errorOf: (s) => s.context.errorCode,
    check,
  }),
);
