import { Code, ConnectError } from '@connectrpc/connect';
import { expect } from 'vitest';
import type { SnapshotFrom } from 'xstate';
import { describePaths, done, failure, walkPaths, type StepInfo } from '../testing/walkPaths.ts';
import {
  deliveryPlacesMachine,
  type PlaceChange,
  type PlaceRow,
  type PlacesEvent,
  type PlacesState,
} from './deliveryPlacesMachine.ts';
import type { ShipPoint } from './shipTypes.ts';

type Snapshot = SnapshotFrom<typeof deliveryPlacesMachine>;

const place = (uuid: string, order: number): PlaceRow => ({
  uuid,
  name: `Relais ${uuid}`,
  deliveryService: 1,
  deliveryServiceId: `1000${order}`,
  isActive: true,
  order,
  rowVersion: 1,
});
const TWO: PlacesState = { places: [place('a', 1), place('b', 2)], favourite: 'a' };
const POINT: ShipPoint = {
  id: '10001',
  name: 'Tabac Presse Rivoli',
  address: '120 Rue de Rivoli',
  postalCode: '75001',
  city: 'Paris',
  distance: 480,
};
const refused = (reason: string) =>
  new ConnectError(JSON.stringify({ code: reason }), Code.FailedPrecondition);

const USER_EVENTS: PlacesEvent[] = [
  { type: 'places.retry' },
  { type: 'places.deliveryService', value: 2 },
  { type: 'places.postalCode', value: '75001' },
  { type: 'places.search' },
  { type: 'places.add', pointId: '10001' },
  { type: 'places.add', pointId: 'unknown' },
  { type: 'places.toggle', uuid: 'b' },
  { type: 'places.moveUp', uuid: 'b' },
  // The first place cannot move up.
  { type: 'places.moveUp', uuid: 'a' },
  { type: 'places.favourite', uuid: 'b' },
  { type: 'places.remove', uuid: 'a' },
];
const events = [
  ...USER_EVENTS,
  done('load', TWO),
  failure('load', new ConnectError('down', Code.Unavailable)),
  done('findPoints', [POINT]),
  failure('findPoints', refused('CARRIER_UNAVAILABLE')),
  done('change', TWO),
  failure('change', refused('LAST_DELIVERY_PLACE')),
];

function check(s: Snapshot, { where, started, previous, event }: StepInfo<Snapshot>) {
  const c = s.context;
  for (const { id, input } of started) {
    if (id === 'findPoints')
      expect((input as { postalCode: string }).postalCode, where).toBe('75001');
    if (id !== 'change') continue;
    const change = input as PlaceChange;
    // Only changes naming a known place or point are sent.
    if (change.kind === 'add') {
      expect(change.point, where).toEqual(POINT);
      expect(change.order, where).toBe(Math.max(0, ...c.places.map((p) => p.order)) + 1);
      expect(change.deliveryService, where).toBe(c.deliveryService);
    } else if (change.kind === 'moveUp') {
      expect([change.above.uuid, change.place.uuid], where).toEqual(['a', 'b']);
    } else if (change.kind === 'favourite') expect(change.uuid, where).not.toBe(c.favourite);
    else if (change.kind === 'toggle') expect(change.place.uuid, where).toBe('b');
    else expect(change.uuid, where).toBe('a');
  }
  if (s.matches('changing')) expect(c.change, where).not.toBeNull();
  else expect(c.change, where).toBeNull();
  if (event.type === 'xstate.error.actor.change') {
    expect(s.matches('ready'), where).toBe(true);
    expect(c.refusal, where).toEqual({ code: 'invalidRequest', reason: 'LAST_DELIVERY_PLACE' });
    expect(c.places, where).toEqual(previous!.context.places);
  }
  if (event.type === 'places.deliveryService') expect(c.points, where).toEqual([]);
}

const walk = walkPaths({
  machine: deliveryPlacesMachine,
  events,
  errorOf: (s) => s.context.errorCode,
  check,
});

const SIMPLE = new Set<string>([
  'places.postalCode',
  'places.search',
  'places.add',
  'xstate.done.actor.load',
  'xstate.done.actor.findPoints',
  'xstate.done.actor.change',
]);
describePaths('deliveryPlacesMachine', walk, {
  title: 'to a place added',
  events: events.filter(
    (e) => SIMPLE.has(e.type) && (e as { pointId?: string }).pointId !== 'unknown',
  ),
  atLeast: () => 1,
});
