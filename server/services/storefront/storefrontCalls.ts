import type { ServiceDeps, ServiceHandlers } from '../deps.ts';

/** StorefrontService and the public shop pages. */
export function storefrontCallsHandlers(_deps: ServiceDeps): ServiceHandlers {
  return {};
}
