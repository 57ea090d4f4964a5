import { describe, expect, it } from 'vitest';
import { createActor, waitFor } from 'xstate';
import { DISMISS_FOR_MS } from './installPromptMachine.ts';
import {
  DISMISSED_KEY,
  installPromptLogic,
  MOBILE_QUERY,
  type InstallWindow,
} from './installPromptLogic.ts';

/** A window with a settable screen size, a storage and real events. */
function fakeWindow(mobile: boolean, stored: Record<string, string> = {}) {
  const target = new EventTarget();
  const media = Object.assign(new EventTarget(), { matches: mobile, media: '' });
  const queries: string[] = [];
  const win: InstallWindow = {
    addEventListener: target.addEventListener.bind(target),
    removeEventListener: target.removeEventListener.bind(target),
    matchMedia: (query: string) => {
      queries.push(query);
      return media as unknown as MediaQueryList;
    },
    localStorage: {
      getItem: (key) => stored[key] ?? null,
      setItem: (key, value) => {
        stored[key] = value;
      },
    },
  };
  const resize = (next: boolean) => {
    media.matches = next;
    media.dispatchEvent(new Event('change'));
  };
  return { win, target, stored, queries, resize };
}

/** A `beforeinstallprompt` event as Chromium sends it, answering `outcome`. */
function offer(outcome: 'accepted' | 'dismissed') {
  const event = new Event('beforeinstallprompt', { cancelable: true });
  let prompted = 0;
  Object.assign(event, {
    prompt: () => {
      prompted += 1;
      return Promise.resolve();
    },
    userChoice: Promise.resolve({ outcome }),
  });
  return { event, prompted: () => prompted };
}

const NOW = Date.UTC(2025, 0, 1);
const start = (win: InstallWindow) =>
  createActor(installPromptLogic(win), { input: { now: NOW } }).start();

describe('installPromptLogic', () => {
  it('shows on a phone once the browser offers, and installs through the browser dialog', async () => {
    const { win, target, queries } = fakeWindow(true);
    const actor = start(win);
    expect(queries).toEqual([MOBILE_QUERY]);
    expect(actor.getSnapshot().hasTag('visible')).toBe(false);
    const { event, prompted } = offer('accepted');
    target.dispatchEvent(event);
    expect(event.defaultPrevented).toBe(true);
    expect(actor.getSnapshot().hasTag('visible')).toBe(true);
    actor.send({ type: 'install.accept' });
    await waitFor(actor, (s) => s.matches('installed'));
    expect(prompted()).toBe(1);
  });

  it('stays hidden on a desktop, and appears when the window narrows', () => {
    const { win, target, resize } = fakeWindow(false);
    const actor = start(win);
    target.dispatchEvent(offer('accepted').event);
    expect(actor.getSnapshot().hasTag('visible')).toBe(false);
    resize(true);
    expect(actor.getSnapshot().hasTag('visible')).toBe(true);
  });

  it('remembers a close for 30 days, and a declined browser dialog too', async () => {
    const closed = fakeWindow(true);
    const actor = start(closed.win);
    closed.target.dispatchEvent(offer('accepted').event);
    actor.send({ type: 'install.close' });
    expect(closed.stored[DISMISSED_KEY]).toBe(String(NOW + DISMISS_FOR_MS));

    const declined = fakeWindow(true);
    const other = start(declined.win);
    declined.target.dispatchEvent(offer('dismissed').event);
    other.send({ type: 'install.accept' });
    await waitFor(other, (s) => s.matches('closed'));
    expect(declined.stored[DISMISSED_KEY]).toBe(String(NOW + DISMISS_FOR_MS));
  });

  it('does not nag within the 30 days, and asks again after', () => {
    const recent = fakeWindow(true, { [DISMISSED_KEY]: String(NOW + 1000) });
    const actor = start(recent.win);
    recent.target.dispatchEvent(offer('accepted').event);
    expect(actor.getSnapshot().matches('closed')).toBe(true);

    const old = fakeWindow(true, { [DISMISSED_KEY]: String(NOW - 1000) });
    const again = start(old.win);
    old.target.dispatchEvent(offer('accepted').event);
    expect(again.getSnapshot().hasTag('visible')).toBe(true);
  });

  it('stops listening when stopped', () => {
    const { win, target } = fakeWindow(true);
    const actor = start(win);
    actor.stop();
    const { event } = offer('accepted');
    target.dispatchEvent(event);
    expect(event.defaultPrevented).toBe(false);
  });
});
