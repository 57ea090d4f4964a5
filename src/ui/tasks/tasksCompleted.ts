import { atom, useAtomValue } from 'jotai';
import { useEffect, useRef } from 'react';

/**
 * How many times server tasks (imports) finished well since the page loaded: the task panel
 * bumps it, and the lists an import feeds load again when it changes.
 */
export const tasksCompletedAtom = atom(0);

export const bumpTasksCompletedAtom = atom(null, (get, set) => {
  set(tasksCompletedAtom, get(tasksCompletedAtom) + 1);
});

/** Calls `onCompleted` each time an import finishes while the caller is mounted. */
export function useOnTasksCompleted(onCompleted: () => void): void {
  const count = useAtomValue(tasksCompletedAtom);
  const seen = useRef(count);
  useEffect(() => {
    if (seen.current === count) return;
    seen.current = count;
    onCompleted();
  }, [count, onCompleted]);
}
