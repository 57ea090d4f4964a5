import { expect } from 'vitest';
import type { SnapshotFrom } from 'xstate';
import { describePaths, walkPaths } from '../testing/walkPaths.ts';
import {
  DEFAULT_TIMEOUT,
  notificationsMachine,
  toNotification,
  type NotificationRequest,
  type NotificationsEvent,
} from './notificationsMachine.ts';

type Snapshot = SnapshotFrom<typeof notificationsMachine>;

/** A default one (right, 6 s), one that never closes by itself (left), a titled one with a link. */
const REQUESTS: NotificationRequest[] = [
  { text: 'Profil enregistré' },
  { text: 'Hors ligne', intent: 'warning', position: 'left', timeout: -1 },
  {
    title: 'Dépôt envoyé',
    text: 'Merci !',
    intent: 'success',
    position: 'center',
    timeout: 10_000,
    action: { text: 'Voir', href: '/deposits' },
  },
];

/** Three notifications at most per path keep the graph finite; close and expiry per shown one. */
function events(s: Snapshot): NotificationsEvent[] {
  const shown = s.context.notifications;
  return [
    ...(s.context.nextId <= 3
      ? REQUESTS.map((notification) => ({ type: 'notifications.show', notification }) as const)
      : []),
    ...shown.map((n) => ({ type: 'notifications.close', id: n.id }) as const),
    ...shown
      .filter((n) => n.timeout > 0)
      .map((n) => ({ type: 'notifications.expired', id: n.id }) as const),
  ];
}

describePaths(
  'notificationsMachine',
  walkPaths({
    machine: notificationsMachine,
    events,
    busyTag: null,
    check: (s, { where, event, previous }) => {
      const before = previous?.context.notifications ?? [];
      const now = s.context.notifications;
      if (event.type === 'notifications.show') {
        const { notification } = event as Extract<
          NotificationsEvent,
          { type: 'notifications.show' }
        >;
        const added = now.at(-1)!;
        expect(added, where).toEqual(toNotification(previous!.context.nextId, notification));
        expect(added.timeout, where).toBe(notification.timeout ?? DEFAULT_TIMEOUT);
        expect(added.position, where).toBe(notification.position ?? 'right');
        expect(now.slice(0, -1), where).toEqual(before);
      }
      if (event.type === 'notifications.close' || event.type === 'notifications.expired') {
        const { id } = event as NotificationsEvent & { id: number };
        expect(
          now.map((n) => n.id),
          where,
        ).toEqual(before.map((n) => n.id).filter((i) => i !== id));
      }
      // Ids are unique and in showing order.
      const ids = now.map((n) => n.id);
      expect(ids, where).toEqual([...new Set(ids)].sort((a, b) => a - b));
    },
  }),
);
