import type { ServiceDeps, ServiceHandlers } from '../deps.ts';

/** The product list calls behind the stock view of many products. */
export function stockCallsHandlers(_deps: ServiceDeps): ServiceHandlers {
  return {};
}
