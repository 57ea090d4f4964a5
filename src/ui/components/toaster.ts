import type {
  NotificationIntent,
  NotificationRequest,
} from '../../machines/notifications/notificationsMachine.ts';

/**
 * The kinds of toast, their colour and how long they stay (2-business-data.md §9): success and
 * warning 3 s, error 6 s, the deposit-request confirmation 10 s.
 */
export const TOASTS = {
  success: { intent: 'success', timeout: 3_000 },
  warning: { intent: 'warning', timeout: 3_000 },
  danger: { intent: 'danger', timeout: 6_000 },
  confirmation: { intent: 'success', timeout: 10_000 },
} as const satisfies Record<string, { intent: NotificationIntent; timeout: number }>;
export type ToastKind = keyof typeof TOASTS;

type Sink = (request: NotificationRequest) => void;

let sink: Sink | null = null;
/** Asked before the notification stack is on screen (first render); shown once it is. */
const waiting: NotificationRequest[] = [];
const MAX_WAITING = 10;

/**
 * Where notifications go: the app's one notification stack (`NotificationStack`, rendered with
 * Blueprint toasters) connects here when it mounts. Returns the disconnection.
 */
export function connectNotifications(next: Sink): () => void {
  sink = next;
  for (const request of waiting.splice(0)) next(request);
  return () => {
    if (sink === next) sink = null;
  };
}

/** Shows a notification (title, text, colour, position, timeout, action) on the stack. */
export function notify(request: NotificationRequest): void {
  if (sink) sink(request);
  else if (waiting.push(request) > MAX_WAITING) waiting.shift();
}

/** Shows an already translated message; the kind sets the colour and how long it stays. */
export function showToast(kind: ToastKind, message: string): void {
  notify({ text: message, ...TOASTS[kind] });
}
