import type { SnapshotFrom } from 'xstate';
import type {
  Notification,
  NotificationPosition,
  notificationsMachine,
} from './notificationsMachine.ts';

type Snapshot = SnapshotFrom<typeof notificationsMachine>;

const EMPTY: readonly Notification[] = [];

/**
 * The notifications of one stack (one position, or several drawn as one on a phone), oldest
 * first; the same array while nothing changes.
 */
export function selectStack(...positions: readonly NotificationPosition[]) {
  let last: readonly Notification[] | null = null;
  let result: readonly Notification[] = EMPTY;
  return (s: Snapshot): readonly Notification[] => {
    if (s.context.notifications === last) return result;
    last = s.context.notifications;
    const stack = last.filter((n) => positions.includes(n.position));
    result = stack.length ? stack : EMPTY;
    return result;
  };
}
