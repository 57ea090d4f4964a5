import { expect } from 'vitest';
import { fromCallback, type SnapshotFrom } from 'xstate';
import { describePaths, done, failure, walkPaths, type StepInfo } from '../testing/walkPaths.ts';
import {
  DISMISS_FOR_MS,
  installPromptMachine,
  type InstallOffer,
  type InstallPromptEvent,
} from './installPromptMachine.ts';

type Snapshot = SnapshotFrom<typeof installPromptMachine>;
const NOW = 1_000_000;
const OFFER: InstallOffer = {
  prompt: () => Promise.resolve(),
  userChoice: Promise.resolve({ outcome: 'accepted' }),
};

const EVENTS = [
  { type: 'install.offered', offer: OFFER },
  { type: 'install.installed' },
  { type: 'install.accept' },
  { type: 'install.close' },
  { type: 'viewport.changed', mobile: true },
  { type: 'viewport.changed', mobile: false },
  { type: 'dismissal.read', until: NOW + 1 },
  { type: 'dismissal.read', until: NOW - 1 },
  done('promptInstall', 'accepted'),
  done('promptInstall', 'dismissed'),
  failure('promptInstall', new Error('The prompt was already used')),
] as InstallPromptEvent[];

function check(s: Snapshot, { where, event, started }: StepInfo<Snapshot>): void {
  const c = s.context;
  const dismissed = c.dismissedUntil !== null && c.dismissedUntil > c.now;
  // Shown only on mobile, with an offer in hand, when not closed recently (or while it answers).
  if (s.matches({ offered: 'showing' })) {
    expect(c.mobile && c.offer !== null && !dismissed, where).toBe(true);
  }
  if (s.hasTag('visible') && !s.matches('failed')) expect(c.offer, where).not.toBeNull();
  if (s.matches({ offered: 'hidden' })) expect(c.mobile || dismissed, where).toBe(false);
  // The browser's dialog is asked for with the offer, and once only.
  for (const { id, input } of started) if (id === 'promptInstall') expect(input, where).toBe(OFFER);
  if (s.matches('installing') || s.matches('failed') || s.matches('installed'))
    expect(s.hasTag('visible') || s.matches('installed'), where).toBe(true);
  // A close, or a declined browser dialog, keeps the prompt away for 30 days.
  if (s.matches('closed')) expect(dismissed, where).toBe(true);
  if (
    s.matches('closed') &&
    (event.type === 'install.close' || event.type.includes('promptInstall'))
  )
    expect(c.dismissedUntil, where).toBe(NOW + DISMISS_FOR_MS);
  expect(Object.keys(s.children), where).toContain('browser');
}

const walk = walkPaths({
  machine: installPromptMachine,
  input: { now: NOW },
  events: EVENTS,
  provide: { browser: fromCallback(() => undefined) },
  errorOf: (s) => s.context.errorCode,
  check,
});

// Phone only, and a dismissal still running: every way through the prompt, in countable paths.
describePaths('installPromptMachine', walk, {
  title: 'on a phone',
  events: EVENTS.filter(
    (e) =>
      !(e.type === 'viewport.changed' && !e.mobile) &&
      !(e.type === 'dismissal.read' && e.until !== null && e.until < NOW),
  ),
});
