import { OverlayToaster, Position, type Intent, type Toaster } from '@blueprintjs/core';

/** Toast durations of 2-business-data.md §9 (ms). */
export const TOAST_MS = { warning: 3000, confirmation: 10_000 } as const;

let toaster: Promise<Toaster> | undefined;

/** The area's one centred toaster, created on first use. */
export function showToast(message: string, intent: Intent, timeout: number): void {
  toaster ??= OverlayToaster.create({ position: Position.TOP });
  void toaster.then((t) => t.show({ message, intent, timeout }));
}
