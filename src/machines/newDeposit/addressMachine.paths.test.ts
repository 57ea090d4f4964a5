import { expect } from 'vitest';
import type { EventObject, SnapshotFrom } from 'xstate';
import { canSearchAddress, isFrenchAddress } from '../../domain/newDeposit/depositForm.ts';
import { describePaths, done, failure, walkPaths, type StepInfo } from '../testing/walkPaths.ts';
import { EMPTY_ADDRESS, addressMachine, type AddressEvent } from './addressMachine.ts';
import { GouvError, isCancellation, isTimeout, type AddressSuggestion } from './gouv.ts';

type Snapshot = SnapshotFrom<typeof addressMachine>;

const INPUT = { value: EMPTY_ADDRESS, picked: false, manual: false, minChars: 3 };
const PROPOSAL: AddressSuggestion = {
  label: '8 Rue de la Paix 75002 Paris',
  name: '8 Rue de la Paix',
  postalCode: '75002',
  city: 'Paris',
  longitude: 2.3316,
  latitude: 48.8686,
};
const aborted = Object.assign(new Error('The operation was aborted'), { name: 'AbortError' });

const USER_EVENTS: AddressEvent[] = [
  { type: 'address.typeStreet', text: '8 rue de la' },
  { type: 'address.typeStreet', text: 'ab' },
  { type: 'address.pick', index: 0 },
  { type: 'address.pick', index: 1 },
  { type: 'address.clearStreet' },
  { type: 'address.blurStreet' },
  { type: 'address.closeProposals' },
  { type: 'address.edit', field: 'city', value: 'Lyon' },
  { type: 'address.edit', field: 'street', value: 'Rue Haute 12' },
  { type: 'address.selectCountry', code: 'BE' },
  { type: 'address.selectCountry', code: 'FR' },
  { type: 'address.retryLookup' },
];
const ACTOR_EVENTS: EventObject[] = [
  done('searchAddresses', [PROPOSAL]),
  done('searchAddresses', []),
  failure('searchAddresses', new GouvError('https://api-adresse.data.gouv.fr answered 502')),
  failure('searchAddresses', aborted),
  failure('searchAddresses', new GouvError('no answer within 4000 ms', 'timedOut')),
  done('loadDepartments', [{ code: '75', name: 'Paris' }]),
  failure('loadDepartments', new GouvError('https://geo.api.gouv.fr answered 500')),
  failure('loadDepartments', aborted),
];

/**
 * What decides where the form can go: the regions, a French country, the pick, proposals and
 * departments present, a touched street, the address service's state. The letters typed are checked, not
 * told apart (they would multiply the states without opening new ways).
 */
const serializeState = (s: Snapshot) => {
  const c = s.context;
  return JSON.stringify([
    s.value,
    isFrenchAddress(c.value.country),
    c.picked,
    c.proposals.length,
    c.departments.length,
    c.streetTouched,
    c.lookup,
  ]);
};

function check(s: Snapshot, { where, event, previous, started }: StepInfo<Snapshot>): void {
  const c = s.context;
  const french = isFrenchAddress(c.value.country);
  for (const { id, input } of started) {
    if (id !== 'searchAddresses') continue;
    // Only a French street long enough is searched, with the text typed last.
    expect(input, where).toEqual({ text: c.query });
    expect(french && canSearchAddress(c.query, c.minChars), where).toBe(true);
  }
  // A picked street is French and placed; an unpicked one has no coordinates.
  if (c.picked) expect(french, where).toBe(true);
  expect(c.value.latitude !== null && c.value.longitude !== null, where).toBe(c.picked);
  expect(s.hasTag('searching'), where).toBe(s.matches({ search: 'searching' }));
  expect(s.hasTag('departmentsFailed'), where).toBe(s.matches({ departments: 'failed' }));
  if (c.departments.length > 0) expect(s.matches({ departments: 'loaded' }), where).toBe(true);
  if (!previous) return;
  const p = previous.context;
  if (event.type === 'address.pick' && c.picked !== p.picked) {
    expect(c.value, where).toMatchObject({
      street: PROPOSAL.name,
      city: PROPOSAL.city,
      postalCode: PROPOSAL.postalCode,
    });
    expect(c.proposals, where).toEqual([]);
  }
  if (event.type === 'address.typeStreet')
    expect([c.picked, c.query], where).toEqual([false, c.value.street]);
  if (p.streetTouched) expect(c.streetTouched, where).toBe(true);
  // The department list loads once, whatever happens to the street beside it.
  if (!previous.matches({ departments: 'loading' }))
    expect(s.matches({ departments: 'loading' }), `${where}: departments load once`).toBe(false);
  // A failed search turns to typing by hand, a timed-out one says so; a failed department list or
  // a cancelled search (a newer one took over) changes nothing; only the visitor turns it back.
  const error = (event as { error?: unknown }).error;
  if (event.type === 'xstate.error.actor.searchAddresses' && !isCancellation(error))
    expect(c.lookup, where).toBe(isTimeout(error) ? 'timedOut' : 'failed');
  else if (event.type === 'address.retryLookup') expect(c.lookup, where).toBe('available');
  else expect(c.lookup, where).toBe(p.lookup);
  // Typing by hand never searches.
  if (c.lookup !== 'available') expect(s.matches({ search: 'searching' }), where).toBe(false);
}

const walk = walkPaths({
  machine: addressMachine,
  input: INPUT,
  events: [...USER_EVENTS, ...ACTOR_EVENTS],
  serializeState,
  busyTag: 'searching',
  background: ['loadDepartments'],
  check,
});

// One outcome per search, departments left loading: the simple paths stay countable.
describePaths('addressMachine', walk, {
  title: 'of a French street search',
  events: [
    USER_EVENTS[0]!,
    USER_EVENTS[2]!,
    USER_EVENTS[4]!,
    USER_EVENTS[11]!,
    ...ACTOR_EVENTS.slice(0, 3),
    ACTOR_EVENTS[4]!,
  ],
  atLeast: () => 11,
});
