import { Intent, OverlayToaster, Position, type Toaster } from '@blueprintjs/core';

/**
 * The kinds of toast, their colour and how long they stay (2-business-data.md §9): success and
 * warning 3 s, error 6 s, the deposit-request confirmation 10 s.
 */
export const TOASTS = {
  success: { intent: Intent.SUCCESS, timeout: 3_000 },
  warning: { intent: Intent.WARNING, timeout: 3_000 },
  danger: { intent: Intent.DANGER, timeout: 6_000 },
  confirmation: { intent: Intent.SUCCESS, timeout: 10_000 },
} as const;
export type ToastKind = keyof typeof TOASTS;

let toaster: Promise<Toaster> | undefined;

/** The app's one toaster, centred at the top, created on first use. */
function appToaster(): Promise<Toaster> {
  toaster ??= OverlayToaster.create({ position: Position.TOP, maxToasts: 4 });
  return toaster;
}

/** Shows an already translated message; the kind sets the colour and how long it stays. */
export function showToast(kind: ToastKind, message: string): void {
  void appToaster().then((t) => t.show({ message, ...TOASTS[kind] }));
}
