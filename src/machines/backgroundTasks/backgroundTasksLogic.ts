import { fromCallback, fromPromise, type EventObject } from 'xstate';
import type { ClientFactory } from '../../rpc/clients.ts';
import { BackgroundTaskService } from '../../rpc/gen/seconde/v1/background_task_pb.ts';
import type { TokenGetter } from '../../rpc/interceptors/auth.ts';
import type { StreamClient } from '../../workers/stream/stream.client.ts';
import { backgroundTasksMachine } from './backgroundTasksMachine.ts';
import { fromServerTask } from './panelModel.ts';

export interface BackgroundTasksDeps {
  readonly clients: ClientFactory;
  /** The stream worker's bridge: it opens StreamList inside the worker and reconnects itself. */
  readonly followTasks: StreamClient['followTasks'];
  /** Absolute base URL of the main service, for the worker's own transport. */
  readonly baseUrl: string;
  /** Asked by the worker on every (re)connection, so a renewed token is the one it sends. */
  readonly getToken: TokenGetter;
}

/**
 * The task panel over BackgroundTaskService. The stream is decoded in the stream worker, which
 * sends plain task lists at most once per frame; when it gives up (a long outage, an expired
 * session) the machine waits and starts it again.
 */
export function backgroundTasksLogic({
  clients,
  followTasks,
  baseUrl,
  getToken,
}: BackgroundTasksDeps) {
  const client = clients.get(BackgroundTaskService);
  return backgroundTasksMachine.provide({
    actors: {
      watchTasks: fromCallback<EventObject>(({ sendBack }) => {
        const controller = new AbortController();
        const { signal } = controller;
        followTasks(
          { baseUrl },
          {
            getToken: () => getToken(),
            onTasks: (tasks) => {
              if (!signal.aborted)
                sendBack({ type: 'tasks.received', tasks: tasks.map(fromServerTask) });
            },
          },
          signal,
        )
          .catch(() => {
            // Dropped for good (network, server away, expired session): the machine reconnects.
          })
          .finally(() => {
            if (!signal.aborted) sendBack({ type: 'stream.dropped' });
          });
        return () => controller.abort();
      }),
      dismissTasks: fromPromise<void>(async ({ signal }) => {
        await client.dismiss({}, { signal });
      }),
    },
  });
}
