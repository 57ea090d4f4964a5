import { createLazySessionAuth } from '../../machines/session/lazySessionAuth.ts';
import type { PageLocation } from '../../machines/session/oidc.ts';
import { backgroundTasksLogic } from '../../machines/backgroundTasks/backgroundTasksLogic.ts';
import { exportLogic, type ExportLogic } from '../../machines/export/exportActors.ts';
import { legalTermsLogic } from '../../machines/legalTerms/legalTermsLogic.ts';
import { publishLogic, type PublishLogic } from '../../machines/publish/publishActors.ts';
import { notificationsMachine } from '../../machines/notifications/notificationsMachine.ts';
import { createSessionActors } from '../../machines/session/sessionActors.ts';
import { sessionMachine } from '../../machines/session/sessionMachine.ts';
import { subscriptionGateLogic } from '../../machines/subscriptionGate/subscriptionGateLogic.ts';
import { createClientFactory, type ClientFactory } from '../../rpc/clients.ts';
import { serviceUrl, type AppConfig, type GouvConfig } from '../../rpc/config.ts';
import { CustomerService } from '../../rpc/gen/seconde/v1/customer_pb.ts';
import { SessionService } from '../../rpc/gen/seconde/v1/session_pb.ts';
import { VendorService } from '../../rpc/gen/seconde/v1/vendor_pb.ts';
import {
  createRefusalChannel,
  subscriptionGateInterceptor,
} from '../../rpc/interceptors/subscriptionGate.ts';
import { createTransport } from '../../rpc/transport.ts';
import { createSpreadsheetClient } from '../../workers/spreadsheet/spreadsheet.client.ts';
import { createStreamClient } from '../../workers/stream/stream.client.ts';

/** Everything built once from `/app-config.json` and handed to the React tree. */
export interface AppServices {
  readonly sessionLogic: typeof sessionMachine;
  readonly clients: ClientFactory;
  /** App-wide overlays: the subscription modal, the legal terms dialog, the notification stack. */
  readonly subscriptionGateLogic: ReturnType<typeof subscriptionGateLogic>;
  readonly legalTermsLogic: ReturnType<typeof legalTermsLogic>;
  readonly notificationsLogic: typeof notificationsMachine;
  /** Spreadsheet exports: a worker streams the rows and builds the file (see ExportsHost). */
  readonly exportLogic: ExportLogic;
  /** Starts the next export's worker ahead: a page with an export button calls it. */
  readonly warmExport?: () => void;
  /** The task panel: the stream worker follows the caller's background tasks. */
  readonly backgroundTasksLogic: ReturnType<typeof backgroundTasksLogic>;
  /** Publishing to sales channels: the stream worker follows the publication. */
  readonly publishLogic: PublishLogic;
  /** The government address and geography services the public deposit form calls. */
  readonly gouv: GouvConfig;
}

/**
 * Wires sign-in, transports and clients for one page load. The access token is read from the
 * sign-in store on each call, so every client follows renewals without being rebuilt.
 */
export function createAppServices(config: AppConfig, location: PageLocation): AppServices {
  // The sign-in library loads apart, as the session starts (see createLazySessionAuth).
  const auth = createLazySessionAuth(config.oidc, location);
  const getToken = () => auth.accessToken();
  // Every call refused with SUBSCRIPTION_UPDATE_NEEDED opens the subscription modal.
  const refusals = createRefusalChannel();
  const interceptors = [subscriptionGateInterceptor(refusals.report)];
  const clients = createClientFactory({
    main: createTransport({ baseUrl: serviceUrl(config, 'main'), getToken, interceptors }),
    notification: createTransport({
      baseUrl: serviceUrl(config, 'notification'),
      getToken,
      interceptors,
    }),
  });
  const streams = createStreamClient();
  const spreadsheets = createSpreadsheetClient();
  const sessionLogic = sessionMachine.provide({
    actors: createSessionActors({
      auth,
      sessionClient: clients.get(SessionService),
      vendorClient: clients.get(VendorService),
      customerClient: clients.get(CustomerService),
    }),
  });
  return {
    sessionLogic,
    clients,
    gouv: config.gouv,
    subscriptionGateLogic: subscriptionGateLogic(refusals),
    legalTermsLogic: legalTermsLogic(clients),
    notificationsLogic: notificationsMachine,
    warmExport: spreadsheets.warm,
    exportLogic: exportLogic({
      run: spreadsheets.run,
      baseUrl: serviceUrl(config, 'main'),
      getToken,
      onSubscriptionRefused: refusals.report,
    }),
    publishLogic: publishLogic({
      clients,
      publish: streams.publish,
      warm: streams.warmPublish,
      baseUrl: serviceUrl(config, 'main'),
      getToken,
    }),
    backgroundTasksLogic: backgroundTasksLogic({
      clients,
      followTasks: streams.followTasks,
      baseUrl: serviceUrl(config, 'main'),
      getToken,
    }),
  };
}
