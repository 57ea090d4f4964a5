import type { ServiceDeps, ServiceHandlers } from '../deps.ts';

/** PublisherService, ProductListingService. */
export function publishingCallsHandlers(_deps: ServiceDeps): ServiceHandlers {
  return {};
}
