import { assign, enqueueActions, setup } from 'xstate';

export type NotificationPosition = 'left' | 'center' | 'right';
export type NotificationIntent = 'none' | 'primary' | 'success' | 'warning' | 'danger';

/** What a caller asks to show (1-app-shell.md §3 "Notification"); only `text` is required. */
export interface NotificationRequest {
  readonly title?: string;
  /** Already translated text. */
  readonly text: string;
  /** The colour. */
  readonly intent?: NotificationIntent;
  readonly position?: NotificationPosition;
  /** Milliseconds before it closes by itself; -1 (or 0) keeps it until closed. */
  readonly timeout?: number;
  /** One action, a link. */
  readonly action?: { readonly text: string; readonly href: string };
}

export interface Notification {
  readonly id: number;
  readonly title: string | null;
  readonly text: string;
  readonly intent: NotificationIntent;
  readonly position: NotificationPosition;
  readonly timeout: number;
  readonly action: { readonly text: string; readonly href: string } | null;
}

/** 1-app-shell.md §9: 6 s unless told; right unless told. */
export const DEFAULT_TIMEOUT = 6_000;
export const DEFAULT_POSITION: NotificationPosition = 'right';
/** The oldest notification gives way beyond this many on screen. */
export const MAX_NOTIFICATIONS = 5;

export interface NotificationsContext {
  readonly notifications: readonly Notification[];
  readonly nextId: number;
}

export type NotificationsEvent =
  | { type: 'notifications.show'; notification: NotificationRequest }
  | { type: 'notifications.close'; id: number }
  /** A notification's timeout ran out (raised by the machine itself, after `timeout` ms). */
  | { type: 'notifications.expired'; id: number };

export function toNotification(id: number, request: NotificationRequest): Notification {
  return {
    id,
    title: request.title ?? null,
    text: request.text,
    intent: request.intent ?? 'none',
    position: request.position ?? DEFAULT_POSITION,
    timeout: request.timeout ?? DEFAULT_TIMEOUT,
    action: request.action ?? null,
  };
}

const timerId = (id: number) => `notification-${id}`;

/**
 * The app's notification stack (1-app-shell.md §4): each notification closes after its own
 * timeout, or when closed; a timeout of -1 never runs out. Each timer is a delayed event the
 * machine raises to itself and cancels when the notification closes first.
 */
export const notificationsMachine = setup({
  types: {
    context: {} as NotificationsContext,
    events: {} as NotificationsEvent,
  },
  actions: {
    show: enqueueActions(({ context, enqueue }, params: { request: NotificationRequest }) => {
      const notification = toNotification(context.nextId, params.request);
      const kept = context.notifications.slice(
        Math.max(0, context.notifications.length - MAX_NOTIFICATIONS + 1),
      );
      for (const dropped of context.notifications.slice(
        0,
        context.notifications.length - kept.length,
      ))
        enqueue.cancel(timerId(dropped.id));
      enqueue.assign({ notifications: [...kept, notification], nextId: context.nextId + 1 });
      if (notification.timeout > 0)
        enqueue.raise(
          { type: 'notifications.expired', id: notification.id },
          { id: timerId(notification.id), delay: notification.timeout },
        );
    }),
    close: enqueueActions(({ context, enqueue }, params: { id: number }) => {
      enqueue.cancel(timerId(params.id));
      enqueue.assign({ notifications: context.notifications.filter((n) => n.id !== params.id) });
    }),
    forget: assign(({ context }, params: { id: number }) => ({
      notifications: context.notifications.filter((n) => n.id !== params.id),
    })),
  },
}).createMachine({
  id: 'notifications',
  initial: 'showing',
  context: { notifications: [], nextId: 1 },
  states: {
    showing: {
      on: {
        'notifications.show': {
          actions: { type: 'show', params: ({ event }) => ({ request: event.notification }) },
        },
        'notifications.close': {
          actions: { type: 'close', params: ({ event }) => ({ id: event.id }) },
        },
        'notifications.expired': {
          actions: { type: 'forget', params: ({ event }) => ({ id: event.id }) },
        },
      },
    },
  },
});
