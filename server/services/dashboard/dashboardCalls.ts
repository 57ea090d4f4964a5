import type { ServiceDeps, ServiceHandlers } from '../deps.ts';

/** Hand-written calls of the app shell: the dashboard figures. */
export function dashboardCallsHandlers(_deps: ServiceDeps): ServiceHandlers {
  return {};
}
