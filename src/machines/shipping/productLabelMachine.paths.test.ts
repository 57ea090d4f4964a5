import { Code, ConnectError } from '@connectrpc/connect';
import { expect } from 'vitest';
import type { SnapshotFrom } from 'xstate';
import { describePaths, done, failure, walkPaths, type StepInfo } from '../testing/walkPaths.ts';
import {
  productLabelMachine,
  type ProductLabel,
  type ProductLabelEvent,
} from './productLabelMachine.ts';

type Snapshot = SnapshotFrom<typeof productLabelMachine>;

const PRODUCT = '00000000-0000-4000-8000-000000000001';
const MADE: ProductLabel = {
  uuid: 'label-1',
  trackingNumber: 'MO000300000000',
  deliveryService: 1,
  servicePointId: '10002',
  status: 2,
  statusAt: '2026-11-27T10:00:00.000Z',
  cancellable: true,
};
const SHIPPED: ProductLabel = { ...MADE, status: 3, cancellable: false };
const refused = (reason: string) =>
  new ConnectError(JSON.stringify({ code: reason }), Code.FailedPrecondition);

const USER_EVENTS: ProductLabelEvent[] = [
  { type: 'label.reload' },
  { type: 'label.retry' },
  { type: 'label.download' },
  { type: 'label.cancel' },
  { type: 'label.keep' },
  { type: 'label.confirmCancel' },
];
const events = [
  ...USER_EVENTS,
  done('loadLabel', MADE),
  done('loadLabel', SHIPPED),
  done('loadLabel', null),
  failure('loadLabel', new ConnectError('down', Code.Unavailable)),
  done('downloadLabel'),
  failure('downloadLabel', new ConnectError('down', Code.Unavailable)),
  done('cancelLabel'),
  failure('cancelLabel', refused('LABEL_ALREADY_SHIPPED')),
];

function check(s: Snapshot, { where, started, previous, event }: StepInfo<Snapshot>) {
  const c = s.context;
  expect(c.product, where).toBe(PRODUCT);
  for (const { id, input } of started) {
    if (id === 'loadLabel') expect(input, where).toEqual({ product: PRODUCT });
    // Only the label shown is downloaded or cancelled.
    else expect(input, where).toEqual({ uuid: 'label-1' });
  }
  // Cancelling is asked only for a label that has not left, and only after confirming.
  if (s.matches('confirming') || s.matches('cancelling')) expect(c.label, where).toEqual(MADE);
  if (s.matches('cancelling')) expect(previous?.matches('confirming'), where).toBe(true);
  if (s.matches('downloading')) expect(c.label, where).not.toBeNull();
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
