import { Code, ConnectError } from '@connectrpc/connect';
import { expect } from 'vitest';
import type { SnapshotFrom } from 'xstate';
import { describePaths, done, failure, walkPaths, type StepInfo } from '../testing/walkPaths.ts';
import {
  productTextMachine,
  type ProductTextData,
  type ProductTextEvent,
} from './productTextMachine.ts';

type Snapshot = SnapshotFrom<typeof productTextMachine>;

const DATA: ProductTextData = {
  announcements: [
    { uuid: 'fav', name: 'Favorite' },
    { uuid: 'other', name: 'Other' },
  ],
  favorite: 'fav',
  texts: { other: { title: 'Old', description: 'Old text' } },
};
const WRITTEN = { announcement: 'fav', title: 'Robe Zara', description: 'Très bon état' };
const NO_FAVORITE = new ConnectError(
  JSON.stringify({ code: 'NO_FAVORITE_ANNOUNCEMENT', message: 'none' }),
  Code.FailedPrecondition,
);

const EVENTS: ProductTextEvent[] = [
  { type: 'productText.retry' },
  { type: 'productText.choose', uuid: 'other' },
  { type: 'productText.choose', uuid: 'fav' },
  { type: 'productText.generate' },
  { type: 'productText.change', field: 'title', value: 'Robe' },
  { type: 'productText.change', field: 'title', value: ' ' },
  { type: 'productText.save' },
  { type: 'productText.dismiss' },
];
const SETTLE = [
  done('loadTexts', DATA),
  failure('loadTexts', new ConnectError('down', Code.Unavailable)),
  done('generateText', WRITTEN),
  failure('generateText', NO_FAVORITE),
  done('saveText', { ...WRITTEN, title: 'Robe' }),
  failure('saveText', new ConnectError('down', Code.Unavailable)),
];

function check(s: Snapshot, { where, previous, started, emitted, event }: StepInfo<Snapshot>) {
  const { selected, draft, texts } = s.context;
  // The favourite is preselected when the product has no text of its own.
  if (previous?.matches('loading') && s.matches('ready')) expect(selected).toBe('fav');
  // The text edited is the chosen announcement's saved one until it is changed.
  if (event.type === 'productText.choose') expect(draft).toEqual(texts[selected] ?? null);
  // Generation writes for the chosen announcement; a save sends the draft as edited.
  if (where === 'ready.generating' && started.length)
    expect(started[0]!.input).toEqual({ product: 'p-1', announcement: selected });
  if (where === 'ready.saving' && started.length) {
    expect(started[0]!.input).toEqual({ product: 'p-1', announcement: selected, text: draft });
    expect(draft!.title.trim()).not.toBe('');
  }
  // Every written or saved text is announced once, so the listing kit follows it.
  const wrote = ['xstate.done.actor.generateText', 'xstate.done.actor.saveText'].includes(
    event.type,
  );
  expect(emitted.length, where).toBe(wrote ? 1 : 0);
}

describePaths(
  'productTextMachine',
  walkPaths({
    machine: productTextMachine,
    input: { product: 'p-1', current: '' },
    events: [...EVENTS, ...SETTLE],
    errorOf: (s) => s.context.error,
    check,
  }),
  {
    title: 'of writing and saving',
    events: [EVENTS[3]!, EVENTS[4]!, EVENTS[6]!, ...SETTLE],
    limit: 2000,
  },
);
