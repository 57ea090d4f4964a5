import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { connectNodeAdapter } from '@connectrpc/connect-node';
import type { Kysely } from 'kysely';
import type { Database } from './db/schema.gen.ts';
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from './auth/demoAccounts.ts';
import { createEmbeddedProvider } from './auth/oidcProvider.ts';
import { createTokenVerifier } from './auth/verifyToken.ts';
import { loadConfig, type ServerConfig } from './config.ts';
import { loadSchema } from './crud/tableInfo.ts';
import { IMAGE_LIMITS } from './services/images/imageLimits.ts';
import { openDatabase } from './db/database.ts';
import { migrate } from './db/migrate.ts';
import { seedDemo } from './db/seed/demo.ts';
import { seedReference } from './db/seed/reference.ts';
import { mediaHandler } from './http/media.ts';
import { staticHandler } from './http/staticFiles.ts';
import {
  isPublicDepositPath,
  PUBLIC_DEPOSIT_PAGE,
} from '../src/domain/routing/publicDepositPage.ts';
import { createS3MediaStorage } from './media/s3Storage.ts';
import { createLocalMediaStorage } from './media/storage.ts';
import { createLocalDocumentStore, createS3DocumentStore } from './documents/store.ts';
import { createLocalProofStore, createS3ProofStore } from './services/companies/proofStore.ts';
import { accessInterceptor, publicMethods } from './rpc/access/interceptor.ts';
import { ACCESS_TABLE } from './rpc/access/table.ts';
import { authInterceptor } from './rpc/authInterceptor.ts';
import { refuseUndecodableRequests } from './rpc/decodeGuard.ts';
import { loadServices } from './rpc/registry.ts';
import { validateInterceptor } from './rpc/validateInterceptor.ts';
import { createMailer } from './mail/outbox.ts';
import { buildImplementation, registerRoutes, unimplementedMethods } from './routes.ts';
import { createPlainRoutes } from './http/plainRoutes.ts';
import type { ConnectorSettings } from './services/connectors/connectorSettings.ts';
import type { BusinessSettings } from './services/deps.ts';
import type { BillingSettings } from './services/billing/billingSettings.ts';
import type { ShippingSettings } from './services/shipping/shippingSettings.ts';
import { createTaskQueue } from './services/tasks/pgBossQueue.ts';
import { backfillSaleLedger } from './services/ledger/backfill.ts';
import { platformOf } from './services/invoices/platform.ts';

/**
 * The largest request is a photo with its two thumbnails: a bigger body is refused before it is
 * read into memory.
 */
const REQUEST_MAX_BYTES = IMAGE_LIMITS.maxBytes + 2 * IMAGE_LIMITS.maxThumbnailBytes + 1024 * 1024;

export interface StartOptions {
  port?: number;
  host?: string;
  publicUrl?: string;
  /** A real PostgreSQL; otherwise embedded PGlite. */
  databaseUrl?: string;
  /** Where PGlite, media and signing keys live; undefined keeps everything in memory (tests). */
  dataDir?: string;
  staticDir?: string;
  /** `demo` seeds the demo data set on first start (embedded defaults). */
  seed?: 'demo' | 'none';
  demoProducts?: number;
  config?: ServerConfig;
  /** The server's clock; tests move time with it. */
  clock?: () => Date;
  /** Overrides the configured business settings (tests build each refusal situation). */
  settings?: BusinessSettings;
  /** Overrides the configured sales channels (tests point eBay and Shopify at their doubles). */
  connectors?: ConnectorSettings;
  /** Overrides the configured payment provider (tests point it at their own sandbox). */
  billing?: BillingSettings;
  /** Overrides the configured carrier API (tests point it at their own sandbox). */
  shipping?: ShippingSettings;
}

