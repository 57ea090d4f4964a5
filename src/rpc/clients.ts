import type { DescService } from '@bufbuild/protobuf';
import { createClient, type Client, type Transport } from '@connectrpc/connect';
import type { ServiceName } from './config.ts';

/** One transport per back end; most services live on `main`. */
export type Transports = Readonly<Record<ServiceName, Transport>>;

/** Hands out typed clients, one per service descriptor, built once and reused. */
export interface ClientFactory {
  get<S extends DescService>(service: S, on?: ServiceName): Client<S>;
}

/**
 * Typed client factory over the app's transports. Clients are cheap, but caching them keeps one
 * identity per service so machines can be handed the same client in tests and in the app.
 */
export function createClientFactory(transports: Transports): ClientFactory {
  const cache = new Map<string, unknown>();
  return {
    get<S extends DescService>(service: S, on: ServiceName = 'main'): Client<S> {
      const key = `${on}:${service.typeName}`;
      let client = cache.get(key) as Client<S> | undefined;
      if (!client) {
        client = createClient(service, transports[on]);
        cache.set(key, client);
      }
      return client;
    },
  };
}
