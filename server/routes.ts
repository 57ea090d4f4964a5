import type { ConnectRouter } from '@connectrpc/connect';
import { COMMON_METHODS, crudHandlers } from './crud/crudService.ts';
import type { Schema } from './crud/tableInfo.ts';
import type { ServiceEntry } from './rpc/registry.ts';
import { retrieveByIdentityHandler } from './services/identityLookup.ts';
import type { ServiceDeps } from './services/deps.ts';
import { handWrittenHandlers } from './services/index.ts';

/** Handlers by service type name, then by method local name: what the server really answers. */
export type Implementation = Map<string, Record<string, unknown>>;

/**
 * Builds every service's implementation: the generic common methods for each resource table,
 * then the hand-written calls. Methods left out answer Unimplemented (Connect's default).
 */
export function buildImplementation(
  deps: ServiceDeps,
  services: ServiceEntry[],
  schema: Schema,
): Implementation {
  const { db } = deps;
  const impl: Implementation = new Map();
  const handWritten = handWrittenHandlers(deps);
  for (const { service, resource, table } of services) {
    const handlers: Record<string, unknown> = {};
    const columns = table ? schema.get(table) : undefined;
    if (resource && table && columns) {
      Object.assign(handlers, crudHandlers(db, service, resource, table, columns));
      if (service.methods.some((m) => m.localName === 'retrieveByIdentity')) {
        handlers.retrieveByIdentity = retrieveByIdentityHandler(db, resource, table, columns);
      }
    }
    Object.assign(handlers, handWritten.get(service.typeName));
    impl.set(service.typeName, handlers);
  }
  return impl;
}

export function registerRoutes(
  router: ConnectRouter,
  services: ServiceEntry[],
  impl: Implementation,
): void {
  for (const { service } of services) {
    router.service(service, (impl.get(service.typeName) ?? {}) as never);
  }
}

/**
 * Methods still answering Unimplemented, as `Service/Method`. The typecheck relies on
 * `NOT_IMPLEMENTED_YET` in services/coverage.ts; the spine test keeps the two equal.
 */
export function unimplementedMethods(services: ServiceEntry[], impl: Implementation): string[] {
  return services.flatMap(({ service }) =>
    service.methods
      .filter((m) => !(m.localName in (impl.get(service.typeName) ?? {})))
      .map((m) => `${service.name}/${m.name}`),
  );
}

export { COMMON_METHODS };