export interface RunningServer {
  readonly url: string;
  readonly issuer: string;
  readonly clientId: string;
  readonly audience: string;
  readonly unimplemented: readonly string[];
  /** The server's own database, for tests that build a situation no call can (a subscription). */
  readonly db: Kysely<Database>;
  close(): Promise<void>;
}

function loopbackOrigins(publicUrl: string): string[] {
  const url = new URL(publicUrl);
  const hosts = ['localhost', '127.0.0.1'].includes(url.hostname)
    ? ['localhost', '127.0.0.1']
    : [url.hostname];
  return hosts.map((h) => `${url.protocol}//${h}${url.port ? `:${url.port}` : ''}`);
}

/**
 * Starts the whole product in one process: database (migrated and seeded), sign-in provider
 * (embedded unless an external issuer is configured), Connect services and the built web app.
 */
export async function startServer(options: StartOptions = {}): Promise<RunningServer> {
  const config = options.config ?? loadConfig();
  const database = await openDatabase({
    databaseUrl: options.databaseUrl,
    dataDir: options.dataDir ? path.join(options.dataDir, 'db') : undefined,
  });
  await migrate(database.db);
  await seedReference(database.db);
  const media = config.s3
    ? createS3MediaStorage(config.s3)
    : createLocalMediaStorage(
        options.dataDir ? path.join(options.dataDir, 'media') : path.join(await tempDir(), 'media'),
      );
  // Issued documents: never under the media folder, which the /media route serves.
  const documents = config.s3
    ? createS3DocumentStore(config.s3)
    : createLocalDocumentStore(
        options.dataDir
          ? path.join(options.dataDir, 'private')
          : path.join(await tempDir(), 'private'),
      );
  // Proofs of registration: the same private place as the documents, under companies/ keys.
  const proofs = config.s3
    ? createS3ProofStore(config.s3)
    : createLocalProofStore(
        options.dataDir
          ? path.join(options.dataDir, 'private')
          : path.join(await tempDir(), 'private'),
      );
  if (options.seed === 'demo')
    await seedDemo(database.db, media, {
      products: options.demoProducts,
      platform: platformOf(options.settings ?? config.settings),
    });
  await backfillSaleLedger(database.db);

  const services = await loadServices();
  const schema = await loadSchema(database.db);
  const mailer = createMailer(config.mail);
  const clock = options.clock ?? (() => new Date());
  // PGlite serves this process alone: a job it finds active at start died with the last run.
  const tasks = createTaskQueue(database.db, database.pool, clock, {
    exclusive: database.kind === 'pglite',
  });
  const plainRoutes = createPlainRoutes();
  // Set once the server listens; handlers read it only while serving.
  let publicOrigin = '';
  const impl = buildImplementation(
    {
      db: database.db,
      clock,
      mailer,
      settings: options.settings ?? config.settings,
      tasks,
      marketplaceApiUrl: config.marketplaceApiUrl,
      media,
      documents,
      proofs,
      http: plainRoutes,
      publicUrl: () => publicOrigin,
      connectors: options.connectors ?? config.connectors,
      billing: options.billing ?? config.billing,
      shipping: options.shipping ?? config.shipping,
    },
    services,
    schema,
  );
  // Runners registered while the handlers were built; queued tasks resume from here.
  await tasks.start();

  const server = createServer((req, res) => handler(req, res));
  let handler: (req: IncomingMessage, res: ServerResponse) => void = (_req, res) =>
    res.writeHead(503).end();
  await new Promise<void>((resolve) =>
    server.listen(options.port ?? config.port, options.host ?? config.host, resolve),
  );
  const port = (server.address() as AddressInfo).port;
  const publicUrl = (
    options.publicUrl ??
    config.publicUrl ??
    `http://${options.host ?? config.host}:${port}`
  ).replace(/\/$/, '');
  const origins = loopbackOrigins(publicUrl);
  publicOrigin = publicUrl;

  const embedded = !config.oidc.issuer;
  const issuer = config.oidc.issuer ?? `${publicUrl}/oidc`;
  const provider = embedded
    ? await createEmbeddedProvider({
        issuer,
        clientId: config.oidc.clientId,
        redirectUris: origins.map((o) => `${o}/oidc-callback`),
        postLogoutRedirectUris: origins.map((o) => `${o}/`),
        accounts: DEMO_ACCOUNTS,
        password: DEMO_PASSWORD,
        keysFile: options.dataDir ? path.join(options.dataDir, 'oidc-keys.json') : undefined,
        audience: config.oidc.audience,
      })
    : undefined;
  const verify = createTokenVerifier({
    issuer,
    audience: config.oidc.audience,
    jwksUri: config.oidc.jwksUri,
    groupsClaim: config.oidc.groupsClaim,
  });

  const serveStatic = staticHandler(options.staticDir ?? config.staticDir, (pathname) =>
    isPublicDepositPath(pathname) ? PUBLIC_DEPOSIT_PAGE : '/index.html',
  );
  const serveMedia = mediaHandler(media);
  const fallback = (req: IncomingMessage, res: ServerResponse): void => {
    const pathname = new URL(req.url ?? '/', 'http://x').pathname;
    if (provider && (pathname === '/oidc' || pathname.startsWith('/oidc/')))
      return provider.handle(req, res);
    if (pathname.startsWith('/media/')) return void serveMedia(req, res);
    const plain = plainRoutes.find(pathname);
    if (plain) {
      void Promise.resolve(plain(req, res, new URL(req.url ?? '/', publicUrl))).catch((error) => {
        console.error(`${pathname}:`, error);
        if (!res.headersSent) res.writeHead(500).end();
      });
      return;
    }
    if (pathname === '/app-config.json') {
      const origin = originOf(req, publicUrl);
      res.writeHead(200, { 'content-type': 'application/json', 'cache-control': 'no-cache' });
      res.end(
        JSON.stringify({
          environment: config.environment,
          oidc: { authority: issuer, clientId: config.oidc.clientId, scope: config.oidc.scope },
          services: { main: origin, notification: origin },
          gouv: config.gouv,
        }),
      );
      return;
    }
    if (pathname === '/healthz') {
      res.writeHead(200, { 'content-type': 'text/plain' }).end('ok');
      return;
    }
    void serveStatic(req, res).catch(() => res.writeHead(500).end());
  };
  handler = connectNodeAdapter({
    routes: (router) => {
      registerRoutes(router, services, impl);
      refuseUndecodableRequests(router, REQUEST_MAX_BYTES);
    },
    // Sign-in first, then the authorisation table (roles, subscription gate, references), then
    // the contracts' input limits: a caller learns nothing about a call they may not make.
    interceptors: [
      authInterceptor(database.db, verify, publicMethods(ACCESS_TABLE)),
      accessInterceptor(database.db, ACCESS_TABLE, clock),
      validateInterceptor(),
    ],
    readMaxBytes: REQUEST_MAX_BYTES,
    fallback: (req, res) => fallback(req as IncomingMessage, res as ServerResponse),
  });

  return {
    url: publicUrl,
    issuer,
    clientId: config.oidc.clientId,
    audience: config.oidc.audience,
    unimplemented: unimplementedMethods(services, impl),
    db: database.db,
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await tasks.stop();
      await database.close();
    },
  };
}

/** The embedded issuer must match the host the browser used (localhost or 127.0.0.1). */
function originOf(req: IncomingMessage, fallback: string): string {
  const host = req.headers.host;
  if (!host) return fallback;
  const candidate = `${new URL(fallback).protocol}//${host}`;
  return loopbackOrigins(fallback).includes(candidate) ? candidate : fallback;
}

async function tempDir(): Promise<string> {
  const { mkdtemp } = await import('node:fs/promises');
  const { tmpdir } = await import('node:os');
  return mkdtemp(path.join(tmpdir(), 'seconde-'));
}
