import type { ServiceDeps } from '../../deps.ts';
import { ChannelUnavailableError, type ChannelConnector } from '../connector.ts';

/** The EBAY channel (stub until its connector lands). */
export function ebayConnector(_deps: ServiceDeps): ChannelConnector {
  const unavailable = () =>
    Promise.reject(new ChannelUnavailableError('EBAY is not available yet'));
  return { publisher: 'EBAY', publish: unavailable, withdraw: unavailable };
}
