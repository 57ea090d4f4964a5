import { Code, ConnectError } from '@connectrpc/connect';
import { expect } from 'vitest';
import { describePaths, done, failure, walkPaths } from '../testing/walkPaths.ts';
import { paymentMachine, type PaymentSummary } from './paymentMachine.ts';

const base: PaymentSummary = {
  uuid: '0b8c5a52-6c0e-4a53-9d35-0e7d1f2b3c4d',
  status: 'NOT_STARTED',
  amountCents: 1250,
  currency: 'eur',
  description: 'Formation',
  paymentUrl: 'https://checkout.example/cs_1',
  waitExpired: false,
  backTo: null,
};
const WAITING = base;
const COMPLETED: PaymentSummary = { ...base, status: 'COMPLETED', paymentUrl: '' };
const EXPIRED: PaymentSummary = { ...base, status: 'EXPIRED', paymentUrl: '' };
const WAIT_EXPIRED: PaymentSummary = { ...base, waitExpired: true };
const CANCELED: PaymentSummary = { ...base, status: 'CANCELED', paymentUrl: '' };
const REFUNDED: PaymentSummary = { ...base, status: 'REFUNDED', paymentUrl: '' };
const down = new ConnectError('down', Code.Unavailable);

const events = [
  { type: 'payment.refresh' },
  { type: 'payment.retry' },
  done('loadPayment', WAITING),
  done('loadPayment', COMPLETED),
  done('loadPayment', EXPIRED),
  done('loadPayment', WAIT_EXPIRED),
  done('loadPayment', REFUNDED),
  failure('loadPayment', down),
  done('waitForConfirmation', COMPLETED),
  done('waitForConfirmation', EXPIRED),
  done('waitForConfirmation', WAIT_EXPIRED),
  done('waitForConfirmation', CANCELED),
  failure('waitForConfirmation', down),
  done('refreshPaymentUrl', WAITING),
  failure('refreshPaymentUrl', new ConnectError('settled', Code.FailedPrecondition)),
] as const;

describePaths(
  'paymentMachine',
  walkPaths({
    machine: paymentMachine,
    input: { uuid: base.uuid },
    events,
    // The wait runs beside the screen: its pay button stays usable.
    background: ['waitForConfirmation'],
    serializeState: (s) => `${JSON.stringify(s.value)}:${JSON.stringify(s.context)}`,
    errorOf: (s) => s.context.errorCode,
    check: (s, { where, started }) => {
      const payment = s.context.payment;
      // Each state says what the server said.
      if (s.matches('confirmed')) expect(payment?.status, where).toBe('COMPLETED');
      if (s.matches('cancelled'))
        expect(['CANCELED', 'REFUNDED'], where).toContain(payment?.status);
      if (s.matches('expired'))
        expect(payment?.status === 'EXPIRED' || payment?.waitExpired, where).toBe(true);
      if (s.matches('waiting')) {
        expect(payment?.status, where).toBe('NOT_STARTED');
        expect(payment?.waitExpired, where).toBe(false);
      }
      // Every call names this payment, and nothing else.
      for (const call of started) expect(call.input, where).toEqual({ uuid: base.uuid });
    },
  }),
);
