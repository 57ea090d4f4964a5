import { describe, expect, it } from 'vitest';
import { SimulatedClock, createActor } from 'xstate';
import {
  MAX_NOTIFICATIONS,
  notificationsMachine,
  type NotificationRequest,
} from './notificationsMachine.ts';

function start() {
  const clock = new SimulatedClock();
  const actor = createActor(notificationsMachine, { clock }).start();
  const show = (notification: NotificationRequest) =>
    actor.send({ type: 'notifications.show', notification });
  const texts = () => actor.getSnapshot().context.notifications.map((n) => n.text);
  return { clock, actor, show, texts };
}

describe('notification timers', () => {
  it('closes a notification after 6 s by default, not before', () => {
    const { clock, show, texts } = start();
    show({ text: 'a' });
    clock.increment(5_999);
    expect(texts()).toEqual(['a']);
    clock.increment(1);
    expect(texts()).toEqual([]);
  });

  it('follows each notification’s own timeout and never closes one of -1', () => {
    const { clock, show, texts } = start();
    show({ text: 'success', timeout: 3_000 });
    show({ text: 'sticky', timeout: -1 });
    show({ text: 'confirmation', timeout: 10_000 });
    clock.increment(3_000);
    expect(texts()).toEqual(['sticky', 'confirmation']);
    clock.increment(7_000);
    expect(texts()).toEqual(['sticky']);
    clock.increment(3_600_000);
    expect(texts()).toEqual(['sticky']);
  });

  it('closes on request, and the cancelled timer closes nothing later', () => {
    const { clock, actor, show, texts } = start();
    show({ text: 'first', timeout: 1_000 });
    actor.send({ type: 'notifications.close', id: 1 });
    show({ text: 'second', timeout: 5_000 });
    clock.increment(1_000);
    expect(texts()).toEqual(['second']);
    clock.increment(4_000);
    expect(texts()).toEqual([]);
  });

  it(`keeps at most ${MAX_NOTIFICATIONS}, the oldest giving way`, () => {
    const { show, texts } = start();
    for (let i = 1; i <= MAX_NOTIFICATIONS + 2; i++) show({ text: `n${i}`, timeout: -1 });
    expect(texts()).toEqual(Array.from({ length: MAX_NOTIFICATIONS }, (_, i) => `n${i + 3}`));
  });
});
