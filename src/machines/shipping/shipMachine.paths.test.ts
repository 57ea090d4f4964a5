import { Code, ConnectError } from '@connectrpc/connect';
import { expect } from 'vitest';
import type { SnapshotFrom } from 'xstate';
import { describePaths, done, failure, walkPaths, type StepInfo } from '../testing/walkPaths.ts';
import { canMakeLabel, shipMachine, type CreateLabelInput, type ShipEvent } from './shipMachine.ts';
import type { ShipLabel, ShipPoint, ShipStart } from './shipTypes.ts';

type Snapshot = SnapshotFrom<typeof shipMachine>;

const PRODUCT = '00000000-0000-4000-8000-000000000001';
const START: ShipStart = {
  places: [{ uuid: 'place-1', name: 'Tabac Presse Rivoli', deliveryService: 1 }],
  freeRemaining: 2,
  priceCents: 450,
  priceBands: [
    { maxKg: 1, priceCents: 450 },
    { maxKg: 5, priceCents: 890 },
  ],
};
/** No free label left this month: the label is paid first. */
const PAID_START: ShipStart = { ...START, freeRemaining: 0 };
const PAY_URL = 'https://checkout.example/c/pay/cs_test_1';
const POINTS: ShipPoint[] = [
  {
    id: '10002',
    name: 'Librairie Saint-Honoré',
    address: '145 Rue Saint-Honoré',
    postalCode: '75001',
    city: 'Paris',
    distance: 280,
  },
];
const LABEL: ShipLabel = { uuid: 'label-1', trackingNumber: 'MO000300000000' };
const refused = (reason: string) =>
  new ConnectError(JSON.stringify({ code: reason }), Code.FailedPrecondition);

const USER_EVENTS: ShipEvent[] = [
  { type: 'ship.open' },
  { type: 'ship.close' },
  { type: 'ship.retry' },
  { type: 'ship.postalCode', value: ' 75001 ' },
  // Not a postal code: no search.
  { type: 'ship.postalCode', value: '750' },
  { type: 'ship.search' },
  { type: 'ship.pickPoint', id: '10002' },
  // Not among the points found: ignored.
  { type: 'ship.pickPoint', id: '99999' },
  { type: 'ship.recipientName', value: ' Camille Martin ' },
  { type: 'ship.weight', kg: 5 },
  // Not a band of the carrier: ignored.
  { type: 'ship.weight', kg: 3 },
  { type: 'ship.submit' },
  { type: 'ship.download' },
];
const events = [
  ...USER_EVENTS,
  done('loadStart', START),
  done('loadStart', PAID_START),
  done('loadStart', { places: [], freeRemaining: 2, priceCents: 0, priceBands: [] }),
  failure('loadStart', new ConnectError('down', Code.Unavailable)),
  done('findPoints', POINTS),
  failure('findPoints', refused('CARRIER_UNAVAILABLE')),
  done('createLabel', LABEL),
  failure('createLabel', refused('NO_FREE_LABEL_LEFT')),
  done('createPaidLabel', { paymentUrl: PAY_URL }),
  failure('createPaidLabel', refused('FREE_LABEL_LEFT')),
  done('leaveFor'),
  failure('leaveFor', new Error('blocked')),
  done('downloadLabel'),
  failure('downloadLabel', new ConnectError('down', Code.Unavailable)),
];

const UUID = /^[0-9a-f-]{36}$/;

