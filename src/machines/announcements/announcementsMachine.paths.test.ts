import { Code, ConnectError } from '@connectrpc/connect';
import { expect } from 'vitest';
import type { SnapshotFrom } from 'xstate';
import { announcementProblems } from '../../domain/announcements/announcementRules.ts';
import { describePaths, done, failure, walkPaths, type StepInfo } from '../testing/walkPaths.ts';
import {
  announcementsMachine,
  type AnnouncementList,
  type AnnouncementsEvent,
} from './announcementsMachine.ts';
import type { AnnouncementItem } from './announcementTypes.ts';

type Snapshot = SnapshotFrom<typeof announcementsMachine>;

const ITEM: AnnouncementItem = {
  uuid: 'a-1',
  name: 'Vêtements',
  title: '{titre} {marque}',
  description: 'État : {etat}',
  kind: 'TEMPLATE',
  isActive: true,
  isDefault: false,
  company: '',
  rowVersion: 1,
};
const LIST: AnnouncementList = { items: [ITEM], favorite: null };
const FAVOURED: AnnouncementList = { items: [ITEM], favorite: 'a-1' };
const DOWN = new ConnectError('down', Code.Unavailable);
const UNKNOWN = new ConnectError(
  JSON.stringify({ code: 'ANNOUNCEMENT_PLACEHOLDER_UNKNOWN', message: 'Unknown placeholder {x}' }),
  Code.InvalidArgument,
);

const EVENTS: AnnouncementsEvent[] = [
  { type: 'announcements.retry' },
  { type: 'announcements.new' },
  { type: 'announcements.edit', uuid: 'a-1' },
  // Not in the list: refused by the guard.
  { type: 'announcements.edit', uuid: 'gone' },
  { type: 'announcements.change', field: 'name', value: 'Chaussures' },
  { type: 'announcements.change', field: 'title', value: '{titre}' },
  { type: 'announcements.change', field: 'description', value: 'Couleur : {couleur}' },
  { type: 'announcements.setKind', kind: 'PROMPT' },
  { type: 'announcements.setFlag', flag: 'isDefault', value: true },
  { type: 'announcements.save' },
  { type: 'announcements.cancel' },
  { type: 'announcements.delete', uuid: 'a-1' },
  { type: 'announcements.confirmDelete' },
  { type: 'announcements.toggleFavorite', uuid: 'a-1' },
  { type: 'announcements.dismiss' },
];
const SETTLE = [
  done('loadAnnouncements', LIST),
  failure('loadAnnouncements', DOWN),
  done('saveAnnouncement', LIST),
  failure('saveAnnouncement', UNKNOWN),
  done('destroyAnnouncement', { items: [], favorite: null }),
  failure('destroyAnnouncement', DOWN),
  done('setFavorite', FAVOURED),
  failure('setFavorite', DOWN),
];

function check(s: Snapshot, { where, previous, started }: StepInfo<Snapshot>) {
  const { draft, pendingDelete } = s.context;
  // The dialog shows exactly while an announcement is edited, saved or confirmed for deletion.
  expect(s.hasTag('dialog'), where).toBe(
    ['ready.editing', 'ready.saving', 'ready.saveFailed', 'ready.confirmingDelete'].includes(where),
  );
  expect(draft !== null, where).toBe(
    ['ready.editing', 'ready.saving', 'ready.saveFailed'].includes(where),
  );
  // Nothing with a problem is ever sent, and what is sent is the draft.
  if (where === 'ready.saving' && started.length) {
    expect(announcementProblems(draft!), where).toEqual([]);
    expect(started[0]!.input, where).toEqual(draft);
  }
  // A failed save loses nothing typed.
  if (where === 'ready.saveFailed') expect(draft, where).toEqual(previous?.context.draft);
  // Only a confirmed deletion is sent, for the announcement asked about.
  if (where === 'ready.deleting' && started.length)
    expect(started[0]!.input).toEqual({ uuid: 'a-1' });
  expect(pendingDelete !== null, where).toBe(
    ['ready.confirmingDelete', 'ready.deleting'].includes(where),
  );
  // The star of the favourite clears it; another star sets it.
  if (where === 'ready.settingFavorite' && started.length)
    expect(started[0]!.input).toEqual({ uuid: previous?.context.favorite === 'a-1' ? '' : 'a-1' });
}

describePaths(
  'announcementsMachine',
  walkPaths({
    machine: announcementsMachine,
    events: [...EVENTS, ...SETTLE],
    errorOf: (s) => s.context.error,
    check,
  }),
  {
    title: 'of editing, saving and failing',
    events: [EVENTS[1]!, EVENTS[4]!, EVENTS[5]!, EVENTS[9]!, EVENTS[10]!, ...SETTLE.slice(0, 4)],
    limit: 2000,
    atLeast: () => 5,
  },
);
