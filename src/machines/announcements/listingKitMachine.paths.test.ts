import { Code, ConnectError } from '@connectrpc/connect';
import { expect, it } from 'vitest';
import type { SnapshotFrom } from 'xstate';
import { describePaths, done, failure, walkPaths, type StepInfo } from '../testing/walkPaths.ts';
import {
  copyText,
  listingKitMachine,
  priceText,
  urlProblem,
  type Kit,
  type ListingKitEvent,
} from './listingKitMachine.ts';

type Snapshot = SnapshotFrom<typeof listingKitMachine>;

const KIT: Kit = {
  title: 'Robe Zara',
  description: 'Très bon état',
  price: 12.5,
  photoUrls: ['http://localhost/media/a.jpg', 'http://localhost/media/b.jpg'],
  searchUrl: 'https://www.vinted.fr/catalog?search_text=Robe%20Zara',
  listingUrl: '',
};
const URL_OK = 'https://www.vinted.fr/items/1-robe';

const EVENTS: ListingKitEvent[] = [
  { type: 'kit.reload' },
  { type: 'kit.copy', target: 'title' },
  { type: 'kit.copy', target: 'price' },
  { type: 'kit.downloadAll' },
  { type: 'kit.changeUrl', value: 'https://www.leboncoin.fr/ad/1' },
  { type: 'kit.changeUrl', value: URL_OK },
  { type: 'kit.record' },
  { type: 'kit.dismiss' },
];
const SETTLE = [
  done('loadKit', KIT),
  failure('loadKit', new ConnectError('down', Code.Unavailable)),
  done('writeClipboard'),
  failure('writeClipboard', new DOMException('denied', 'NotAllowedError')),
  done('downloadPhotos'),
  failure('downloadPhotos', new Error('blocked')),
  done('recordListing', { url: URL_OK }),
  failure(
    'recordListing',
    new ConnectError(
      JSON.stringify({ code: 'ONLINE_BEFORE_VALIDATION', message: 'no' }),
      Code.FailedPrecondition,
    ),
  ),
];

function check(s: Snapshot, { where, started, emitted, event }: StepInfo<Snapshot>) {
  const { copied, copyFailed, copyTarget, kit, url } = s.context;
  // The clipboard gets exactly the text of the button pressed.
  if (where === 'ready.copying' && started.length)
    expect(started[0]!.input).toEqual({ text: copyText(kit!, copyTarget!) });
  // A refused clipboard names what to copy by hand; a success says what was copied.
  expect(copyFailed !== null, where).toBe(where === 'ready.copyFailed');
  if (event.type === 'xstate.done.actor.writeClipboard') expect(copied).toBe(copyTarget);
  // Only a marketplace link is ever recorded, and a recorded one is announced once.
  if (where === 'ready.recording' && started.length) {
    expect(urlProblem(url)).toBeNull();
    expect(started[0]!.input).toEqual({ product: 'p-1', url, title: kit!.title });
  }
  expect(emitted.length, where).toBe(event.type === 'xstate.done.actor.recordListing' ? 1 : 0);
  if (where === 'ready.recorded') expect(kit!.listingUrl).toBe(URL_OK);
}

describePaths(
  'listingKitMachine',
  walkPaths({
    machine: listingKitMachine,
    input: { product: 'p-1' },
    events: [...EVENTS, ...SETTLE],
    errorOf: (s) => s.context.error ?? s.context.copyFailed,
    // The state, the link typed and what was copied tell states apart (not which text failed).
    serializeState: (s) =>
      JSON.stringify([
        s.value,
        s.context.url,
        s.context.kit?.listingUrl ?? null,
        s.context.copyTarget,
        s.context.copied !== null,
        s.context.error?.code ?? null,
      ]),
    check,
  }),
  {
    title: 'of copying and recording',
    events: [EVENTS[1]!, EVENTS[5]!, EVENTS[6]!, ...SETTLE.slice(0, 4), SETTLE[6]!],
    limit: 500,
  },
);

it('writes prices as a price field takes them', () => {
  expect(priceText(12.5)).toBe('12,50');
  expect(priceText(8)).toBe('8');
  expect(priceText(1250)).toBe('1250');
});
