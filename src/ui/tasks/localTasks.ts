import { atom } from 'jotai';
import { selectAtom } from 'jotai/utils';

/**
 * Work that runs in this tab rather than on the server (spreadsheet exports): shown in the
 * background task panel beside the server's tasks. The work that owns a task keeps it up to date.
 */
export interface LocalTask {
  readonly id: string;
  /** Already translated: what the user recognises it by ("Export of the stock"). */
  readonly label: string;
  readonly status: 'waiting' | 'running' | 'completed' | 'error';
  readonly current: number;
  readonly total: number;
  /** Reopens the work's own window (the export modal), when it has one. */
  readonly open?: () => void;
}

export const localTasksAtom = atom<readonly LocalTask[]>([]);

/**
 * Each task's reopening action by id: a new map only when a task comes, goes or changes its
 * action, not when its progress moves.
 */
export const localTaskOpensAtom = selectAtom(
  localTasksAtom,
  (tasks) => new Map(tasks.map((task) => [task.id, task.open])),
  (a, b) => a.size === b.size && [...a].every(([id, open]) => b.has(id) && b.get(id) === open),
);

/** Adds the task, or replaces the one with the same id. */
export const upsertLocalTaskAtom = atom(null, (get, set, task: LocalTask) => {
  const tasks = get(localTasksAtom);
  const index = tasks.findIndex((t) => t.id === task.id);
  set(localTasksAtom, index < 0 ? [...tasks, task] : tasks.map((t, i) => (i === index ? task : t)));
});

/** Removes the finished ones (the panel's close button). */
export const clearFinishedLocalTasksAtom = atom(null, (get, set) => {
  set(
    localTasksAtom,
    get(localTasksAtom).filter((t) => t.status === 'running' || t.status === 'waiting'),
  );
});
