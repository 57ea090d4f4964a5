import { Code, ConnectError } from '@connectrpc/connect';
import { describe, expect, it } from 'vitest';
import { createActor, waitFor } from 'xstate';
import { StreamCode } from '../../rpc/gen/seconde/v1/common_pb.ts';
import { codeName, followActor, type ProgressMessage } from './streamProgressActors.ts';
import { streamProgressMachine } from './streamProgressMachine.ts';

const msg = (code: StreamCode, progress: number, message = ''): ProgressMessage => ({
  code,
  count: 3,
  progress,
  message,
});

describe('streamProgressMachine over a reader', () => {
  it('counts to the end and passes a special message on', async () => {
    const specials: string[] = [];
    const logic = streamProgressMachine.provide({
      actors: {
        follow: followActor(async (report) => {
          report(msg(StreamCode.PROGRESS, 0));
          report(msg(StreamCode.SPECIAL, 0, 'Trop de lignes : export limité'));
          report(msg(StreamCode.PROGRESS, 2));
          report(msg(StreamCode.FINISH, 3));
        }),
      },
    });
    const actor = createActor(logic);
    actor.on('stream.special', (e) => specials.push(e.message));
    actor.start();
    const end = await waitFor(actor, (s) => s.matches('finished'));
    expect(end.context).toMatchObject({ count: 3, progress: 3 });
    expect(specials).toEqual(['Trop de lignes : export limité']);
  });

  it('stops the reader on cancel and reports a broken stream as a failure', async () => {
    let signal: AbortSignal | undefined;
    const cancelled = createActor(
      streamProgressMachine.provide({
        actors: {
          follow: followActor((report, s) => {
            signal = s;
            report(msg(StreamCode.PROGRESS, 1));
            return new Promise(() => {});
          }),
        },
      }),
    ).start();
    await waitFor(cancelled, (s) => s.matches({ streaming: 'counting' }));
    cancelled.send({ type: 'stream.cancel' });
    expect(signal?.aborted).toBe(true);
    expect(cancelled.getSnapshot().value).toBe('cancelled');

    const broken = createActor(
      streamProgressMachine.provide({
        actors: {
          follow: followActor(() => Promise.reject(new ConnectError('gone', Code.Unavailable))),
        },
      }),
    ).start();
    const failed = await waitFor(broken, (s) => s.matches('failed'));
    expect(failed.context.errorCode).toBe('unavailable');
  });

  it('names stream codes', () => {
    expect([StreamCode.PROGRESS, StreamCode.FINISH, StreamCode.SPECIAL].map(codeName)).toEqual([
      'PROGRESS',
      'FINISH',
      'SPECIAL',
    ]);
  });
});
