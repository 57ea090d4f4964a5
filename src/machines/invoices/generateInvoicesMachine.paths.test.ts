import { Code, ConnectError } from '@connectrpc/connect';
import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, type SnapshotFrom } from 'xstate';
import { describePaths, done, failure, walkPaths, type StepInfo } from '../testing/walkPaths.ts';
import {
  generateInvoicesMachine,
  type GenerateEvent,
  type GenerateInput,
  type PartyOptions,
} from './generateInvoicesMachine.ts';
import { periodErrors } from './invoicePeriods.ts';

type Snapshot = SnapshotFrom<typeof generateInvoicesMachine>;

const NOW = new Date('2026-11-26T12:00:00Z');
const PARTIES: PartyOptions = {
  customers: [{ uuid: 'c1', label: 'Clara Cliente' }],
  vendors: [{ uuid: 'v1', label: 'Valérie Vendeuse' }],
};
const refused = (reason: string, code = Code.InvalidArgument) =>
  new ConnectError(JSON.stringify({ code: reason, message: 'no' }), code);

const USER_EVENTS: GenerateEvent[] = [
  { type: 'generate.open', now: NOW },
  { type: 'generate.close' },
  { type: 'generate.shortcut', shortcut: 'thisQuarter', now: NOW },
  // Before last month's first day: the end comes before the start.
  { type: 'generate.change', field: 'dateTo', value: '2026-09-30' },
  { type: 'generate.change', field: 'dateFrom', value: '' },
  { type: 'generate.change', field: 'customer', value: 'c1' },
  { type: 'generate.change', field: 'vendor', value: 'v1' },
  { type: 'generate.submit' },
];
const EVENTS = [
  ...USER_EVENTS,
  done('loadParties', PARTIES),
  failure('loadParties', new ConnectError('down', Code.Unavailable)),
  done('generateInvoices', { task: 'task-1', count: 0 }),
  failure('generateInvoices', new ConnectError('down', Code.Unavailable)),
  failure('generateInvoices', refused('INVOICE_PERIOD_INVALID')),
  failure('generateInvoices', refused('FORBIDDEN', Code.PermissionDenied)),
];

function check(s: Snapshot, { where, event, previous, started, emitted }: StepInfo<Snapshot>) {
  const c = s.context;
  // One party at most.
  expect(c.values.customer !== '' && c.values.vendor !== '', where).toBe(false);
  // Only a period the rules accept is sent, as it is in the form.
  for (const { id, input } of started)
    if (id === 'generateInvoices') {
      expect(periodErrors(input as GenerateInput), where).toEqual({});
      expect(input, where).toEqual(c.values);
    }
  // The queued task is told exactly when the server answered, and the dialog is closed.
  const queued = emitted.filter((e) => e.type === 'generate.queued');
  if (event.type === 'xstate.done.actor.generateInvoices') {
    expect(queued, where).toEqual([{ type: 'generate.queued', task: 'task-1', count: 0 }]);
    expect(s.matches('closed'), where).toBe(true);
  } else expect(queued, where).toEqual([]);
  // A refused period is said at the end date; other refusals above the form.
  if (event.type === 'xstate.error.actor.generateInvoices') {
    expect(s.matches({ open: { editing: 'refused' } }), where).toBe(true);
    if (c.errorCode === 'invalidRequest' || c.fieldErrors.dateTo)
      expect(c.fieldErrors.dateTo, where).toBe('invoices.reasonInvoicePeriodInvalid');
    else expect(c.errorKey, where).toBeTruthy();
  }
  if (s.matches({ open: { editing: 'invalid' } }))
    expect(Object.keys(c.fieldErrors).length, where).toBeGreaterThan(0);
  // Sending cannot be closed away.
  if (previous?.matches({ open: 'submitting' }) && event.type === 'generate.close')
    expect(s.matches({ open: 'submitting' }), where).toBe(true);
  // Opening starts from last month, whatever was typed before.
  if (event.type === 'generate.open' && previous?.matches('closed'))
    expect(c.values, where).toEqual({
      dateFrom: '2026-10-01',
      dateTo: '2026-10-31',
      customer: '',
      vendor: '',
    });
}

describePaths(
  'generateInvoicesMachine',
  walkPaths({
    machine: generateInvoicesMachine,
    input: { isStaff: true },
    events: EVENTS,
    errorOf: (s) => s.context.errorCode,
    // The refusal counter only grows: states are told apart without it.
    serializeState: (s) => JSON.stringify([s.value, { ...s.context, refusals: 0 }]),
    check,
  }),
  {
    title: 'to a queued generation',
    events: EVENTS.filter((e) =>
      [
        'generate.open',
        'generate.shortcut',
        'generate.submit',
        'xstate.done.actor.loadParties',
        'xstate.done.actor.generateInvoices',
      ].includes(e.type),
    ),
    atLeast: () => 2,
  },
);

describe('generateInvoicesMachine for a vendor', () => {
  it('never restricts to a vendor, and sends the period with the customer chosen', async () => {
    const sent: GenerateInput[] = [];
    const actor = createActor(
      generateInvoicesMachine.provide({
        actors: {
          loadParties: fromPromise<PartyOptions, { isStaff: boolean }>(async () => ({
            customers: PARTIES.customers,
            vendors: [],
          })),
          generateInvoices: fromPromise(async ({ input }: { input: GenerateInput }) => {
            sent.push(input);
            return { task: 't', count: 0 };
          }),
        },
      }),
      { input: { isStaff: false } },
    ).start();
    actor.send({ type: 'generate.open', now: NOW });
    actor.send({ type: 'generate.change', field: 'vendor', value: 'v1' });
    actor.send({ type: 'generate.change', field: 'customer', value: 'c1' });
    await new Promise((r) => setTimeout(r, 0));
    actor.send({ type: 'generate.change', field: 'vendor', value: 'v1' });
    actor.send({ type: 'generate.submit' });
    await new Promise((r) => setTimeout(r, 0));
    expect(sent).toEqual([
      { dateFrom: '2026-10-01', dateTo: '2026-10-31', customer: 'c1', vendor: '' },
    ]);
    expect(actor.getSnapshot().matches('closed')).toBe(true);
  });
});
