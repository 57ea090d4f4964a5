import { Code, ConnectError } from '@connectrpc/connect';
import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { addressMachine } from './addressMachine.ts';
import { isAddressTyped, toDraft } from './draftMapping.ts';
import type { AddressSuggestion, Department } from './gouv.ts';
import { newDepositMachine } from './newDepositMachine.ts';
import type { ReferenceLists, Restored, Saved, SaveInput, Step } from './newDepositTypes.ts';
import {
  CONTACT,
  CRITERIA,
  CUSTOMER,
  FRESH,
  INFO,
  LISTS,
  RESUMED,
  SAVED,
  SHIRTS,
} from './newDepositFixtures.ts';

/** The real address form with government services that never answer (none is needed here). */
const quietAddress = addressMachine.provide({
  actors: {
    searchAddresses: fromPromise<AddressSuggestion[], { text: string }>(
      () => new Promise(() => undefined),
    ),
    loadDepartments: fromPromise<Department[]>(() => new Promise(() => undefined)),
  },
});

interface Stubs {
  restore?: () => Promise<Restored>;
  save?: (input: SaveInput) => Promise<Saved>;
  lists?: () => Promise<ReferenceLists>;
  submit?: (input: SaveInput) => Promise<void>;
}

function start(stubs: Stubs = {}, requestedStep: Step = 'contact') {
  const saved: SaveInput[] = [];
  const save = (input: SaveInput) => {
    saved.push(input);
    return stubs.save?.(input) ?? Promise.resolve(SAVED);
  };
  const machine = newDepositMachine.provide({
    actors: {
      restoreDraft: fromPromise(() => stubs.restore?.() ?? Promise.resolve(FRESH)),
      saveContact: fromPromise(({ input }: { input: SaveInput }) => save(input)),
      saveCriteria: fromPromise(({ input }: { input: SaveInput }) => save(input)),
      saveInfo: fromPromise(({ input }: { input: SaveInput }) => save(input)),
      loadLists: fromPromise(() => stubs.lists?.() ?? Promise.resolve(LISTS)),
      submitDraft: fromPromise(({ input }: { input: SaveInput }) =>
        stubs.submit ? stubs.submit(input) : Promise.resolve(),
      ),
      address: quietAddress,
    },
  });
  const actor = createActor(machine, { input: { requestedStep, minChars: 3 } }).start();
  return { actor, saved };
}

function fillContact(actor: ReturnType<typeof start>['actor']) {
  for (const [field, value] of Object.entries(CONTACT)) {
    actor.send({ type: 'newDeposit.editContact', field: field as keyof typeof CONTACT, value });
  }
}

