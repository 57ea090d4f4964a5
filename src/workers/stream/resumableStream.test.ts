import { Code, ConnectError } from '@connectrpc/connect';
import { describe, expect, it, vi } from 'vitest';
import {
  DEFAULT_RETRIES,
  defaultBackoff,
  readResumable,
  type MessageOutcome,
  type ResumableStreamOptions,
} from './resumableStream.ts';

interface Message {
  readonly at: number;
  readonly last?: boolean;
}

const dropped = () =>
  new ConnectError('fetch failed', Code.Unknown, undefined, undefined, new TypeError('network'));
const cancelled = () => new ConnectError('cancelled', Code.Canceled);

/**
 * A server whose connection n sends `connections[n]` from the cursor it is given, then drops;
 * each connection reads the token of the moment, as the transport's interceptor does.
 */
function fakeServer(connections: number[][], getToken: () => string = () => 'token') {
  const opened: { cursor: number; token: string }[] = [];
  let cursor = 0;
  const open = async function* (): AsyncIterable<Message> {
    const sent = connections[opened.length] ?? [];
    opened.push({ cursor, token: getToken() });
    for (const at of sent) yield { at, last: at === 9 };
    throw dropped();
  };
  const onMessage = (m: Message): MessageOutcome => {
    cursor = m.at;
    return m.last ? 'finished' : 'advanced';
  };
  return { open, onMessage, opened };
}

const options = (overrides: Partial<ResumableStreamOptions> = {}): ResumableStreamOptions => ({
  signal: new AbortController().signal,
  sleep: () => Promise.resolve(),
  cancelled,
  endedEarly: 'ended early',
  ...overrides,
});

describe('readResumable', () => {
  it('resumes from the reader’s own cursor after a cut, until it is finished', async () => {
    const server = fakeServer([[1, 2], [3], [4, 9]]);
    await readResumable(server.open, server.onMessage, options());
    expect(server.opened.map((o) => o.cursor)).toEqual([0, 2, 3]);
  });

  it('reads the token again for every reconnection', async () => {
    let renewals = 0;
    const server = fakeServer([[1], [2], [9]], () => `token-${++renewals}`);
    await readResumable(server.open, server.onMessage, options());
    expect(server.opened.map((o) => o.token)).toEqual(['token-1', 'token-2', 'token-3']);
  });

  it('gives up with the last error after its retry budget of drops in a row', async () => {
    const sleep = vi.fn((_ms: number, _signal: AbortSignal) => Promise.resolve());
    // One message, then nothing but drops: the budget counts from the last step forward.
    const server = fakeServer([[1]]);
    await expect(
      readResumable(server.open, server.onMessage, options({ sleep })),
    ).rejects.toMatchObject({ code: Code.Unknown, message: '[unknown] fetch failed' });
    expect(server.opened).toHaveLength(1 + DEFAULT_RETRIES);
    expect(sleep.mock.calls.map(([ms]) => ms)).toEqual(
      Array.from({ length: DEFAULT_RETRIES }, (_, i) => defaultBackoff(i + 1)),
    );
  });

  it('counts a clean end before finishing as a drop, and a message that moves nothing does not reset', async () => {
    let opened = 0;
    const open = async function* (): AsyncIterable<Message> {
      opened++;
      yield { at: 0 };
    };
    await expect(
      readResumable(open, () => 'unchanged', options({ retries: 2 })),
    ).rejects.toMatchObject({ code: Code.Unavailable, message: '[unavailable] ended early' });
    expect(opened).toBe(3);
  });

  it('throws a refusal at once, and does not resume what the reader says cannot be', async () => {
    const refusal = new ConnectError('{"code":"SESSION_EXPIRED"}', Code.Unauthenticated);
    let opened = 0;
    const refusing = async function* (): AsyncIterable<Message> {
      opened++;
      yield* [];
      throw refusal;
    };
    await expect(readResumable(refusing, () => 'advanced', options())).rejects.toBe(refusal);
    expect(opened).toBe(1);

    const server = fakeServer([[1]]);
    await expect(
      readResumable(server.open, server.onMessage, options({ canResume: () => false })),
    ).rejects.toMatchObject({ code: Code.Unknown });
    expect(server.opened).toHaveLength(1);
  });

  it('stops when aborted, while reading or waiting, and never reconnects', async () => {
    const controller = new AbortController();
    const server = fakeServer([[1], [2]]);
    const read = readResumable(
      server.open,
      (m) => {
        // Aborted while the first connection is being read.
        controller.abort();
        return server.onMessage(m);
      },
      options({ signal: controller.signal }),
    );
    await expect(read).rejects.toMatchObject({ code: Code.Canceled });
    expect(server.opened).toHaveLength(1);

    const waiting = new AbortController();
    const slow = fakeServer([[1], [2]]);
    const sleeping = readResumable(
      slow.open,
      slow.onMessage,
      options({ signal: waiting.signal, sleep: undefined, backoff: () => 60_000 }),
    );
    await vi.waitFor(() => expect(slow.opened).toHaveLength(1));
    waiting.abort();
    await expect(sleeping).rejects.toMatchObject({ code: Code.Canceled });
    expect(slow.opened).toHaveLength(1);

    const before = fakeServer([[9]]);
    const aborted = new AbortController();
    aborted.abort();
    await expect(
      readResumable(before.open, before.onMessage, options({ signal: aborted.signal })),
    ).rejects.toMatchObject({ code: Code.Canceled });
    expect(before.opened).toHaveLength(0);
  });
});
