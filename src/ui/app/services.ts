import {
  createSessionAuth,
  createUserManager,
  type PageLocation,
} from '../../machines/session/oidc.ts';
import { createSessionActors } from '../../machines/session/sessionActors.ts';
import { sessionMachine } from '../../machines/session/sessionMachine.ts';
import { createClientFactory, type ClientFactory } from '../../rpc/clients.ts';
import { serviceUrl, type AppConfig, type GouvConfig } from '../../rpc/config.ts';
import { CustomerService } from '../../rpc/gen/seconde/v1/customer_pb.ts';
import { SessionService } from '../../rpc/gen/seconde/v1/session_pb.ts';
import { VendorService } from '../../rpc/gen/seconde/v1/vendor_pb.ts';
import { createTransport } from '../../rpc/transport.ts';

/** Everything built once from `/app-config.json` and handed to the React tree. */
export interface AppServices {
  readonly sessionLogic: typeof sessionMachine;
  readonly clients: ClientFactory;
  /** The government address and geography services the public deposit form calls. */
  readonly gouv: GouvConfig;
}

/**
 * Wires sign-in, transports and clients for one page load. The access token is read from the
 * sign-in store on each call, so every client follows renewals without being rebuilt.
 */
export function createAppServices(config: AppConfig, location: PageLocation): AppServices {
  const auth = createSessionAuth(createUserManager(config.oidc, location.origin), location);
  const getToken = () => auth.accessToken();
  const clients = createClientFactory({
    main: createTransport({ baseUrl: serviceUrl(config, 'main'), getToken }),
    notification: createTransport({ baseUrl: serviceUrl(config, 'notification'), getToken }),
  });
  const sessionLogic = sessionMachine.provide({
    actors: createSessionActors({
      auth,
      sessionClient: clients.get(SessionService),
      vendorClient: clients.get(VendorService),
      customerClient: clients.get(CustomerService),
    }),
  });
  return { sessionLogic, clients, gouv: config.gouv };
}
