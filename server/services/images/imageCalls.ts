import type { ServiceDeps, ServiceHandlers } from '../deps.ts';

/** Photo calls: uploads checked with sharp, variants, rotation, order, moves and progression. */
export function imageCallsHandlers(_deps: ServiceDeps): ServiceHandlers {
  return {};
}
