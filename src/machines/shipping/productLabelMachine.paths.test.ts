import { Code, ConnectError } from '@connectrpc/connect';
import { expect } from 'vitest';
import type { SnapshotFrom } from 'xstate';
import { describePaths, done, failure, walkPaths, type StepInfo } from '../testing/walkPaths.ts';
import {
  productLabelMachine,
  type ProductLabel,
  type ProductLabelEvent,
} from './productLabelMachine.ts';
import type { ShipPoint } from './shipTypes.ts';

type Snapshot = SnapshotFrom<typeof productLabelMachine>;

const UUID = /^[0-9a-f-]{36}$/;

const PRODUCT = '00000000-0000-4000-8000-000000000001';
const MADE: ProductLabel = {
  uuid: 'label-1',
  trackingNumber: 'MO000300000000',
  deliveryService: 1,
  servicePointId: '10002',
  status: 2,
  statusAt: '2026-11-27T10:00:00.000Z',
  cancellable: true,
  awaitingPayment: null,
  paidNotMade: false,
  regenerable: true,
};
const SHIPPED: ProductLabel = { ...MADE, status: 3, cancellable: false, regenerable: false };
/** A paid label waiting for its payment: no parcel yet, cancelled with its checkout page. */
const UNPAID: ProductLabel = {
  ...MADE,
  trackingNumber: '',
  status: 1,
  awaitingPayment: 'payment-1',
  regenerable: false,
};
/** Paid, but the carrier failed: made again on demand. */
const PAID_NOT_MADE: ProductLabel = {
  ...UNPAID,
  awaitingPayment: null,
  cancellable: false,
  paidNotMade: true,
  regenerable: true,
};
const POINTS: ShipPoint[] = [
  {
    id: '10003',
    name: 'Tabac du Louvre',
    address: '2 Rue du Louvre',
    postalCode: '75001',
    city: 'Paris',
    distance: 410,
  },
];
const refused = (reason: string) =>
  new ConnectError(JSON.stringify({ code: reason }), Code.FailedPrecondition);

const USER_EVENTS: ProductLabelEvent[] = [
  { type: 'label.reload' },
  { type: 'label.retry' },
  { type: 'label.download' },
  { type: 'label.cancel' },
  { type: 'label.keep' },
  { type: 'label.confirmCancel' },
  { type: 'label.changePoint' },
  { type: 'label.postalCode', value: ' 75001 ' },
  { type: 'label.search' },
  { type: 'label.pickPoint', id: '10003' },
  // Not among the points found: ignored.
  { type: 'label.pickPoint', id: '99999' },
  { type: 'label.confirmPoint' },
  { type: 'label.keepPoint' },
  { type: 'label.remake' },
];
const events = [
  ...USER_EVENTS,
  done('loadLabel', MADE),
  done('loadLabel', SHIPPED),
  done('loadLabel', null),
  done('loadLabel', UNPAID),
  done('loadLabel', PAID_NOT_MADE),
  failure('loadLabel', new ConnectError('down', Code.Unavailable)),
  done('downloadLabel'),
  failure('downloadLabel', new ConnectError('down', Code.Unavailable)),
  done('cancelLabel'),
  failure('cancelLabel', refused('LABEL_ALREADY_SHIPPED')),
  done('findPoints', POINTS),
  failure('findPoints', refused('CARRIER_UNAVAILABLE')),
  done('regenerateLabel'),
  failure('regenerateLabel', refused('LABEL_ALREADY_SHIPPED')),
];

function check(s: Snapshot, { where, started, previous, event }: StepInfo<Snapshot>) {
  const c = s.context;
  expect(c.product, where).toBe(PRODUCT);
  for (const { id, input } of started) {
    if (id === 'loadLabel') expect(input, where).toEqual({ product: PRODUCT });
    else if (id === 'findPoints')
      expect(input, where).toEqual({ deliveryService: 1, postalCode: '75001' });
    else if (id === 'regenerateLabel')
      // A new relay point picked among those found, or the same one for a paid label not made,
      // under the action's request key.
      expect(input, where).toEqual({
        uuid: 'label-1',
        pointId: s.matches('remaking') ? null : '10003',
        idempotencyKey: c.requestKey,
      });
    // Only the label shown is downloaded or cancelled.
    else expect(input, where).toEqual({ uuid: 'label-1' });
  }
  // Cancelling is asked only for a label that has not left, and only after confirming.
  if (s.matches('confirming') || s.matches('cancelling'))
    expect(c.label?.cancellable, where).toBe(true);
  if (s.matches('cancelling')) expect(previous?.matches('confirming'), where).toBe(true);
  // Only a label with a parcel is downloaded.
  if (s.matches('downloading')) expect([MADE, SHIPPED], where).toContainEqual(c.label);
  // Its relay point changes only before it leaves; only a paid label not made is made again.
  if (s.matches('changing')) expect(c.label?.regenerable, where).toBe(true);
  if (s.matches('remaking')) expect(c.label, where).toEqual(PAID_NOT_MADE);
  if (!s.matches('changing')) expect(c.change.pointId, where).toBeNull();
  // A request key exists only for a "make it again" under way or waiting to be retried.
  if (s.hasTag('busy') && (s.matches('remaking') || s.matches({ changing: 'regenerating' })))
    expect(c.requestKey, where).toMatch(UUID);
  if (s.matches('loading') && event.type === 'xstate.done.actor.regenerateLabel')
    expect(c.requestKey, where).toBeNull();
  if (event.type === 'label.keepPoint' || event.type === 'label.changePoint')
    expect(c.requestKey, where).toBeNull();
  // A retry after a failure resends the key; only a success or a closed dialog drops it.
  const regenerated = started.some((a) => a.id === 'regenerateLabel');
  if (regenerated && previous?.context.requestKey)
    expect(c.requestKey, where).toBe(previous.context.requestKey);
  if (event.type === 'xstate.done.actor.cancelLabel')
    expect(s.matches('loading'), where).toBe(true);
  if (event.type === 'xstate.error.actor.cancelLabel') {
    expect(s.matches('shown'), where).toBe(true);
    expect(c.refusal, where).toEqual({ code: 'invalidRequest', reason: 'LABEL_ALREADY_SHIPPED' });
  }
}

const walk = walkPaths({
  machine: productLabelMachine,
  input: { product: PRODUCT },
  events,
  errorOf: (s) => s.context.errorCode,
  // A drawn key is random: states differ by whether one is held, not by its value.
  serializeState: (s) =>
    JSON.stringify([s.value, { ...s.context, requestKey: s.context.requestKey !== null }]),
  check,
});

describePaths('productLabelMachine', walk, {
  title: 'to a cancelled label read again',
  events: events.filter((e) =>
    [
      'label.cancel',
      'label.confirmCancel',
      'xstate.done.actor.cancelLabel',
      'xstate.done.actor.loadLabel',
    ].includes(e.type),
  ),
  atLeast: () => 1,
});

describePaths('productLabelMachine', walk, {
  title: 'to a label sent to another relay point',
  events: events.filter(
    (e) =>
      [
        'label.changePoint',
        'label.postalCode',
        'label.search',
        'label.pickPoint',
        'label.confirmPoint',
        'xstate.done.actor.findPoints',
        'xstate.done.actor.regenerateLabel',
        'xstate.done.actor.loadLabel',
      ].includes(e.type) && (e as { id?: string }).id !== '99999',
  ),
  atLeast: () => 1,
});
