import { randomBytes } from 'node:crypto';
import { Code } from '@connectrpc/connect';
import Stripe from 'stripe';
import { fail } from '../../rpc/reasons.ts';
import type { ServiceDeps } from '../deps.ts';
import type { BillingSettings } from './billingSettings.ts';

/** Where the built-in sandbox's pages live on this server; its API answers at /v1 like Stripe's. */
export const PAYMENT_SANDBOX_PATH = '/_sandbox/stripe';
/** The webhook endpoint the provider's dashboard points at. */
export const PAYMENT_WEBHOOK_PATH = '/webhooks/payment-provider';

/** Drawn once per process, so nothing outside this server can sign a sandbox event. */
export const SANDBOX_KEYS = {
  secretKey: `sk_test_sandbox_${randomBytes(18).toString('hex')}`,
  webhookSecret: `whsec_${randomBytes(24).toString('base64url')}`,
} as const;

/** The provider as this server talks to it: the official library and the webhook secret. */
export interface PaymentProvider {
  readonly stripe: Stripe;
  readonly webhookSecret: string;
  readonly sandbox: boolean;
}

/** Whether this server uses the built-in sandbox (no secret key, sandbox allowed). */
export function usesSandbox(settings: BillingSettings): boolean {
  return !settings.secretKey && settings.sandbox;
}

function clientFor(secretKey: string, apiUrl: string | undefined, timeoutMs: number): Stripe {
  const url = apiUrl ? new URL(apiUrl) : undefined;
  return new Stripe(secretKey, {
    ...(url && {
      host: url.hostname,
      port: url.port || (url.protocol === 'http:' ? 80 : 443),
      protocol: url.protocol === 'http:' ? 'http' : 'https',
    }),
    timeout: timeoutMs,
    // One retry on a network failure; the idempotency keys make it safe.
    maxNetworkRetries: 1,
    telemetry: false,
  });
}

/**
 * The provider of these deps, built on first use (the sandbox's address is known once the server
 * listens): the configured account, else the sandbox when allowed, else undefined.
 */
export function paymentProviderOf(deps: ServiceDeps): () => PaymentProvider | undefined {
  let built: PaymentProvider | undefined;
  return () => {
    if (built) return built;
    const s = deps.billing;
    if (s.secretKey && s.webhookSecret)
      built = {
        stripe: clientFor(s.secretKey, s.apiUrl, s.timeoutMs),
        webhookSecret: s.webhookSecret,
        sandbox: false,
      };
    else if (s.sandbox)
      built = {
        stripe: clientFor(SANDBOX_KEYS.secretKey, s.apiUrl ?? deps.publicUrl(), s.timeoutMs),
        webhookSecret: SANDBOX_KEYS.webhookSecret,
        sandbox: true,
      };
    return built;
  };
}

/** The provider, or the call fails: nothing is configured on this server. */
export function requireProvider(provider: () => PaymentProvider | undefined): PaymentProvider {
  const found = provider();
  if (!found)
    throw fail(
      Code.FailedPrecondition,
      'PAYMENT_PROVIDER_NOT_CONFIGURED',
      'No payment provider is configured on this server',
    );
  return found;
}

/**
 * A provider failure as this server answers it: unreachable, slow (the library's timeout), or
 * failing on its side is Unavailable with PAYMENT_PROVIDER_UNAVAILABLE (retry later); a refusal
 * (invalid request, card, permission) is returned as its error code for the answer's error_code.
 */
export function providerRefusal(error: unknown): string {
  if (error instanceof Stripe.errors.StripeError) {
    if (
      error instanceof Stripe.errors.StripeConnectionError ||
      error instanceof Stripe.errors.StripeAPIError ||
      error instanceof Stripe.errors.StripeRateLimitError ||
      (error.statusCode ?? 0) >= 500
    )
      throw fail(
        Code.Unavailable,
        'PAYMENT_PROVIDER_UNAVAILABLE',
        'The payment provider cannot be reached right now; nothing was changed, try again in a moment',
      );
    return error.code ?? 'PROVIDER_REFUSED';
  }
  throw error;
}
