import { fromCallback } from 'xstate';
import { StreamCode } from '../../rpc/gen/seconde/v1/common_pb.ts';
import type { StreamMessageCode, StreamProgressEvent } from './streamProgressMachine.ts';

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
