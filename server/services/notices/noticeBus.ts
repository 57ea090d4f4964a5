/**
 * In-process wake-ups for the notice streams. The database is the truth (a stream reads after its
 * cursor); this only spares a stream its next poll. `notify` runs inside the event's transaction,
 * before commit, so a woken stream reads a moment later and its poll catches a slower commit.
 * Works the same on PGlite and PostgreSQL; a second server process is caught by the poll.
 */
type Listener = (recipients: readonly string[], mailQueued: boolean) => void;

const listeners = new Set<Listener>();

/** Listens until the returned function is called. */
export function onNoticeWritten(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Told by `notify` once its rows are written (not yet committed). */
export function noticeWritten(recipients: readonly string[], mailQueued: boolean): void {
  if (recipients.length === 0 && !mailQueued) return;
  for (const listener of listeners) listener(recipients, mailQueued);
}
