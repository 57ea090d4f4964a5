import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { startGouvDouble, type GouvDouble } from '../../../tests/helpers/gouvDouble.ts';
import { addressMachine, EMPTY_ADDRESS } from './addressMachine.ts';
import {
  fetchDepartments,
  searchAddresses,
  type AddressSuggestion,
  type Department,
} from './gouv.ts';

let double: GouvDouble;

beforeAll(async () => {
  double = await startGouvDouble();
  double.slowMs = 800;
});

afterAll(async () => {
  await double.close();
});

/** The address machine on the double of the government services, over real HTTP. */
function start(picked = false, timeoutMs = 3000) {
  const machine = addressMachine.provide({
    actors: {
      searchAddresses: fromPromise<AddressSuggestion[], { text: string }>(({ input, signal }) =>
        searchAddresses(double.addressApiUrl, input.text, signal, fetch, timeoutMs),
      ),
      loadDepartments: fromPromise(({ signal }) =>
        fetchDepartments(double.geoApiUrl, signal, fetch, timeoutMs),
      ),
    },
  });
  return createActor(machine, {
    input: { value: EMPTY_ADDRESS, picked, manual: false, minChars: 3 },
  }).start();
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('gouv calls', () => {
  it('asks q, limit=20 and type=housenumber and reads the GeoJSON answer', async () => {
    const before = double.searches.length;
    const found = await searchAddresses(
      double.addressApiUrl,
      '8 rue de la paix',
      AbortSignal.timeout(5000),
    );
    const asked = double.searches[before]!;
    expect(Object.fromEntries(asked)).toEqual({
      q: '8 rue de la paix',
      limit: '20',
      type: 'housenumber',
    });
    expect(found).toEqual([
      {
        label: '8 Rue de la Paix 75002 Paris',
        name: '8 Rue de la Paix',
        postalCode: '75002',
        city: 'Paris',
        longitude: 2.331,
        latitude: 48.869,
      },
    ]);
  });

  it('reads the department list', async () => {
    const departments = await fetchDepartments(double.geoApiUrl, AbortSignal.timeout(5000));
    expect(departments).toContainEqual({ code: '75', name: 'Paris' });
  });
});

describe('addressMachine', () => {
  it('searches 500 ms after the last keystroke, only for searchable text, and picks', async () => {
    const actor = start();
    await waitFor(actor, (s) => s.matches({ departments: 'loaded' }));
    expect(actor.getSnapshot().context.departments.length).toBeGreaterThan(3);
    const before = double.searches.length;
    actor.send({ type: 'address.typeStreet', text: '8 r' });
    actor.send({ type: 'address.typeStreet', text: '-8 rue' });
    await sleep(700);
    expect(double.searches.length).toBe(before);
    actor.send({ type: 'address.typeStreet', text: '8 rue de la' });
    actor.send({ type: 'address.typeStreet', text: '8 rue de la paix' });
    expect(actor.getSnapshot().matches({ search: 'debouncing' })).toBe(true);
    await waitFor(actor, (s) => s.context.proposals.length > 0, { timeout: 3000 });
    expect(double.searches.length).toBe(before + 1);
    actor.send({ type: 'address.pick', index: 0 });
    const { value, picked } = actor.getSnapshot().context;
    expect(picked).toBe(true);
    expect(value).toMatchObject({ street: '8 Rue de la Paix', city: 'Paris', postalCode: '75002' });
    expect([value.latitude, value.longitude]).toEqual([48.869, 2.331]);
    actor.send({ type: 'address.clearStreet' });
    expect(actor.getSnapshot().context.value.street).toBe('');
    expect(actor.getSnapshot().context.picked).toBe(false);
    actor.stop();
  });

  it('turns to typing by hand after a failed search, until the visitor asks to search again', async () => {
    const actor = start();
    actor.send({ type: 'address.typeStreet', text: 'panne de service' });
    await waitFor(actor, (s) => s.context.lookup === 'failed', { timeout: 3000 });
    const before = double.searches.length;
    actor.send({ type: 'address.typeStreet', text: '8 rue de la paix' });
    expect(actor.getSnapshot().matches({ search: 'idle' })).toBe(true);
    await sleep(700);
    expect(double.searches.length).toBe(before);
    expect(actor.getSnapshot().context).toMatchObject({ picked: false, proposals: [] });
    actor.send({ type: 'address.retryLookup' });
    actor.send({ type: 'address.typeStreet', text: '8 rue de la paix ' });
    await waitFor(actor, (s) => s.context.proposals.length === 1, { timeout: 3000 });
    expect(actor.getSnapshot().context.lookup).toBe('available');
    actor.stop();
  });

  it('stops waiting for a hanging search after the time limit, and says it timed out', async () => {
    double.slowMs = 60_000;
    try {
      const actor = start(false, 600);
      const began = Date.now();
      actor.send({ type: 'address.typeStreet', text: 'lenteur du service' });
      await waitFor(actor, (s) => s.context.lookup === 'timedOut', { timeout: 3000 });
      expect(Date.now() - began).toBeLessThan(2500);
      expect(actor.getSnapshot().hasTag('searching')).toBe(false);
      actor.stop();
    } finally {
      double.slowMs = 800;
    }
  });

  it('stays silent for a superseded slow search', async () => {
    const actor = start();
    actor.send({ type: 'address.typeStreet', text: 'lenteur du service' });
    await waitFor(actor, (s) => s.matches({ search: 'searching' }), { timeout: 3000 });
    // Typing again cancels the slow search: no failure, no stale proposals.
    actor.send({ type: 'address.typeStreet', text: '3 place bellecour' });
    await waitFor(actor, (s) => s.context.proposals.length === 1, { timeout: 4000 });
    await sleep(900);
    expect(actor.getSnapshot().context.lookup).toBe('available');
    expect(actor.getSnapshot().context.proposals[0]?.city).toBe('Lyon');
    actor.stop();
  });

  it('leaves the department list empty, and the street searchable, when the geography service fails', async () => {
    double.departments = 'fail';
    try {
      const actor = start();
      await waitFor(actor, (s) => s.matches({ departments: 'failed' }), { timeout: 3000 });
      expect(actor.getSnapshot().context.departments).toEqual([]);
      expect(actor.getSnapshot().context.lookup).toBe('available');
      actor.stop();
    } finally {
      double.departments = 'ok';
    }
  });

  it('gives up on a hanging department list after the time limit', async () => {
    double.departments = 'slow';
    double.slowMs = 60_000;
    try {
      const actor = start(false, 500);
      await waitFor(actor, (s) => s.matches({ departments: 'failed' }), { timeout: 3000 });
      actor.stop();
    } finally {
      double.departments = 'ok';
      double.slowMs = 800;
    }
  });

  it('starts in typing by hand when the visitor was typing by hand before a reload', () => {
    const machine = addressMachine.provide({
      actors: {
        searchAddresses: fromPromise<AddressSuggestion[], { text: string }>(
          () => new Promise(() => undefined),
        ),
        loadDepartments: fromPromise<Department[]>(() => new Promise(() => undefined)),
      },
    });
    const actor = createActor(machine, {
      input: { value: EMPTY_ADDRESS, picked: false, manual: true, minChars: 3 },
    }).start();
    expect(actor.getSnapshot().context.lookup).toBe('failed');
    actor.send({ type: 'address.typeStreet', text: '8 rue de la paix' });
    expect(actor.getSnapshot().matches({ search: 'idle' })).toBe(true);
    actor.stop();
  });

  it('uses plain text outside France and unpicks a French street on any typing', () => {
    const actor = start();
    actor.send({ type: 'address.selectCountry', code: 'BE' });
    actor.send({ type: 'address.typeStreet', text: 'Rue Neuve 12' });
    expect(actor.getSnapshot().matches({ search: 'idle' })).toBe(true);
    actor.send({ type: 'address.edit', field: 'city', value: 'Bruxelles' });
    expect(actor.getSnapshot().context.value).toMatchObject({ country: 'BE', city: 'Bruxelles' });
    actor.stop();
  });
});
