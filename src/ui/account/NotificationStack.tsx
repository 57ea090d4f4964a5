import './notifications.css';
import { Intent, OverlayToaster, Position, Toast, type ToasterPosition } from '@blueprintjs/core';
import { useEffect, useMemo } from 'react';
import {
  type Notification,
  type NotificationPosition,
} from '../../machines/notifications/notificationsMachine.ts';
import { selectStack } from '../../machines/notifications/notificationsSelectors.ts';
import { connectNotifications } from '../components/toaster.ts';
import { useIsPhone } from '../shell/useIsPhone.ts';
import { NotificationsContext } from './notificationsContext.ts';

const POSITIONS: readonly [NotificationPosition, ToasterPosition][] = [
  ['left', Position.TOP_LEFT],
  ['center', Position.TOP],
  ['right', Position.TOP_RIGHT],
];

const INTENTS = {
  none: Intent.NONE,
  primary: Intent.PRIMARY,
  success: Intent.SUCCESS,
  warning: Intent.WARNING,
  danger: Intent.DANGER,
} as const;

const ALL_POSITIONS = POSITIONS.map(([position]) => position);

function Stack({
  positions,
  placement,
}: {
  positions: readonly NotificationPosition[];
  placement: ToasterPosition;
}) {
  const actor = NotificationsContext.useActorRef();
  // The positions are constants: joined, they make a stable key for the selector.
  const key = positions.join();
  // eslint-disable-next-line react-hooks/exhaustive-deps
  const select = useMemo(() => selectStack(...positions), [key]);
  const notifications = NotificationsContext.useSelector(select);
  const close = (n: Notification) => actor.send({ type: 'notifications.close', id: n.id });
  return (
    <OverlayToaster position={placement} className="seconde-notifications">
      {notifications.map((n) => (
        <Toast
          key={n.id}
          intent={INTENTS[n.intent]}
          // The machine owns the timers; Blueprint's own would close it behind its back.
          timeout={0}
          onDismiss={() => close(n)}
          message={
            n.title ? (
              <>
                <strong>{n.title}</strong> {n.text}
              </>
            ) : (
              n.text
            )
          }
          {...(n.action && { action: { text: n.action.text, href: n.action.href } })}
        />
      ))}
    </OverlayToaster>
  );
}

/**
 * The notification stacks (left, center, right), drawn with Blueprint toasters from the
 * notifications machine. Every `notify`/`showToast` of the app lands here once it is mounted.
 */
export function NotificationStack() {
  const actor = NotificationsContext.useActorRef();
  useEffect(
    () =>
      connectNotifications((notification) =>
        actor.send({ type: 'notifications.show', notification }),
      ),
    [actor],
  );
  // Side by side, three stacks would cover each other on a phone: there they are one, at the top.
  const isPhone = useIsPhone();
  if (isPhone) return <Stack positions={ALL_POSITIONS} placement={Position.TOP} />;
  return (
    <>
      {POSITIONS.map(([position, placement]) => (
        <Stack key={position} positions={[position]} placement={placement} />
      ))}
    </>
  );
}