function check(s: Snapshot, { where, started, previous, event, emitted }: StepInfo<Snapshot>) {
  const c = s.context;
  expect(c.product, where).toBe(PRODUCT);
  if (s.matches('closed'))
    expect([c.idempotencyKey, c.label, c.refusal, c.pointId], where).toEqual([
      null,
      null,
      null,
      null,
    ]);
  else expect(c.idempotencyKey, where).toMatch(UUID);
  for (const { id, input } of started) {
    if (id === 'findPoints') {
      expect(input, where).toEqual({ deliveryService: 1, postalCode: '75001' });
    }
    // The browser leaves only for the checkout page the server gave.
    if (id === 'leaveFor') expect(input, where).toEqual({ url: PAY_URL });
    if (id !== 'createLabel' && id !== 'createPaidLabel') continue;
    // A free label while one is left, a paid one only when none is.
    expect(id === 'createPaidLabel', where).toBe(c.freeRemaining <= 0);
    const sent = input as CreateLabelInput;
    // Only a complete choice is sent, under the opening's key, with the name trimmed.
    expect(sent, where).toEqual({
      product: PRODUCT,
      place: 'place-1',
      pointId: '10002',
      recipientName: 'Camille Martin',
      weightKg: c.weightKg,
      idempotencyKey: c.idempotencyKey,
    });
  }
  // The weight is one of the carrier's bands, and the price shown is that band's.
  if (c.priceBands.length > 0) {
    const band = c.priceBands.find((b) => b.maxKg === c.weightKg);
    expect(band, where).toBeDefined();
    expect(c.priceCents, where).toBe(band?.priceCents);
  }
  if (c.pointId !== null) expect(c.pointId, where).toBe('10002');
  if (s.matches({ open: 'made' }) || s.matches({ open: 'downloading' }))
    expect(c.label, where).toEqual(LABEL);
  if (!previous) return;
  if (event.type === 'ship.open') {
    expect(previous.matches('closed'), where).toBe(true);
    expect(c.idempotencyKey, where).not.toBe(previous.context.idempotencyKey);
  } else if (!s.matches('closed'))
    expect(c.idempotencyKey, where).toBe(previous.context.idempotencyKey);
  if (
    event.type === 'ship.submit' &&
    (s.matches({ open: 'creating' }) || s.matches({ open: 'creatingPaid' }))
  )
    expect(canMakeLabel(previous.context), where).toBe(true);
  // Making the label, or leaving to pay for it, cannot be closed away.
  for (const busy of ['creating', 'creatingPaid', 'leaving'] as const)
    if (previous.matches({ open: busy }) && event.type === 'ship.close')
      expect(s.matches({ open: busy }), where).toBe(true);
  if (event.type === 'xstate.done.actor.createPaidLabel') {
    expect(s.matches({ open: 'leaving' }), where).toBe(true);
    expect(c.paymentUrl, where).toBe(PAY_URL);
  }
  if (
    event.type === 'xstate.error.actor.createLabel' ||
    event.type === 'xstate.error.actor.createPaidLabel'
  ) {
    expect(s.matches({ open: 'ready' }), where).toBe(true);
    expect(c.refusal, where).toEqual({
      code: 'invalidRequest',
      reason:
        event.type === 'xstate.error.actor.createLabel' ? 'NO_FREE_LABEL_LEFT' : 'FREE_LABEL_LEFT',
    });
    const keep = (x: Snapshot['context']) => [x.pointId, x.recipientName, x.points];
    expect(keep(c), where).toEqual(keep(previous.context));
  }
  if (event.type === 'xstate.done.actor.createLabel')
    expect(c.freeRemaining, where).toBe(previous.context.freeRemaining - 1);
  expect(
    emitted.map((e) => e.type),
    where,
  ).toEqual(event.type === 'xstate.done.actor.createLabel' ? ['ship.labelMade'] : []);
}

const walk = walkPaths({
  machine: shipMachine,
  input: { product: PRODUCT },
  events,
  errorOf: (s) => s.context.errorCode,
  serializeState: (s) =>
    JSON.stringify([s.value, { ...s.context, idempotencyKey: s.context.idempotencyKey !== null }]),
  check,
});

// The simple paths walk the ways to a downloaded label.
const SIMPLE = new Set<string>([
  'ship.open',
  'ship.postalCode',
  'ship.search',
  'ship.pickPoint',
  'ship.recipientName',
  'ship.submit',
  'ship.download',
  'xstate.done.actor.loadStart',
  'xstate.done.actor.findPoints',
  'xstate.done.actor.createLabel',
  'xstate.done.actor.downloadLabel',
]);
const simple = (e: (typeof events)[number]) =>
  (e as { id?: string }).id !== '99999' && (e as { value?: string }).value !== '750';
const startIs = (e: (typeof events)[number], start: ShipStart) =>
  e.type !== 'xstate.done.actor.loadStart' || (e as { output?: ShipStart }).output === start;
describePaths('shipMachine', walk, {
  title: 'to a downloaded label',
  events: events.filter((e) => SIMPLE.has(e.type) && simple(e) && startIs(e, START)),
  atLeast: () => 1,
});
describePaths('shipMachine', walk, {
  title: 'to the checkout page of a paid label',
  events: events.filter(
    (e) =>
      (SIMPLE.has(e.type) || e.type === 'xstate.done.actor.createPaidLabel') &&
      e.type !== 'xstate.done.actor.createLabel' &&
      simple(e) &&
      startIs(e, PAID_START),
  ),
  atLeast: () => 1,
});
