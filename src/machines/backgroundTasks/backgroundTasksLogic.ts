import { fromCallback, fromPromise, type EventObject } from 'xstate';
import type { ClientFactory } from '../../rpc/clients.ts';
import { BackgroundTaskService } from '../../rpc/gen/seconde/v1/background_task_pb.ts';
import { backgroundTasksMachine } from './backgroundTasksMachine.ts';
import { fromServerTask } from './panelModel.ts';

/**
 * The task panel over BackgroundTaskService. The stream stays on the main thread: it carries a
 * handful of tasks a few times a second at most, far below what would be worth a worker.
 */
export function backgroundTasksLogic(clients: ClientFactory) {
  const client = clients.get(BackgroundTaskService);
  return backgroundTasksMachine.provide({
    actors: {
      watchTasks: fromCallback<EventObject>(({ sendBack }) => {
        const controller = new AbortController();
        void (async () => {
          try {
            for await (const message of client.streamList({}, { signal: controller.signal }))
              sendBack({ type: 'tasks.received', tasks: message.results.map(fromServerTask) });
          } catch {
            // Dropped (network, server restart, expired session): the machine reconnects.
          }
          if (!controller.signal.aborted) sendBack({ type: 'stream.dropped' });
        })();
        return () => controller.abort();
      }),
      dismissTasks: fromPromise<void>(async ({ signal }) => {
        await client.dismiss({}, { signal });
      }),
    },
  });
}
