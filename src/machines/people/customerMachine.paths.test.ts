import { Code, ConnectError } from '@connectrpc/connect';
import { expect } from 'vitest';
import type { SnapshotFrom } from 'xstate';
import { describePaths, done, failure, walkPaths, type StepInfo } from '../testing/walkPaths.ts';
import { CUSTOMER_FORM_FIELDS, changedFields, validateCustomerDraft } from './customerForm.ts';
import { customerMachine, type CustomerEvent } from './customerMachine.ts';
import type { CustomerRow } from './peopleRows.ts';

type Snapshot = SnapshotFrom<typeof customerMachine>;

const UUID = 'customer-1';
const CUSTOMER: CustomerRow = {
  uuid: UUID,
  firstName: 'Clara',
  lastName: 'Cliente',
  email: 'customer@seconde.test',
  phoneNumber: '0611223344',
  address: '',
  postalCode: '75011',
  city: 'Paris',
  depositNumber: 1,
  productNumber: 4,
  preferedContactWay: 'EMAIL',
  language: '',
  acceptHomeTakeAway: false,
  acceptSendPostal: true,
  iban: '',
  ibanMasked: '',
  bic: '',
  accountHolder: '',
  rowVersion: 1,
};

const USER_EVENTS: CustomerEvent[] = [
  { type: 'customer.edit' },
  { type: 'customer.change', field: 'firstName', value: '' },
  { type: 'customer.change', field: 'firstName', value: 'Claire' },
  // Spaces are dropped: the same number as saved, so nothing changes.
  { type: 'customer.change', field: 'phoneNumber', value: '06 11 22 33 44' },
  { type: 'customer.change', field: 'iban', value: 'fr76 3000 6000 0112 3456 7890 189' },
  { type: 'customer.cancel' },
  { type: 'customer.save' },
  { type: 'customer.retry' },
  { type: 'customer.reload' },
];

/** The server's answer to a save: the draft applied, one version later. */
function saved(s: Snapshot): CustomerRow {
  const { customer, draft } = s.context;
  if (!customer || !draft) return CUSTOMER;
  return { ...customer, ...draft, rowVersion: customer.rowVersion + 1 };
}
const events = (s: Snapshot) => [
  ...USER_EVENTS,
  done('loadCustomer', CUSTOMER),
  failure('loadCustomer', new ConnectError('{"code":"NOT_FOUND"}', Code.NotFound)),
  done('saveCustomer', saved(s)),
  failure('saveCustomer', new ConnectError('{"code":"CHANGED_BY_SOMEONE_ELSE"}', Code.Aborted)),
  failure('saveCustomer', new ConnectError('{"code":"INVALID_ARGUMENT"}', Code.InvalidArgument)),
  failure('saveCustomer', new ConnectError('{"code":"IBAN_COUNTRY"}', Code.InvalidArgument)),
];

function check(s: Snapshot, step: StepInfo<Snapshot>): void {
  const { where, event, previous, emitted, started } = step;
  const c = s.context;
  for (const { id, input } of started) {
    if (id === 'loadCustomer') expect(input, where).toEqual({ uuid: UUID });
    else {
      // Only a valid draft with changes is sent, with exactly the changed fields.
      const fields = changedFields(c.customer!, c.draft!);
      expect(fields.length, `${where}: something changed`).toBeGreaterThan(0);
      expect(validateCustomerDraft(c.draft!), where).toEqual({});
      expect(input, where).toEqual({ customer: c.customer, draft: c.draft, fields });
    }
  }
  expect(s.hasTag('editable'), where).toBe(s.matches('editing'));
  if (s.matches('editing') || s.matches('saving')) expect(c.draft, where).not.toBeNull();
  if (s.matches('viewing')) expect([c.draft, c.touched], where).toEqual([null, []]);
  // The draft's own errors, plus the server's refusal of the IBAN until the next change.
  const ownErrors = c.draft ? validateCustomerDraft(c.draft) : {};
  const serverRefused =
    event.type === 'xstate.error.actor.saveCustomer' && s.matches('editing') && !c.errorCode;
  const kept =
    !serverRefused &&
    previous &&
    event.type !== 'customer.change' &&
    previous.context.fieldErrors.iban === 'IBAN_COUNTRY';
  expect(c.fieldErrors, where).toEqual(
    serverRefused || (kept && c.draft) ? { ...ownErrors, iban: 'IBAN_COUNTRY' } : ownErrors,
  );
  expect(new Set(c.touched).size, where).toBe(c.touched.length);
  for (const field of c.touched) expect(CUSTOMER_FORM_FIELDS, where).toContain(field);
  if (s.hasTag('stale')) expect(c.errorCode, where).toBe('changedBySomeoneElse');

  // Failure is a state tagged error, except a refused save: back to editing, code kept for the
  // form and announced once.
  const saveRefused = emitted.find((e) => e.type === 'customer.saveFailed');
  const fieldRefused = emitted.find((e) => e.type === 'customer.fieldRefused');
  if (fieldRefused)
    expect(fieldRefused, where).toEqual({ type: 'customer.fieldRefused', field: 'iban' });
  if (s.hasTag('error')) expect(c.errorCode, where).not.toBeNull();
  else if (c.errorCode !== null) {
    expect(s.matches('editing'), where).toBe(true);
    expect(saveRefused ?? previous?.context.errorCode, where).toBeTruthy();
  }
  expect(
    emitted.map((e) => e.type),
    where,
  ).toEqual(
    event.type === 'xstate.done.actor.saveCustomer'
      ? ['customer.saved']
      : saveRefused
        ? ['customer.saveFailed']
        : fieldRefused
          ? ['customer.fieldRefused']
          : [],
  );
  if (saveRefused) {
    expect(saveRefused, where).toEqual({ type: 'customer.saveFailed', code: c.errorCode });
    expect(previous?.matches('saving'), where).toBe(true);
  }
}

const walk = walkPaths({
  machine: customerMachine,
  input: { uuid: UUID },
  events,
  check,
});

// Refusals are walked by the shortest paths; leaving them out keeps the simple ones countable.
describePaths('customerMachine', walk, {
  title: 'of editing without failures',
  events: (s) =>
    events(s).filter(
      (e) =>
        !e.type.startsWith('xstate.error') && (e as { field?: string }).field !== 'phoneNumber',
    ),
  atLeast: (n) => n / 4,
});