describe('newDepositMachine', () => {
  it('shows the messages instead of saving an incomplete contact', async () => {
    const { actor, saved } = start();
    await waitFor(actor, (s) => s.hasTag('contact'));
    actor.send({ type: 'newDeposit.next' });
    expect(actor.getSnapshot().context.showErrors).toBe(true);
    expect(actor.getSnapshot().matches({ contact: 'editing' })).toBe(true);
    expect(saved).toHaveLength(0);
  });

  it('strips whitespace from the phone number as it is typed', async () => {
    const { actor } = start();
    await waitFor(actor, (s) => s.hasTag('contact'));
    actor.send({ type: 'newDeposit.editContact', field: 'phoneNumber', value: '06 12\t34 56 78' });
    expect(actor.getSnapshot().context.contact.phoneNumber).toBe('0612345678');
  });

  it('saves the contact, then loads the lists and opens the criteria', async () => {
    const { actor, saved } = start();
    await waitFor(actor, (s) => s.hasTag('contact'));
    fillContact(actor);
    actor.send({ type: 'newDeposit.next' });
    await waitFor(actor, (s) => s.matches({ criteria: 'editing' }));
    const { context } = actor.getSnapshot();
    expect(saved[0]?.contact).toEqual(CONTACT);
    expect(saved[0]?.token).toBe(FRESH.token);
    expect(context.customerUuid).toBe(CUSTOMER);
    expect(context.reached).toBe('criteria');
    expect(context.lists).toEqual(LISTS);
    // The info step is not reached yet; the contact step is.
    expect(actor.getSnapshot().can({ type: 'newDeposit.goTo', step: 'info' })).toBe(false);
    actor.send({ type: 'newDeposit.goTo', step: 'contact' });
    expect(actor.getSnapshot().hasTag('contact')).toBe(true);
  });

  it('opens the step the address asks for when it was reached, else the furthest one', async () => {
    const resumed = start({ restore: () => Promise.resolve(RESUMED) }, 'info');
    await waitFor(resumed.actor, (s) => s.matches({ info: 'editing' }));
    const early = start({ restore: () => Promise.resolve(RESUMED) }, 'criteria');
    await waitFor(early.actor, (s) => s.matches({ criteria: 'editing' }));
    const tooFar = start({ restore: () => Promise.resolve(FRESH) }, 'info');
    await waitFor(tooFar.actor, (s) => s.hasTag('contact'));
  });

  it('drops categories of another family when the family changes', async () => {
    const { actor } = start(
      {
        restore: () =>
          Promise.resolve({
            ...RESUMED,
            criteria: { ...CRITERIA, categories: [CRITERIA.categories[0]!, SHIRTS] },
          }),
      },
      'criteria',
    );
    await waitFor(actor, (s) => s.matches({ criteria: 'editing' }));
    actor.send({ type: 'newDeposit.editCriteria', field: 'family', value: 'MAN' });
    expect(actor.getSnapshot().context.criteria.categories).toEqual([SHIRTS]);
  });

  it('keeps a failed save as an error state with its code, and tries again on Continue', async () => {
    let fail = true;
    const { actor } = start({
      save: () =>
        fail
          ? Promise.reject(new ConnectError('{"code":"FORBIDDEN"}', Code.PermissionDenied))
          : Promise.resolve(SAVED),
    });
    await waitFor(actor, (s) => s.hasTag('contact'));
    fillContact(actor);
    actor.send({ type: 'newDeposit.next' });
    await waitFor(actor, (s) => s.hasTag('error'));
    expect(actor.getSnapshot().context.errorCode).toBe('forbidden');
    fail = false;
    actor.send({ type: 'newDeposit.next' });
    await waitFor(actor, (s) => s.hasTag('criteria'));
    expect(actor.getSnapshot().context.errorCode).toBeNull();
  });

  it('refuses an address not picked among the proposals, then saves and submits', async () => {
    const submitted: SaveInput[] = [];
    const { actor } = start(
      {
        restore: () => Promise.resolve({ ...RESUMED, addressPicked: false }),
        submit: (input) => {
          submitted.push(input);
          return Promise.resolve();
        },
      },
      'info',
    );
    await waitFor(actor, (s) => s.matches({ info: 'editing' }));
    actor.send({ type: 'newDeposit.next' });
    expect(actor.getSnapshot().context.showErrors).toBe(true);
    expect(actor.getSnapshot().matches({ info: 'editing' })).toBe(true);
    actor.send({ type: 'address.changed', value: INFO.address, picked: true, manual: false });
    actor.send({ type: 'newDeposit.next' });
    await waitFor(actor, (s) => s.hasTag('done'));
    expect(submitted[0]?.customerUuid).toBe(CUSTOMER);
  });

  it('sends a French address typed by hand while the address service is down, marked typed', async () => {
    const submitted: SaveInput[] = [];
    const { actor } = start(
      {
        restore: () => Promise.resolve({ ...RESUMED, addressPicked: false }),
        submit: (input) => {
          submitted.push(input);
          return Promise.resolve();
        },
      },
      'info',
    );
    await waitFor(actor, (s) => s.matches({ info: 'editing' }));
    const typed = { ...INFO.address, latitude: null, longitude: null };
    actor.send({ type: 'address.changed', value: typed, picked: false, manual: false });
    actor.send({ type: 'newDeposit.next' });
    expect(actor.getSnapshot().matches({ info: 'editing' })).toBe(true);
    actor.send({ type: 'address.changed', value: typed, picked: false, manual: true });
    actor.send({ type: 'newDeposit.next' });
    await waitFor(actor, (s) => s.hasTag('done'));
    expect(submitted[0]?.addressManual).toBe(true);
    expect(isAddressTyped(submitted[0]!)).toBe(true);
    expect(toDraft(submitted[0]!, null).isAddressTyped).toBe(true);
  });

  it('ends in an error state when the draft cannot be loaded, and retries', async () => {
    let attempts = 0;
    const { actor } = start({
      restore: () => {
        attempts += 1;
        return attempts === 1
          ? Promise.reject(new TypeError('Failed to fetch'))
          : Promise.resolve(FRESH);
      },
    });
    await waitFor(actor, (s) => s.matches('loadFailed'));
    expect(actor.getSnapshot().status).toBe('active');
    actor.send({ type: 'newDeposit.retry' });
    await waitFor(actor, (s) => s.hasTag('contact'));
  });
});
