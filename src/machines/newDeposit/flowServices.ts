import type { ClientFactory } from '../../rpc/clients.ts';
import type { GouvConfig } from '../../rpc/config.ts';

/**
 * What the deposit flow needs from the page: RPC clients and the address services. The app hands
 * its own (signed-in calls); the light public page hands anonymous ones, without the app's
 * session, workers and other areas.
 */
export interface FlowServices {
  readonly clients: ClientFactory;
  readonly gouv: GouvConfig;
}
