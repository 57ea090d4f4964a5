import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, SimulatedClock } from 'xstate';
import { ROTATE_DELAY_MS, rotateMachine, type RotateRequest } from './rotateMachine.ts';

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

function started(rotation = 0) {
  const calls: RotateRequest[] = [];
  const clock = new SimulatedClock();
  const machine = rotateMachine.provide({
    actors: {
      rotateImage: fromPromise(async ({ input }) => {
        calls.push(input);
        return { success: true, newRotation: input.targetRotation };
      }),
    },
  });
  const actor = createActor(machine, { input: { uuid: 'photo-1', rotation }, clock }).start();
  return { actor, calls, clock };
}

describe('rotateMachine', () => {
  it('sends ten quick clicks as one call for 900 % 360 = 180 degrees', async () => {
    const { actor, calls, clock } = started();
    for (let i = 0; i < 10; i += 1) {
      actor.send({ type: 'rotate.click' });
      clock.increment(ROTATE_DELAY_MS - 1);
    }
    expect(calls).toEqual([]);
    expect(actor.getSnapshot().context.pending).toBe(900);
    clock.increment(1);
    await flush();
    expect(calls).toEqual([{ uuid: 'photo-1', targetRotation: 180 }]);
    expect(actor.getSnapshot().value).toBe('idle');
    expect(actor.getSnapshot().context).toMatchObject({ saved: 180, pending: 0 });
  });

  it('adds the stored angle and sends the clicks made during a call after it', async () => {
    const { actor, calls, clock } = started(270);
    actor.send({ type: 'rotate.click' });
    clock.increment(ROTATE_DELAY_MS);
    actor.send({ type: 'rotate.click' });
    await flush();
    expect(actor.getSnapshot().value).toBe('waiting');
    expect(actor.getSnapshot().context).toMatchObject({ saved: 0, pending: 90 });
    clock.increment(ROTATE_DELAY_MS);
    await flush();
    expect(calls.map((c) => c.targetRotation)).toEqual([0, 90]);
  });
});
