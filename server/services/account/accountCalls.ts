import type { ServiceDeps, ServiceHandlers } from '../deps.ts';

/** Hand-written calls of the app shell: trial, subscription gate and legal terms. */
export function accountCallsHandlers(_deps: ServiceDeps): ServiceHandlers {
  return {};
}
