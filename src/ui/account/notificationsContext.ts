import { createActorContext } from '@xstate/react';
import { notificationsMachine } from '../../machines/notifications/notificationsMachine.ts';

/** The tab's notification stack actor, on its own so the light public page takes only it. */
export const NotificationsContext = createActorContext(notificationsMachine);
