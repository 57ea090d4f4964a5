import { Code, ConnectError } from '@connectrpc/connect';
import { describe, expect, it } from 'vitest';
import type { AnyMachineSnapshot } from 'xstate';
import { describePaths, done, failure, walkPaths, type StepInfo } from '../testing/walkPaths.ts';
import { callErrorKey, normalizeShop } from './connectorReasons.ts';
import { connectorsMachine } from './connectorsMachine.ts';
import { returnedMessage } from './connectorsSetup.ts';
import type { ConnectorRow, ConnectorsContext } from './connectorsTypes.ts';

const PAGE = 'https://app.test/edit-profile/connectors';
const EBAY: ConnectorRow = {
  uuid: 'c-ebay',
  publisherName: 'EBAY',
  accountName: 'vendeur-ebay',
  shop: '',
  isActive: true,
  syncType: 'EXPORT_ONLY',
  connected: true,
  connectedAt: 1,
  lastSyncAt: null,
  lastSyncError: '',
};
const SYNC_FAILED: ConnectorRow = { ...EBAY, lastSyncAt: 2, lastSyncError: 'CHANNEL_UNAVAILABLE' };
const refusal = (reason: string, code = Code.FailedPrecondition) =>
  new ConnectError(JSON.stringify({ code: reason, message: reason }), code);

const events = [
  done('loadConnectors', { connectors: [EBAY], shop: null }),
  failure('loadConnectors', new ConnectError('down', Code.Unavailable)),
  { type: 'connectors.retry' },
  { type: 'connectors.reload' },
  { type: 'connectors.changeShop', value: 'ma boutique' },
  { type: 'connectors.changeShop', value: 'ma-boutique' },
  { type: 'connectors.connect', publisher: 'SHOPIFY' },
  { type: 'connectors.connect', publisher: 'SECONDE_STOREFRONT' },
  { type: 'connectors.connect', publisher: 'EBAY' },
  done('connectChannel', { redirectUrl: `${PAGE}?successfull_message=Boutique%20connect%C3%A9e` }),
  done('connectChannel', { redirectUrl: 'https://consent.test/authorize?state=s' }),
  failure('connectChannel', refusal('CHANNEL_UNAVAILABLE', Code.Unavailable)),
  { type: 'connectors.disconnect', uuid: 'c-ebay' },
  { type: 'connectors.disconnect', uuid: 'unknown' },
  { type: 'connectors.cancel' },
  { type: 'connectors.confirm' },
  done('disconnectConnector', { ...EBAY, connected: false }),
  failure('disconnectConnector', refusal('CONNECTOR_NOT_CONNECTED')),
  { type: 'connectors.setActive', uuid: 'c-ebay', isActive: false },
  { type: 'connectors.setSyncType', uuid: 'c-ebay', syncType: 'IMPORT_AND_EXPORT' },
  done('updateConnector', { ...EBAY, syncType: 'IMPORT_AND_EXPORT' }),
  failure('updateConnector', new ConnectError('stale', Code.Aborted)),
  { type: 'connectors.sync', uuid: 'c-ebay' },
  done('syncConnector', SYNC_FAILED),
  failure('syncConnector', refusal('CONNECTOR_INACTIVE')),
  { type: 'connectors.dismiss' },
  { type: 'connectors.dismissReturned' },
];

/** The smaller alphabet of the simple paths: connect the storefront, disconnect eBay. */
const connectingEvents = [
  done('loadConnectors', { connectors: [EBAY], shop: null }),
  { type: 'connectors.connect', publisher: 'SECONDE_STOREFRONT' },
  done('connectChannel', { redirectUrl: `${PAGE}?successfull_message=ok` }),
  failure('connectChannel', refusal('CHANNEL_UNAVAILABLE', Code.Unavailable)),
  { type: 'connectors.disconnect', uuid: 'c-ebay' },
  { type: 'connectors.confirm' },
  { type: 'connectors.cancel' },
  done('disconnectConnector', { ...EBAY, connected: false }),
];

const contextOf = (s: AnyMachineSnapshot) => s.context as ConnectorsContext;

