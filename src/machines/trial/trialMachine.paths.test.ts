import { Code, ConnectError } from '@connectrpc/connect';
import { expect } from 'vitest';
import { fromCallback, type EventObject } from 'xstate';
import { trialDaysLeft } from '../../domain/subscriptionAccess.ts';
import { describePaths, done, failure, walkPaths } from '../testing/walkPaths.ts';
import { inTrialAt, trialMachine, type TrialEvent } from './trialMachine.ts';
import { selectDaysLeft } from './trialSelectors.ts';

const DAY = 86_400_000;
const START = Date.UTC(2026, 10, 1, 10);

/** The clock ticks on day 4 of the trial, on its last afternoon and after its end. */
const EVENTS: (TrialEvent | EventObject)[] = [
  { type: 'trial.ticked', now: START + 4 * DAY },
  { type: 'trial.ticked', now: START + 14 * DAY - 3_600_000 },
  { type: 'trial.ticked', now: START + 14 * DAY },
  { type: 'trial.userChanged', trialStart: null },
  { type: 'trial.userChanged', trialStart: START },
  { type: 'trial.terminate', subscriptionUuid: 'sub-1' },
  { type: 'trial.confirm' },
  { type: 'trial.cancel' },
  done('terminateTrial'),
  failure('terminateTrial', new ConnectError('{"code":"NOT_ON_TRIAL"}', Code.FailedPrecondition)),
];

describePaths(
  'trialMachine',
  walkPaths({
    machine: trialMachine,
    input: { trialStart: START },
    events: EVENTS,
    // The clock is the test's own: it never ticks, the paths send `trial.ticked`.
    provide: { clock: fromCallback(() => undefined) },
    errorOf: (s) => s.context.errorCode,
    check: (s, { where, event, emitted, started }) => {
      const inTrial = inTrialAt(s.context);
      if (!s.matches('terminated')) expect(s.hasTag('inTrial'), where).toBe(inTrial);
      const days = selectDaysLeft(s);
      if (s.hasTag('inTrial')) {
        expect(days, where).toBeGreaterThanOrEqual(1);
        expect(days, where).toBe(
          trialDaysLeft({ trialStart: new Date(s.context.trialStart!) }, new Date(s.context.now!)),
        );
      } else expect(days, where).toBe(0);
      // Only a confirmed "terminate" calls the server, with the subscription asked for.
      for (const call of started) {
        expect(event.type, where).toBe('trial.confirm');
        expect(call.input, where).toEqual({ subscriptionUuid: 'sub-1' });
      }
      expect(
        emitted.some((e) => e.type === 'trial.terminated'),
        where,
      ).toBe(event.type === 'xstate.done.actor.terminateTrial');
    },
  }),
  {
    title: 'over one tick in and one after the trial',
    events: [EVENTS[0]!, EVENTS[2]!, ...EVENTS.slice(5)],
  },
);
