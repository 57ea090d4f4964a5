import type { ServiceDeps, ServiceHandlers } from '../deps.ts';

/** Product calls beyond the generic ones: products from photos, clusters, form updates, duplicate, transfer, generation. */
export function productCallsHandlers(_deps: ServiceDeps): ServiceHandlers {
  return {};
}
