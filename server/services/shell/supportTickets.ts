import type { ServiceDeps, ServiceHandlers } from '../deps.ts';

/** Hand-written calls of the app shell: support tickets and the messaging inbox. */
export function supportTicketsHandlers(_deps: ServiceDeps): ServiceHandlers {
  return {};
}