const serializeState = (s: AnyMachineSnapshot) => {
  const c = contextOf(s);
  return JSON.stringify([
    s.value,
    c.connectors.map((r) => [r.connected, r.syncType, r.lastSyncError]),
    c.shopDraft,
    c.shopInvalid,
    c.pending?.action,
    c.error?.reason,
    c.notice,
    c.returned,
  ]);
};

function check(
  s: AnyMachineSnapshot,
  { where, event, emitted, started }: StepInfo<AnyMachineSnapshot>,
) {
  const c = contextOf(s);
  // Shopify is only ever connected with a valid shop; other channels never send one.
  for (const call of started.filter((x) => x.id === 'connectChannel')) {
    const input = call.input as { publisher: string; shop: string; finalRedirectUri: string };
    expect(input.finalRedirectUri, where).toBe(PAGE);
    if (input.publisher === 'SHOPIFY') expect(input.shop, where).toBe('ma-boutique.myshopify.com');
    else expect(input.shop, where).toBe('');
  }
  // An update changes exactly one field of a known connector.
  for (const call of started.filter((x) => x.id === 'updateConnector')) {
    const input = call.input as { uuid: string; patch: object };
    expect(input.uuid, where).toBe('c-ebay');
    expect(Object.keys(input.patch), where).toHaveLength(1);
  }
  // A disconnection is only sent after the confirmation.
  if (started.some((x) => x.id === 'disconnectConnector'))
    expect(event.type, where).toBe('connectors.confirm');
  if (s.hasTag('confirming')) expect(c.pending?.action, where).toBe('disconnect');
  if (s.hasTag('busy') && !s.matches('loading')) expect(c.pending, where).not.toBeNull();
  if (s.matches('ready') || s.matches('refused')) expect(c.pending, where).toBeNull();
  // The consent page opens exactly when the machine leaves for it.
  expect(emitted.length > 0, where).toBe(
    s.matches('redirecting') && event.type.includes('connectChannel'),
  );
  if (emitted.length > 0)
    expect(emitted[0], where).toEqual({
      type: 'connectors.redirect',
      url: 'https://consent.test/authorize?state=s',
    });
  if (event.type === 'xstate.done.actor.syncConnector') expect(c.notice, where).toBe('syncFailed');
  if (s.hasTag('error')) expect(callErrorKey(c.error), where).toBeTruthy();
}

describePaths(
  'connectorsMachine',
  walkPaths({
    machine: connectorsMachine,
    input: { finalRedirectUri: PAGE, returned: null },
    events,
    serializeState,
    errorOf: (s) => contextOf(s).error,
    check,
  }),
  {
    title: 'of connecting and disconnecting',
    events: connectingEvents,
    atLeast: () => 5,
  },
);

describe('connector helpers', () => {
  it('reads a shop name or its myshopify domain', () => {
    expect(normalizeShop('Ma-Boutique')).toBe('ma-boutique.myshopify.com');
    expect(normalizeShop(' https://ma-boutique.myshopify.com/ ')).toBe('ma-boutique.myshopify.com');
    expect(normalizeShop('ma boutique')).toBeNull();
    expect(normalizeShop('')).toBeNull();
    expect(normalizeShop('shop.example.com')).toBeNull();
  });

  it('reads the success message a channel sends back', () => {
    expect(returnedMessage(`${PAGE}?successfull_message=Connect%C3%A9`)).toBe('Connecté');
    expect(returnedMessage(PAGE)).toBeNull();
  });

  it('translates publishing reasons and deposit rules, else the app error', () => {
    expect(callErrorKey({ code: 'unavailable', reason: 'CHANNEL_UNAVAILABLE' })).toBe(
      'connectors.reasonChannelUnavailable',
    );
    expect(callErrorKey({ code: 'invalidRequest', reason: 'SALE_BEFORE_INLINE' })).toBe(
      'depositRule.saleBeforeInline',
    );
    expect(callErrorKey({ code: 'forbidden', reason: null })).toBe('errors.forbidden');
  });
});
