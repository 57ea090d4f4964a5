import type { ServiceDeps } from '../../deps.ts';
import { ChannelUnavailableError, type ChannelConnector } from '../connector.ts';

/** The SECONDE_STOREFRONT channel (stub until its connector lands). */
export function storefrontConnector(_deps: ServiceDeps): ChannelConnector {
  const unavailable = () =>
    Promise.reject(new ChannelUnavailableError('SECONDE_STOREFRONT is not available yet'));
  return { publisher: 'SECONDE_STOREFRONT', publish: unavailable, withdraw: unavailable };
}
