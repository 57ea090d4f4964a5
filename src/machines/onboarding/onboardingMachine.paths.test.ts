import { Code, ConnectError } from '@connectrpc/connect';
import { expect } from 'vitest';
import type { EventObject, SnapshotFrom } from 'xstate';
import { describePaths, done, failure, walkPaths, type StepInfo } from '../testing/walkPaths.ts';
import {
  onboardingMachine,
  type OnboardingEvent,
  type SaveStepInput,
  type SponsorCodeInput,
} from './onboardingMachine.ts';
import {
  missingAnswers,
  sponsorCodeOf,
  stepFields,
  type OnboardingStep,
} from './onboardingSteps.ts';

type Snapshot = SnapshotFrom<typeof onboardingMachine>;

/**
 * Two small steps: a required choice with a recorded device, then an optional box and an optional
 * sponsor code sent through its own call.
 */
const STEPS: readonly OnboardingStep[] = [
  {
    id: 'first',
    questions: [
      {
        field: 'mode',
        kind: 'radio',
        options: [
          { value: 'A', item: 'a' },
          { value: 'B', item: 'b' },
        ],
        required: true,
      },
    ],
    recorded: ['device'],
  },
  {
    id: 'last',
    questions: [
      {
        field: 'size',
        kind: 'select',
        options: [
          { value: 'S', item: 's' },
          { value: 'M', item: 'm' },
        ],
        required: true,
      },
      { field: 'news', kind: 'checkbox', options: [], required: false },
      { field: 'code', kind: 'text', options: [], required: false, ownCall: true },
    ],
  },
];

const stale = new ConnectError('changed', Code.Aborted);
const down = new ConnectError('down', Code.Unavailable);
const unknownCode = new ConnectError(
  JSON.stringify({ code: 'SPONSOR_CODE_UNKNOWN', message: 'No vendor has this sponsor code' }),
  Code.InvalidArgument,
);

/** The server keeps what it was sent and answers the next version (a fixed one keeps the graph finite). */
const savedOf = (s: Snapshot) => ({ answers: s.context.answers, rowVersion: 4 });

const USER_EVENTS: OnboardingEvent[] = [
  { type: 'onboarding.answer', field: 'mode', value: 'B' },
  { type: 'onboarding.answer', field: 'size', value: 'M' },
  { type: 'onboarding.answer', field: 'code', value: ' ab2c-d3ef ' },
  { type: 'onboarding.answer', field: 'unknown', value: 'x' },
  { type: 'onboarding.next' },
  { type: 'onboarding.back' },
  { type: 'onboarding.retry' },
  { type: 'onboarding.reload' },
];

const events = (s: Snapshot): EventObject[] => [
  ...USER_EVENTS,
  done('loadAnswers', {
    answers: { mode: null, size: null, news: false, device: null },
    rowVersion: 3,
  }),
  failure('loadAnswers', down),
  done('saveStep', savedOf(s)),
  failure('saveStep', stale),
  failure('saveStep', down),
  done('applySponsorCode', { success: true }),
  failure('applySponsorCode', unknownCode),
];

function check(s: Snapshot, { where, event, previous, emitted, started }: StepInfo<Snapshot>) {
  const c = s.context;
  expect(c.step, where).toBeGreaterThanOrEqual(0);
  expect(c.step, where).toBeLessThan(STEPS.length);
  // The device recorded before loading survives a server that does not know it.
  if (!s.matches('loading') && !s.matches('loadFailed'))
    expect(c.answers.device, where).toBe('MOBILE');
  for (const call of started.filter((a) => a.id === 'saveStep')) {
    const input = call.input as SaveStepInput;
    // Only a fully answered step is saved, with exactly its fields, completing on the last one.
    expect(missingAnswers(STEPS[c.step]!, input.answers), where).toEqual([]);
    expect(input.fields, where).toEqual(stepFields(STEPS[c.step]!));
    expect(input.complete, where).toBe(c.step === STEPS.length - 1);
    expect(input.rowVersion, where).toBe(c.rowVersion);
  }
  for (const call of started.filter((a) => a.id === 'applySponsorCode')) {
    // A typed code is sent normalized, only once the step is complete, and never twice once recorded.
    const { code } = call.input as SponsorCodeInput;
    expect(code, where).toBe(sponsorCodeOf(STEPS[c.step]!, c.answers));
    expect(code, where).toBe('AB2CD3EF');
    expect(code, where).not.toBe(previous?.context.sponsorCodeSent);
    expect(missingAnswers(STEPS[c.step]!, c.answers), where).toEqual([]);
  }
  for (const call of started.filter((a) => a.id === 'saveStep')) {
    // A step is saved only once its typed code is recorded, and the code is never saved with it.
    const input = call.input as SaveStepInput;
    expect(input.fields, where).not.toContain('code');
    expect([c.sponsorCodeSent ?? '', ''], where).toContain(
      sponsorCodeOf(STEPS[c.step]!, input.answers),
    );
  }
  // The error's text key travels with its code, and a refused code says why.
  expect(c.errorKey === null, where).toBe(c.errorCode === null);
  if (s.matches('sponsorCodeRefused'))
    expect(c.errorKey, where).toBe(
      event.type.includes('applySponsorCode') ? 'referral.reasonSponsorCodeUnknown' : c.errorKey,
    );
  if (previous && !s.matches('loading')) {
    // A failure never loses an answer, and only `answer` changes one.
    if (event.type !== 'onboarding.answer' && !event.type.includes('loadAnswers'))
      expect(c.answers, where).toEqual(previous.context.answers);
  }
  expect(c.answers.unknown, where).toBeUndefined();
  if (s.matches('completed')) {
    expect(c.step, where).toBe(STEPS.length - 1);
    if (previous && !previous.matches('completed'))
      expect(emitted, where).toEqual([{ type: 'onboarding.completed' }]);
  } else expect(emitted, where).toEqual([]);
  if (c.missing.length > 0) expect(s.matches('answering'), where).toBe(true);
}

const walk = walkPaths({
  machine: onboardingMachine,
  input: { steps: STEPS, recorded: { device: 'MOBILE' } },
  events,
  errorOf: (s) => s.context.errorCode,
  check,
});

// Without the stale branch (a reload starts over) and the sponsor code (the shortest paths reach
// each of its states) the simple paths stay countable.
describePaths('onboardingMachine', walk, {
  title: 'of answering, saving and going back',
  events: (s) =>
    events(s).filter(
      (e) =>
        e.type !== 'onboarding.reload' &&
        !['unknown', 'code'].includes((e as { field?: string }).field ?? '') &&
        !e.type.includes('applySponsorCode') &&
        (e as { error?: unknown }).error !== stale,
    ),
  atLeast: () => 40,
});
