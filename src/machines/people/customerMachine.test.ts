import { create } from '@bufbuild/protobuf';
import { Code, ConnectError, createRouterTransport } from '@connectrpc/connect';
import { describe, expect, it } from 'vitest';
import { createActor, waitFor } from 'xstate';
import { createClientFactory } from '../../rpc/clients.ts';
import {
  CustomerSchema,
  CustomerService,
  type Customer,
  type PartialUpdateCustomerRequest,
} from '../../rpc/gen/seconde/v1/customer_pb.ts';
import { ContactWay } from '../../rpc/gen/seconde/v1/deposit_pb.ts';
import { validateCustomerDraft, type CustomerDraft } from './customerForm.ts';
import type { CustomerEmitted } from './customerMachine.ts';
import { en } from '../../i18n/en.ts';
import { fr } from '../../i18n/fr.ts';
import { labelKey } from './labels.ts';
import { customerLogic } from './peopleRecords.ts';

const UUID = '00000000-0000-4000-8000-0000000000c1';
const VALID_IBAN = 'FR76 3000 6000 0112 3456 7890 189';
const REFUSED_IBAN = 'DE89370400440532013000';

/** A server holding one customer, applying partial updates like the generic CRUD does. */
function server(extra: Omit<Partial<Customer>, '$typeName'> = {}) {
  let stored: Customer = create(CustomerSchema, {
    ...extra,
    uuid: UUID,
    firstName: 'Clara',
    lastName: 'Cliente',
    email: 'customer@seconde.test',
    postalCode: '75011',
    city: 'Paris',
    phoneNumber: '0611223344',
    preferedContactWay: ContactWay.EMAIL,
    rowVersion: 1,
  });
  const updates: PartialUpdateCustomerRequest[] = [];
  const transport = createRouterTransport(({ service }) => {
    service(CustomerService, {
      retrieve: (req) => {
        if (req.uuid !== UUID) throw new ConnectError('{"code":"NOT_FOUND"}', Code.NotFound);
        return stored;
      },
      partialUpdate: (req) => {
        updates.push(req);
        if (req.customer?.rowVersion !== stored.rowVersion)
          throw new ConnectError('{"code":"CHANGED_BY_SOMEONE_ELSE"}', Code.Aborted);
        // The server's own IBAN check: this test's stand-in refuses one valid-looking account.
        if (req.updateMask?.paths.includes('iban') && req.customer.iban === REFUSED_IBAN)
          throw new ConnectError(
            JSON.stringify({ code: 'IBAN_CHECKSUM', message: 'no', field: 'customer.iban' }),
            Code.InvalidArgument,
          );
        const next = { ...stored } as Record<string, unknown>;
        for (const path of req.updateMask?.paths ?? []) {
          const key = path.replace(/_([a-z])/g, (_, c: string) => c.toUpperCase());
          next[key] = (req.customer as unknown as Record<string, unknown>)[key];
        }
        stored = create(CustomerSchema, {
          ...(next as Customer),
          rowVersion: stored.rowVersion + 1,
        });
        return stored;
      },
    });
  });
  return {
    clients: createClientFactory({ main: transport, notification: transport }),
    updates,
    touchElsewhere: () => {
      stored = create(CustomerSchema, { ...stored, rowVersion: stored.rowVersion + 1 });
    },
  };
}

async function editing(clients: ReturnType<typeof server>['clients']) {
  const actor = createActor(customerLogic(clients), { input: { uuid: UUID } });
  const emitted: CustomerEmitted[] = [];
  actor.on('*', (e) => emitted.push(e));
  actor.start();
  await waitFor(actor, (s) => s.matches('viewing'));
  actor.send({ type: 'customer.edit' });
  return { actor, emitted };
}

describe('customer form rules', () => {
  const valid: CustomerDraft = {
    firstName: 'A',
    lastName: 'B',
    email: 'a@b.fr',
    phoneNumber: '',
    address: '',
    postalCode: '',
    city: '',
    preferedContactWay: '',
    language: '',
    acceptHomeTakeAway: false,
    acceptSendPostal: false,
    iban: '',
    bic: '',
    accountHolder: '',
  };
  it.each([
    [{}, {}],
    [{ firstName: ' ' }, { firstName: 'required' }],
    [{ email: '' }, { email: 'required' }],
    [{ email: 'nope' }, { email: 'email' }],
    [{ postalCode: '7501' }, { postalCode: 'postalCode' }],
    [{ phoneNumber: '06-11' }, { phoneNumber: 'phone' }],
    [{ phoneNumber: '+33611223344', postalCode: '69003' }, {}],
    [{ iban: VALID_IBAN, bic: 'BNPAFRPP' }, {}],
    [{ iban: 'FR76 3000 6000 0112 3456 7890 188' }, { iban: 'IBAN_CHECKSUM' }],
    [{ iban: 'FR76 3000' }, { iban: 'IBAN_FORMAT' }],
    // A valid IBAN outside the SEPA area.
    [{ iban: 'BR15 0000 0000 0000 1093 2840 814P 2' }, { iban: 'IBAN_COUNTRY' }],
    [{ bic: 'BNP' }, { bic: 'BIC_INVALID' }],
    // The server's masked IBAN is never checked: it is not sent back.
    [{ iban: 'FR76 **** **** **** **** ***0 189' }, {}],
  ])('%o → %o', (change, errors) => {
    expect(validateCustomerDraft({ ...valid, ...change })).toEqual(errors);
  });
});

describe('customer form texts', () => {
  it.each(['required', 'email', 'postalCode', 'phone'] as const)(
    '%s has a text in both languages',
    (code) => {
      const [area, item] = labelKey('people.validation', code).split('.') as [string, string];
      expect((fr as Record<string, Record<string, string>>)[area]?.[item]).toBeTruthy();
      expect((en as Record<string, Record<string, string>>)[area]?.[item]).toBeTruthy();
    },
  );
});

