import { isRuleCode, ruleI18nKey } from '../../domain/deposit/rules.ts';
import { errorI18nKey, type AppErrorCode } from '../../rpc/errors.ts';

/** Why a call failed: the app code and, when the server named one, its stable reason. */
export interface CallError {
  readonly code: AppErrorCode;
  readonly reason: string | null;
}

/**
 * Server reasons of the publishing calls that have their own text. The same list translates the
 * `error_message` a channel's consent page sends back and a connector's last sync error, when
 * they carry one of these codes rather than a channel's own words.
 */
const REASON_KEYS: Readonly<Record<string, string>> = {
  CONNECTOR_INACTIVE: 'connectors.reasonConnectorInactive',
  CONNECTOR_NOT_CONNECTED: 'connectors.reasonConnectorNotConnected',
  CONNECTOR_UNKNOWN: 'connectors.reasonConnectorUnknown',
  CHANNEL_REFUSED: 'connectors.reasonChannelRefused',
  CHANNEL_UNAVAILABLE: 'connectors.reasonChannelUnavailable',
  PUBLISH_UNKNOWN_ERROR: 'connectors.reasonPublishUnknownError',
  OAUTH_STATE_INVALID: 'connectors.reasonOauthStateInvalid',
  ACCESS_DENIED: 'connectors.reasonAccessDenied',
  ALREADY_RESERVED: 'connectors.reasonAlreadyReserved',
  NOT_AVAILABLE: 'connectors.reasonNotAvailable',
  RESERVATION_DECIDED: 'connectors.reasonReservationDecided',
  INVALID_ARGUMENT: 'connectors.reasonInvalidArgument',
};

/** Text key of a server reason (a deposit rule's or a publishing one), null when it has none. */
export function reasonKey(reason: string | null | undefined): string | null {
  if (!reason) return null;
  const code = reason.trim().toUpperCase();
  if (isRuleCode(code)) return ruleI18nKey(code);
  return REASON_KEYS[code] ?? null;
}

/** Text key of a failed call: its reason's own text, else the app error's. */
export function callErrorKey(error: CallError | null): string | null {
  if (!error) return null;
  return reasonKey(error.reason) ?? errorI18nKey(error.code);
}

const SHOP_NAME = /^[a-z0-9][a-z0-9-]{0,59}$/;
const MYSHOPIFY = '.myshopify.com';

/**
 * A Shopify shop as the vendor types it (`ma-boutique`, `ma-boutique.myshopify.com`, even with
 * `https://` and a trailing slash) → `ma-boutique.myshopify.com`; null when it is not a shop name.
 */
export function normalizeShop(input: string): string | null {
  let shop = input.trim().toLowerCase();
  shop = shop.replace(/^https?:\/\//, '').replace(/\/+$/, '');
  if (shop.endsWith(MYSHOPIFY)) shop = shop.slice(0, -MYSHOPIFY.length);
  return SHOP_NAME.test(shop) ? `${shop}${MYSHOPIFY}` : null;
}
