import type { ServiceDeps, ServiceHandlers } from '../deps.ts';

/** Hand-written handlers of this area; they replace the generic CRUD ones of the same name. */
export function publicDepositServiceHandlers(_deps: ServiceDeps): ServiceHandlers {
  return {};
}