describe('customer machine over the contract', () => {
  it('saves only the changed fields, with the row version, phone without spaces', async () => {
    const { clients, updates } = server();
    const { actor, emitted } = await editing(clients);
    expect(actor.getSnapshot().can({ type: 'customer.save' })).toBe(false);
    actor.send({ type: 'customer.change', field: 'phoneNumber', value: '06 99 88 77 66' });
    actor.send({ type: 'customer.change', field: 'city', value: 'Lyon' });
    actor.send({ type: 'customer.change', field: 'preferedContactWay', value: 'WHATS_APP' });
    actor.send({ type: 'customer.save' });
    await waitFor(actor, (s) => s.matches('viewing'));
    expect(updates[0]?.updateMask?.paths).toEqual(['phone_number', 'city', 'prefered_contact_way']);
    expect(updates[0]?.customer?.rowVersion).toBe(1);
    expect(actor.getSnapshot().context.customer).toMatchObject({
      phoneNumber: '0699887766',
      city: 'Lyon',
      preferedContactWay: 'WHATS_APP',
      rowVersion: 2,
    });
    expect(emitted).toEqual([{ type: 'customer.saved' }]);
  });

  it('saves the IBAN typed with spaces in electronic format; a refused one lands on its field', async () => {
    const { clients, updates } = server();
    const { actor, emitted } = await editing(clients);
    actor.send({ type: 'customer.change', field: 'iban', value: 'fr7630006000011234567890189' });
    // Grouped by four as typed.
    expect(actor.getSnapshot().context.draft?.iban).toBe(VALID_IBAN);
    actor.send({ type: 'customer.change', field: 'accountHolder', value: ' Clara Cliente ' });
    actor.send({ type: 'customer.save' });
    await waitFor(actor, (s) => s.matches('viewing'));
    expect(updates[0]?.updateMask?.paths).toEqual(['iban', 'account_holder']);
    expect(updates[0]?.customer).toMatchObject({
      iban: 'FR7630006000011234567890189',
      accountHolder: 'Clara Cliente',
    });

    actor.send({ type: 'customer.edit' });
    actor.send({ type: 'customer.change', field: 'iban', value: REFUSED_IBAN });
    actor.send({ type: 'customer.save' });
    await waitFor(actor, (s) => s.matches('editing') && updates.length === 2);
    expect(actor.getSnapshot().context.fieldErrors).toEqual({ iban: 'IBAN_CHECKSUM' });
    expect(actor.getSnapshot().context.touched).toContain('iban');
    expect(emitted.at(-1)).toEqual({ type: 'customer.fieldRefused', field: 'iban' });
    // The refused IBAN is not sent again as it is.
    actor.send({ type: 'customer.save' });
    expect(actor.getSnapshot().matches('editing')).toBe(true);
    expect(updates).toHaveLength(2);
    // Typing again clears the server's refusal.
    actor.send({ type: 'customer.change', field: 'iban', value: VALID_IBAN });
    expect(actor.getSnapshot().context.fieldErrors).toEqual({});
  });

  it('keeps a masked IBAN out of the update, until it is replaced', async () => {
    const masked = 'FR76 **** **** **** **** ***0 189';
    const { clients, updates } = server({ iban: masked, ibanMasked: masked });
    const { actor } = await editing(clients);
    expect(actor.getSnapshot().context.draft?.iban).toBe(masked);
    actor.send({ type: 'customer.change', field: 'city', value: 'Lyon' });
    actor.send({ type: 'customer.save' });
    await waitFor(actor, (s) => s.matches('viewing'));
    expect(updates[0]?.updateMask?.paths).toEqual(['city']);
  });

  it('refuses to save invalid fields and shows every error after a try', async () => {
    const { clients, updates } = server();
    const { actor } = await editing(clients);
    actor.send({ type: 'customer.change', field: 'email', value: 'not-an-email' });
    actor.send({ type: 'customer.change', field: 'lastName', value: '' });
    expect(actor.getSnapshot().context.fieldErrors).toEqual({
      email: 'email',
      lastName: 'required',
    });
    actor.send({ type: 'customer.save' });
    expect(actor.getSnapshot().matches('editing')).toBe(true);
    expect(updates).toHaveLength(0);
    actor.send({ type: 'customer.cancel' });
    expect(actor.getSnapshot().context.draft).toBeNull();
  });

  it('stops in stale when someone else saved first, then reloads their version', async () => {
    const { clients, touchElsewhere } = server();
    const { actor } = await editing(clients);
    touchElsewhere();
    actor.send({ type: 'customer.change', field: 'city', value: 'Lyon' });
    actor.send({ type: 'customer.save' });
    await waitFor(actor, (s) => s.hasTag('stale'));
    expect(actor.getSnapshot().context.errorCode).toBe('changedBySomeoneElse');
    actor.send({ type: 'customer.reload' });
    await waitFor(actor, (s) => s.matches('viewing'));
    expect(actor.getSnapshot().context.customer?.rowVersion).toBe(2);
    expect(actor.getSnapshot().context.customer?.city).toBe('Paris');
  });

  it('fails to load an unknown customer, with a retry', async () => {
    const { clients } = server();
    const actor = createActor(customerLogic(clients), { input: { uuid: 'nope' } }).start();
    await waitFor(actor, (s) => s.hasTag('error'));
    expect(actor.getSnapshot().context.errorCode).toBe('notFound');
    expect(actor.getSnapshot().can({ type: 'customer.retry' })).toBe(true);
  });
});
