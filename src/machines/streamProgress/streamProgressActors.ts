import { fromCallback } from 'xstate';
import { StreamCode } from '../../rpc/gen/seconde/v1/common_pb.ts';
import {
  streamProgressMachine,
  type StreamMessageCode,
  type StreamProgressEvent,
} from './streamProgressMachine.ts';

/** A streamed message as any of the app's progress streams carries it. */
export interface ProgressMessage {
  readonly code: StreamCode;
  readonly count: number;
  readonly progress: number;
  readonly message: string;
}

/** PROGRESS, FINISH, or the code's own name for a special message. */
export function codeName(code: StreamCode): StreamMessageCode {
  return StreamCode[code] ?? String(code);
}

/**
 * The machine's `follow` actor over a stream reader: `read` reports each message and settles
 * when the stream ends; leaving the machine's streaming states aborts it, and an abort is never
 * reported as a failure.
 */
export function followActor(
  read: (report: (message: ProgressMessage) => void, signal: AbortSignal) => Promise<void>,
) {
  return fromCallback<StreamProgressEvent>(({ sendBack }) => {
    const controller = new AbortController();
    read(
      (m) =>
        sendBack({
          type: 'stream.message',
          code: codeName(m.code),
          count: m.count,
          progress: m.progress,
          message: m.message,
        }),
      controller.signal,
    ).catch((error: unknown) => {
      if (!controller.signal.aborted) sendBack({ type: 'stream.failed', error });
    });
    return () => controller.abort();
  });
}

/**
 * Stream progress over messages its parent relays, for a stream read elsewhere (the export's
 * worker reads its own stream and reports to the export machine): the `follow` actor is quiet,
 * and the parent sends `stream.message`, `stream.failed` and `stream.cancel` itself.
 */
export const relayedStreamProgress = streamProgressMachine.provide({
  actors: { follow: fromCallback<StreamProgressEvent>(() => undefined) },
});

/** A progress report (no code: the reader already sorted data from special messages) as a message. */
export const progressMessage = (p: { count: number; progress: number }): StreamProgressEvent => ({
  type: 'stream.message',
  code: 'PROGRESS',
  count: p.count,
  progress: p.progress,
  message: '',
});

/** A special message as a stream message; its counts are never read. */
export const specialMessage = (message: string): StreamProgressEvent => ({
  type: 'stream.message',
  code: codeName(StreamCode.SPECIAL),
  count: 0,
  progress: 0,
  message,
});
