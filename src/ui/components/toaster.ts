import { OverlayToaster, Position, type Intent, type Toaster } from '@blueprintjs/core';

/** Toast lengths (2-business-data.md §9): success and warning 3 s, error 6 s. */
export const TOAST_TIMEOUT_MS = { success: 3_000, warning: 3_000, danger: 6_000 } as const;
export type ToastKind = keyof typeof TOAST_TIMEOUT_MS;

let toaster: Promise<Toaster> | undefined;

/** The app's one toaster, centred at the top, created on first use. */
function appToaster(): Promise<Toaster> {
  toaster ??= OverlayToaster.create({ position: Position.TOP, maxToasts: 4 });
  return toaster;
}

/** Shows an already translated message; the kind sets the colour and how long it stays. */
export function showToast(kind: ToastKind, message: string): void {
  void appToaster().then((t) =>
    t.show({ message, intent: kind as Intent, timeout: TOAST_TIMEOUT_MS[kind] }),
  );
}
