import { Code, ConnectError } from '@connectrpc/connect';
import { expect } from 'vitest';
import { fromCallback, type SnapshotFrom } from 'xstate';
import { describePaths, done, failure, walkPaths, type StepInfo } from '../testing/walkPaths.ts';
import {
  MAX_RETRIES,
  backgroundTasksMachine,
  panelTasks,
  type BackgroundTasksEmitted,
  type BackgroundTasksEvent,
} from './backgroundTasksMachine.ts';
import { isUnfinished, type PanelTask } from './panelModel.ts';

type Snapshot = SnapshotFrom<typeof backgroundTasksMachine>;

const task = (id: string, status: PanelTask['status'], source: PanelTask['source'] = 'server') =>
  ({
    id,
    source,
    nameKey: source === 'server' ? 'tasks.nameMarketplaceProfile' : null,
    label: id,
    status,
    current: status === 'completed' ? 4 : 1,
    total: 4,
  }) satisfies PanelTask;

const RECEIVED: BackgroundTasksEvent[] = [
  { type: 'tasks.received', tasks: [] },
  { type: 'tasks.received', tasks: [task('import', 'running')] },
  { type: 'tasks.received', tasks: [task('import', 'completed'), task('other', 'error')] },
];
const DONE_ONLY: BackgroundTasksEvent = {
  type: 'tasks.received',
  tasks: [task('import', 'completed')],
};
const LOCAL: BackgroundTasksEvent[] = [
  { type: 'local.changed', tasks: [task('export', 'running', 'local')] },
  { type: 'local.changed', tasks: [task('export', 'completed', 'local')] },
];
const USER: BackgroundTasksEvent[] = [{ type: 'tasks.dismiss' }, { type: 'stream.dropped' }];
const SETTLE = [
  done('dismissTasks'),
  failure(
    'dismissTasks',
    new ConnectError('{"code":"TASKS_STILL_RUNNING"}', Code.FailedPrecondition),
  ),
];

function check(s: Snapshot, { where, event, previous, emitted, started }: StepInfo<Snapshot>) {
  const { retries, serverTasks } = s.context;
  // The stream is open exactly while live; a drop waits longer the more it repeats.
  expect('watchTasks' in s.children, where).toBe(s.matches({ stream: 'live' }));
  expect(retries, where).toBeLessThanOrEqual(MAX_RETRIES);
  if (s.matches({ stream: { reconnecting: 'soon' } })) expect(retries, where).toBe(1);
  if (s.matches({ stream: { reconnecting: 'later' } })) expect(retries, where).toBeGreaterThan(1);
  if (s.matches({ stream: { reconnecting: 'latest' } })) expect(retries, where).toBe(MAX_RETRIES);
  if (event.type === 'tasks.received') expect(retries, where).toBe(0);
  // Nothing is cleared while a task is not over; a clear asks the tab to drop its own finished.
  const before = previous ? panelTasks(previous.context) : [];
  const cleared = emitted.filter((e) => e.type === 'tasks.cleared').length;
  if (event.type === 'tasks.dismiss')
    expect(cleared, where).toBe(before.length > 0 && !before.some(isUnfinished) ? 1 : 0);
  else expect(cleared, where).toBe(0);
  if (started.some((a) => a.id === 'dismissTasks'))
    expect(before.some(isUnfinished) || previous!.context.serverTasks.length === 0, where).toBe(
      false,
    );
  // An import is announced once when it turns completed while followed: known unfinished, or
  // new after a first list. The first list after start only shows what is already there.
  const announced = (emitted as BackgroundTasksEmitted[]).flatMap((e) =>
    e.type === 'tasks.completed' ? [e.ids] : [],
  );
  const received = event as BackgroundTasksEvent;
  if (received.type === 'tasks.received' && previous?.matches({ stream: 'live' })) {
    const before = new Map(previous.context.serverTasks.map((t) => [t.id, t.status]));
    const ids = received.tasks
      .filter((t) => t.status === 'completed' && before.get(t.id) !== 'completed')
      .map((t) => t.id);
    expect(announced, where).toEqual(previous.context.listed && ids.length ? [ids] : []);
  } else expect(announced, where).toEqual([]);
  const heard = event.type === 'tasks.received' && Boolean(previous?.matches({ stream: 'live' }));
  expect(s.context.listed, where).toBe(heard || Boolean(previous?.context.listed));
  // A done Dismiss leaves only unfinished server tasks; a failed one keeps them all.
  if (event.type === 'xstate.done.actor.dismissTasks')
    expect(serverTasks.every(isUnfinished), where).toBe(true);
  if (event.type === 'xstate.error.actor.dismissTasks') {
    expect(serverTasks, where).toEqual(previous!.context.serverTasks);
    expect(s.context.errorCode, where).toBe('invalidRequest');
  }
}

describePaths(
  'backgroundTasksMachine',
  walkPaths({
    machine: backgroundTasksMachine,
    events: [...RECEIVED, ...LOCAL, ...USER, ...SETTLE],
    // The stream is a subscription: the path sends its messages and drops itself.
    provide: { watchTasks: fromCallback(() => () => {}) },
    errorOf: (s) => s.context.errorCode,
    check,
  }),
  {
    // Drops multiply the states (each retry counts), so the simple paths leave them out.
    title: 'of receiving and clearing',
    events: [RECEIVED[1]!, DONE_ONLY, USER[0]!, ...SETTLE],
    atLeast: () => 15,
  },
);
