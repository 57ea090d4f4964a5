import type { ServiceDeps } from '../deps.ts';

/**
 * Asks for the vendor's listings that should no longer be up (product sold, paid, reserved
 * elsewhere, restituted, taken offline) to be withdrawn from their channels, as a background task.
 * Cheap and safe to call after any sale-status change: the task re-reads what to withdraw.
 */
export async function requestWithdrawals(_deps: ServiceDeps, _vendorUuid: string): Promise<void> {
  // Implemented with the publish task.
}
