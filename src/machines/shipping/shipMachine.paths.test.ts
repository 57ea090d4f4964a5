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
};
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
  { type: 'ship.submit' },
  { type: 'ship.download' },
];
const events = [
  ...USER_EVENTS,
  done('loadStart', START),
  done('loadStart', { places: [], freeRemaining: 2 }),
  failure('loadStart', new ConnectError('down', Code.Unavailable)),
  done('findPoints', POINTS),
  failure('findPoints', refused('CARRIER_UNAVAILABLE')),
  done('createLabel', LABEL),
  failure('createLabel', refused('NO_FREE_LABEL_LEFT')),
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
    if (id !== 'createLabel') continue;
    const sent = input as CreateLabelInput;
    // Only a complete choice is sent, under the opening's key, with the name trimmed.
    expect(sent, where).toEqual({
      product: PRODUCT,
      place: 'place-1',
      pointId: '10002',
      recipientName: 'Camille Martin',
      idempotencyKey: c.idempotencyKey,
    });
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
  if (event.type === 'ship.submit' && s.matches({ open: 'creating' }))
    expect(canMakeLabel(previous.context), where).toBe(true);
  // Making the label cannot be closed away.
  if (previous.matches({ open: 'creating' }) && event.type === 'ship.close')
    expect(s.matches({ open: 'creating' }), where).toBe(true);
  if (event.type === 'xstate.error.actor.createLabel') {
    expect(s.matches({ open: 'ready' }), where).toBe(true);
    expect(c.refusal, where).toEqual({ code: 'invalidRequest', reason: 'NO_FREE_LABEL_LEFT' });
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
describePaths('shipMachine', walk, {
  title: 'to a downloaded label',
  events: events.filter(
    (e) =>
      SIMPLE.has(e.type) &&
      (e as { id?: string }).id !== '99999' &&
      (e as { value?: string }).value !== '750' &&
      !(
        e.type === 'xstate.done.actor.loadStart' &&
        (e as { output?: ShipStart }).output?.places.length === 0
      ),
  ),
  atLeast: () => 1,
});
