import { Code, ConnectError } from '@connectrpc/connect';
import { expect } from 'vitest';
import type { SnapshotFrom } from 'xstate';
import { describePaths, done, failure, walkPaths, type StepInfo } from '../testing/walkPaths.ts';
import { EMPTY_BUYER, type BuyerFields, type PastePreview } from './buyerTypes.ts';
import { buyersMachine, hasName, type BuyersEvent, type BuyersPage } from './buyersMachine.ts';

type Snapshot = SnapshotFrom<typeof buyersMachine>;

const MARIE: BuyerFields = {
  ...EMPTY_BUYER,
  uuid: 'buyer-1',
  rowVersion: 1,
  firstName: 'Marie',
  lastName: 'Dupont',
  postalCode: '75011',
  city: 'Paris',
};
const PAGE: BuyersPage = { buyers: [MARIE], count: 1 };
const PREVIEW: PastePreview = {
  buyer: { ...MARIE, uuid: '', rowVersion: 0 },
  existing: null,
  platform: 1,
};
const CREATED: BuyerFields = { ...MARIE, uuid: 'buyer-2' };
const UNREADABLE = new ConnectError(
  '{"code":"BUYER_TEXT_UNREADABLE","message":"no buyer"}',
  Code.InvalidArgument,
);

const USER_EVENTS: BuyersEvent[] = [
  { type: 'buyers.search', search: 'dup' },
  { type: 'buyers.retry' },
  { type: 'buyers.new' },
  { type: 'buyers.edit', uuid: 'buyer-1' },
  // Not on the page: no form opens.
  { type: 'buyers.edit', uuid: 'elsewhere' },
  { type: 'buyers.change', field: 'city', value: 'Lyon' },
  { type: 'buyers.change', field: 'firstName', value: 'Zoé' },
  { type: 'buyers.save' },
  { type: 'buyers.cancel' },
  { type: 'buyers.paste' },
  { type: 'buyers.text', text: 'Marie Dupont\n12 rue des Lilas\n75011 Paris' },
  { type: 'buyers.text', text: '  ' },
  { type: 'buyers.platform', platform: 1 },
  { type: 'buyers.read' },
  { type: 'buyers.back' },
  { type: 'buyers.confirm' },
];
const events = [
  ...USER_EVENTS,
  done('fetchBuyers', PAGE),
  failure('fetchBuyers', new ConnectError('down', Code.Unavailable)),
  done('saveBuyer', CREATED),
  failure('saveBuyer', new ConnectError('{"code":"FORBIDDEN"}', Code.PermissionDenied)),
  done('previewPasted', PREVIEW),
  failure('previewPasted', UNREADABLE),
  done('createPasted', CREATED),
  failure('createPasted', new ConnectError('down', Code.Unavailable)),
];

function check(s: Snapshot, { where, started, previous, event }: StepInfo<Snapshot>): void {
  const c = s.context;
  for (const { id, input } of started) {
    if (id === 'fetchBuyers') expect(input, where).toEqual({ search: c.search });
    // Only a named buyer is sent; only a non-empty text is read or saved.
    if (id === 'saveBuyer') expect(hasName(input as BuyerFields), where).toBe(true);
    if (id === 'previewPasted' || id === 'createPasted')
      expect((input as { text: string }).text.trim(), where).not.toBe('');
  }
  // The form is open exactly while editing or saving; a preview shows only once understood.
  expect(c.draft !== null, where).toBe(s.matches('editing') || s.matches('saving'));
  if (s.matches('understood') || s.matches('creating')) expect(c.preview, where).not.toBeNull();
  if (s.matches('pasting') || s.matches('reading')) expect(c.preview, where).toBeNull();
  if (!previous) return;
  if (event.type === 'xstate.error.actor.previewPasted') {
    expect(c.refusal, where).toEqual({
      code: 'invalidRequest',
      i18nKey: 'buyers.reasonTextUnreadable',
    });
    // Nothing typed is lost.
    expect(c.paste, where).toEqual(previous.context.paste);
  }
  if (event.type === 'xstate.error.actor.saveBuyer')
    expect(c.draft, where).toEqual(previous.context.draft);
  if (
    event.type === 'xstate.done.actor.createPasted' ||
    event.type === 'xstate.done.actor.saveBuyer'
  )
    expect(c.savedUuid, where).toBe(CREATED.uuid);
}

const walk = walkPaths({
  machine: buyersMachine,
  events,
  errorOf: (s) => s.context.errorCode,
  check,
});

/** The simple paths over one event of each kind: every branch, without each value's repeats. */
const SIMPLE_EVENTS = new Set([
  'buyers.search',
  'buyers.new',
  'buyers.save',
  'buyers.cancel',
  'buyers.paste',
  'buyers.read',
  'buyers.back',
  'buyers.confirm',
]);

describePaths('buyersMachine', walk, {
  title: 'of each kind of step, without failures',
  events: [
    ...USER_EVENTS.filter(
      (e) =>
        (e.type === 'buyers.edit' && e.uuid === 'buyer-1') ||
        (e.type === 'buyers.change' && e.field === 'city') ||
        (e.type === 'buyers.text' && e.text.trim() !== ''),
    ),
    ...events.filter((e) => SIMPLE_EVENTS.has(e.type) || e.type.startsWith('xstate.done')),
  ],
  atLeast: () => 10,
  timeout: 120_000,
});
