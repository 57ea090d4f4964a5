import { Code, ConnectError } from '@connectrpc/connect';
import { describe, expect, it } from 'vitest';
import { assign, createActor, sendTo, setup, waitFor } from 'xstate';
import { StreamCode } from '../../rpc/gen/seconde/v1/common_pb.ts';
import {
  codeName,
  followActor,
  progressMessage,
  relayedStreamProgress,
  specialMessage,
  type ProgressMessage,
} from './streamProgressActors.ts';
import { streamProgressMachine, type StreamProgressEvent } from './streamProgressMachine.ts';
import { selectStreamPhase, type StreamPhase } from './streamProgressSelectors.ts';

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

  it('follows what a parent relays and answers it with every snapshot', () => {
    // A parent as the export is one: it relays stream messages and reads the child's phase.
    const parent = setup({
      types: {
        context: {} as { phases: StreamPhase[] },
        events: {} as StreamProgressEvent,
        children: {} as { stream: 'trackStream' },
      },
      actors: { trackStream: relayedStreamProgress },
    }).createMachine({
      context: { phases: [] },
      invoke: {
        id: 'stream',
        src: 'trackStream',
        onSnapshot: {
          actions: assign(({ context: { phases }, event }) => {
            const phase = selectStreamPhase(event.snapshot);
            return { phases: phases.at(-1) === phase ? phases : [...phases, phase] };
          }),
        },
      },
      on: { '*': { actions: sendTo('stream', ({ event }) => event) } },
    });
    const actor = createActor(parent).start();
    actor.send(progressMessage({ count: 3, progress: 0 }));
    actor.send(specialMessage('Export limité'));
    actor.send(progressMessage({ count: 3, progress: 3 }));
    const stream = actor.getSnapshot().children.stream!.getSnapshot();
    expect(actor.getSnapshot().context.phases).toEqual(['waiting', 'counting', 'finished']);
    expect(stream.context.special).toBe('Export limité');
  });
});
