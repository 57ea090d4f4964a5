import { Code, ConnectError } from '@connectrpc/connect';
import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, type SnapshotFrom } from 'xstate';
import { describePaths, done, failure, walkPaths } from '../testing/walkPaths.ts';
import type { RateRow } from './editProfileLists.ts';
import { rateSlidesMachine } from './rateSlidesMachine.ts';
import { draftErrors } from './rateSlidesForm.ts';

type Snapshot = SnapshotFrom<typeof rateSlidesMachine>;

/** A state as the paths tell states apart: the draft only as valid or not, the counter left out. */
const serializeState = (s: Snapshot) =>
  JSON.stringify({
    value: s.value,
    slides: s.context.slides.map((r) => r.uuid),
    editing: s.context.editing && {
      uuid: s.context.editing.uuid,
      changed: Object.values(s.context.editing.values).filter((v) => v !== '').length,
      valid:
        Object.keys(draftErrors(s.context.editing.values, s.context.editing.uuid, s.context.slides))
          .length === 0,
    },
    errors: Object.keys(s.context.fieldErrors).filter((k) => s.context.fieldErrors[k as never]),
    errorCode: s.context.errorCode,
  });

const SLIDE: RateRow = {
  uuid: 's-1',
  priceStart: 0,
  priceEnd: 50,
  commission: 30,
  providerCommission: 10,
};
const SAVED: RateRow = { ...SLIDE, uuid: 's-2', priceStart: 50, priceEnd: 100 };
const overlap = new ConnectError(
  JSON.stringify({ code: 'RATE_SLIDE_OVERLAP', message: 'overlaps' }),
  Code.FailedPrecondition,
);

const EVENTS = [
  { type: 'rates.retry' },
  { type: 'rates.new' },
  { type: 'rates.edit', uuid: 's-1' },
  { type: 'rates.change', field: 'priceStart', value: '50' },
  { type: 'rates.change', field: 'priceEnd', value: '100' },
  { type: 'rates.change', field: 'commission', value: '30' },
  { type: 'rates.change', field: 'providerCommission', value: '10' },
  { type: 'rates.save' },
  { type: 'rates.cancel' },
  { type: 'rates.delete', uuid: 's-1' },
  { type: 'rates.preview', price: '60' },
  done('loadSlides', [SLIDE]),
  failure('loadSlides', new ConnectError('down', Code.Unavailable)),
  done('saveSlide', SAVED),
  failure('saveSlide', overlap),
  failure('saveSlide', new ConnectError('down', Code.Unavailable)),
  done('deleteSlide', { uuid: 's-1' }),
  failure('deleteSlide', new ConnectError('no', Code.PermissionDenied)),
];

/** Simple paths over the edits that need no typing (an edited slide starts valid). */
const SIMPLE = {
  title: 'without typing',
  // Fewer events give fewer paths than the shortest ones over every event.
  atLeast: (n: number) => Math.floor(n / 4),
  events: EVENTS.filter((e) => e.type !== 'rates.change' && e.type !== 'rates.preview'),
};

describePaths(
  'rateSlidesMachine',
  walkPaths({
    machine: rateSlidesMachine,
    input: { owner: 'vendor', canEdit: true },
    events: EVENTS,
    serializeState,
    errorOf: (s) => s.context.errorCode,
    check: (s, { where, event, started }) => {
      // The form is open exactly while editing or saving.
      expect(s.context.editing !== null, where).toBe(s.matches('editing') || s.matches('saving'));
      // Slides stay sorted by start.
      const starts = s.context.slides.map((r) => r.priceStart);
      expect(starts, where).toEqual([...starts].sort((a, b) => a - b));
      // A save only leaves with values the shared rules accept (no field error in the form).
      if (event.type === 'rates.save' && s.matches('saving')) {
        expect(s.context.fieldErrors, where).toEqual({});
        expect(
          started.map((a) => a.id),
          where,
        ).toEqual(['saveSlide']);
      }
      // A refused save names a field or a general text, never neither.
      if (s.matches({ editing: 'refused' }))
        expect(
          Object.keys(s.context.fieldErrors).length > 0 || s.context.errorKey,
          where,
        ).toBeTruthy();
      if (event.type === 'xstate.error.actor.saveSlide' && s.matches({ editing: 'refused' }))
        expect(
          s.context.fieldErrors.priceStart !== undefined || s.context.errorKey !== null,
          where,
        ).toBe(true);
    },
  }),
  SIMPLE,
);

const READ_ONLY_EVENTS = [
  { type: 'rates.new' },
  { type: 'rates.edit', uuid: 's-1' },
  { type: 'rates.delete', uuid: 's-1' },
  { type: 'rates.preview', price: '60' },
];

describe('rateSlidesMachine (read only)', () => {
  it('never opens the form nor deletes for a member who may only read', () => {
    const actor = createActor(
      rateSlidesMachine.provide({ actors: { loadSlides: fromPromise(async () => [SLIDE]) } }),
      { input: { owner: 'company', canEdit: false } },
    ).start();
    return vi.waitFor(() => {
      expect(actor.getSnapshot().matches('ready')).toBe(true);
      for (const event of READ_ONLY_EVENTS) {
        actor.send(event as never);
        const s = actor.getSnapshot();
        expect(s.matches('editing') || s.matches('deleting')).toBe(false);
      }
      expect(actor.getSnapshot().context.previewPrice).toBe('60');
    });
  });
});
