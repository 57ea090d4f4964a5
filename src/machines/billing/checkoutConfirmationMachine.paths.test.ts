import { Code, ConnectError } from '@connectrpc/connect';
import { expect } from 'vitest';
import { describePaths, done, failure, walkPaths } from '../testing/walkPaths.ts';
import {
  checkoutConfirmationMachine,
  MAX_CHECKS,
  type CheckoutCheck,
} from './checkoutConfirmationMachine.ts';

const CONFIRMED: CheckoutCheck = {
  status: 'confirmed',
  plan: {
    type: 'PRO',
    status: 'TRIALING',
    interval: 'month',
    currentPeriodEnd: Date.UTC(2026, 11, 8),
  },
};
const PENDING: CheckoutCheck = { status: 'pending', plan: null };
const EXPIRED: CheckoutCheck = { status: 'expired', plan: null };

const events = [
  { type: 'confirmation.retry' },
  done('checkStatus', CONFIRMED),
  done('checkStatus', PENDING),
  done('checkStatus', EXPIRED),
  failure('checkStatus', new ConnectError('down', Code.Unavailable)),
] as const;

const check = (
  s: ReturnType<typeof checkoutConfirmationMachine.getInitialSnapshot>,
  where: string,
) => {
  // The plan is shown only once the server confirmed it.
  if (s.matches('confirmed')) expect(s.context.plan?.type, where).toBe('PRO');
  else expect(s.context.plan, where).toBeNull();
  expect(s.context.checks, where).toBeLessThanOrEqual(MAX_CHECKS);
};

describePaths(
  'checkoutConfirmationMachine',
  walkPaths({
    // Three checks before being late, so the walk reaches it.
    machine: checkoutConfirmationMachine.provide({
      guards: { canCheckAgain: ({ context }) => context.checks < 3 },
    }),
    input: { sessionId: 'cs_test_1' },
    events,
    serializeState: (s) => `${JSON.stringify(s.value)}:${s.context.checks}`,
    errorOf: (s) => s.context.errorCode,
    check: (s, { where, event, started }) => {
      check(s, where);
      if (event.type === 'confirmation.retry' || event.type.startsWith('xstate.after'))
        for (const call of started)
          expect(call, where).toEqual({ id: 'checkStatus', input: { sessionId: 'cs_test_1' } });
    },
  }),
);
