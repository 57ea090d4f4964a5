import { Code, ConnectError, type Client } from '@connectrpc/connect';
import { fromPromise } from 'xstate';
import type { ClientFactory } from '../../rpc/clients.ts';
import { parseReason } from '../../rpc/errors.ts';
import {
  AnnouncementKind,
  AnnouncementService,
  type Announcement,
} from '../../rpc/gen/seconde/v1/announcement_pb.ts';
import { announcementsMachine, type AnnouncementList } from './announcementsMachine.ts';
import type { AnnouncementDraft, AnnouncementItem } from './announcementTypes.ts';

/** Every announcement a vendor keeps fits one page. */
const PAGE = { page: 1, pageSize: 500 };

export const announcementItem = (a: Announcement): AnnouncementItem => ({
  uuid: a.uuid,
  name: a.name,
  title: a.title,
  description: a.description,
  kind: a.kind === AnnouncementKind.PROMPT ? 'PROMPT' : 'TEMPLATE',
  isActive: a.isActive,
  isDefault: a.isDefault,
  company: a.company,
  rowVersion: a.rowVersion,
});

/** The favourite's uuid; none is an answer here, not a failure (NO_FAVORITE_ANNOUNCEMENT). */
export async function favoriteUuid(
  client: Client<typeof AnnouncementService>,
  signal: AbortSignal,
): Promise<string | null> {
  try {
    return (await client.getFavorite({}, { signal })).uuid || null;
  } catch (error) {
    const e = ConnectError.from(error);
    if (e.code !== Code.Canceled && parseReason(e.rawMessage).reason === 'NO_FAVORITE_ANNOUNCEMENT')
      return null;
    throw error;
  }
}

/** The readable announcements, by name, and the favourite. */
export async function loadList(
  client: Client<typeof AnnouncementService>,
  signal: AbortSignal,
): Promise<AnnouncementList> {
  const [answer, favorite] = await Promise.all([
    client.list({ pagination: PAGE, ordering: 'name' }, { signal }),
    favoriteUuid(client, signal),
  ]);
  return { items: answer.results.map(announcementItem), favorite };
}

const toMessage = (d: AnnouncementDraft) => ({
  uuid: d.uuid,
  name: d.name.trim(),
  title: d.title,
  description: d.description,
  kind: AnnouncementKind[d.kind],
  isActive: d.isActive,
  isDefault: d.isDefault,
  rowVersion: d.rowVersion,
});

/** The profile page's announcements over AnnouncementService. */
export function announcementsLogic(clients: ClientFactory) {
  const client = clients.get(AnnouncementService);
  return announcementsMachine.provide({
    actors: {
      loadAnnouncements: fromPromise(({ signal }) => loadList(client, signal)),
      saveAnnouncement: fromPromise<AnnouncementList, AnnouncementDraft>(
        async ({ input, signal }) => {
          const announcement = toMessage(input);
          if (input.uuid) await client.update({ announcement }, { signal });
          else await client.create({ announcement }, { signal });
          return loadList(client, signal);
        },
      ),
      destroyAnnouncement: fromPromise<AnnouncementList, { uuid: string }>(
        async ({ input, signal }) => {
          await client.destroy({ uuid: input.uuid }, { signal });
          return loadList(client, signal);
        },
      ),
      setFavorite: fromPromise<AnnouncementList, { uuid: string }>(async ({ input, signal }) => {
        await client.setFavorite({ uuid: input.uuid }, { signal });
        return loadList(client, signal);
      }),
    },
  });
}
