import Stripe from 'stripe';
import {
  SANDBOX_BILLING,
  type BillingSettings,
} from '../../server/services/billing/billingSettings.ts';
import { PAYMENT_WEBHOOK_PATH } from '../../server/services/billing/paymentProvider.ts';
import {
  createPaymentSandbox,
  type PaymentSandbox,
  type PaymentSandboxOptions,
} from '../../server/sandbox/paymentSandbox.ts';
import { listenHttpDouble, type HttpDouble } from './httpDouble.ts';

/** The payment provider's sandbox on a port of its own, and the billing settings that reach it. */
export interface TestPaymentSandbox {
  readonly sandbox: PaymentSandbox;
  readonly double: HttpDouble;
  readonly secretKey: string;
  /** The server's billing settings pointing at the sandbox as at the real provider (keys set). */
  readonly billing: BillingSettings;
  /** The provider's official library, pointed at the sandbox. */
  provider(): Stripe;
}

/**
 * Starts the payment provider's sandbox (Stripe's wire format) for one test suite, with keys of
 * its own and the plans' prices; `serverUrl` is read when a webhook is sent, so the server may
 * start after it.
 */
export async function startPaymentSandbox(
  suite: string,
  serverUrl: () => string,
  options: Pick<PaymentSandboxOptions, 'coupons'> = {},
): Promise<TestPaymentSandbox> {
  const secretKey = `sk_test_${suite}`;
  const webhookSecret = `whsec_${suite}`;
  let base = '';
  const sandbox = createPaymentSandbox({
    secretKey,
    webhookSecret,
    prices: SANDBOX_BILLING.plans.map((p) => ({
      id: p.priceId,
      unitAmount: p.amountCents,
      currency: 'eur',
      interval: p.interval,
      name: p.type,
    })),
    ...options,
    pagesUrl: () => base,
    webhookUrl: () => `${serverUrl()}${PAYMENT_WEBHOOK_PATH}`,
  });
  const double = await listenHttpDouble((req, res) => sandbox.handle(req, res, req.url ?? '/'));
  base = double.base;
  const billing: BillingSettings = {
    ...SANDBOX_BILLING,
    secretKey,
    webhookSecret,
    apiUrl: double.base,
    sandbox: false,
  };
  const provider = () =>
    new Stripe(secretKey, {
      host: new URL(double.base).hostname,
      port: Number(new URL(double.base).port),
      protocol: 'http',
    });
  return { sandbox, double, secretKey, billing, provider };
}
