import { createClientFactory } from '../../rpc/clients.ts';
import { serviceUrl, type AppConfig } from '../../rpc/config.ts';
import { createTransport } from '../../rpc/transport.ts';
import type { FlowServices } from './flowServices.ts';

/** The deposit flow's services for a visitor: clients with no sign-in, the address services. */
export function anonymousFlowServices(config: AppConfig): FlowServices {
  const anonymous = { baseUrl: serviceUrl(config, 'main'), getToken: () => null };
  return {
    clients: createClientFactory({
      main: createTransport(anonymous),
      notification: createTransport({ ...anonymous, baseUrl: serviceUrl(config, 'notification') }),
    }),
    gouv: config.gouv,
  };
}

export type { AppConfig };
