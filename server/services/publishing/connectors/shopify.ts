import type { ServiceDeps } from '../../deps.ts';
import { ChannelUnavailableError, type ChannelConnector } from '../connector.ts';

/** The SHOPIFY channel (stub until its connector lands). */
export function shopifyConnector(_deps: ServiceDeps): ChannelConnector {
  const unavailable = () =>
    Promise.reject(new ChannelUnavailableError('SHOPIFY is not available yet'));
  return { publisher: 'SHOPIFY', publish: unavailable, withdraw: unavailable };
}
