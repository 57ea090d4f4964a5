import { ConnectError, createClient, type Client, type Code } from '@connectrpc/connect';
import { createConnectTransport } from '@connectrpc/connect-node';
import type { DescService } from '@bufbuild/protobuf';
import { startServer, type RunningServer, type StartOptions } from '../../server/app.ts';
import { reasonOf } from '../../server/rpc/reasons.ts';
import { signInWithPassword } from './signIn.ts';
import { createTestDatabase } from './testDatabase.ts';

/** The demo accounts (password `demo`), by the local part of their e-mail. */
export const DEMO_USERS = ['vendor', 'company', 'trial', 'admin', 'customer', 'developer'] as const;
export type DemoUser = (typeof DEMO_USERS)[number];

export interface TestServer {
  readonly server: RunningServer;
  /** A typed client calling as one demo user (anonymous when `who` is undefined). */
  client<S extends DescService>(service: S, who?: DemoUser, filters?: unknown): Client<S>;
  close(): Promise<void>;
}

/**
 * A real server on a free port over a database of its own (PGlite, or a fresh PostgreSQL database
 * when DATABASE_URL is set), with the demo accounts signed in through the real sign-in form.
 */
export async function startTestServer(
  options: Omit<StartOptions, 'port' | 'databaseUrl'> = {},
  users: readonly DemoUser[] = DEMO_USERS,
): Promise<TestServer> {
  const database = await createTestDatabase();
  const server = await startServer({
    seed: 'demo',
    demoProducts: 300,
    ...options,
    port: 0,
    databaseUrl: database.url,
  });
  const tokens = new Map<DemoUser, string>();
  for (const who of users) {
    const result = await signInWithPassword({
      issuer: server.issuer,
      clientId: server.clientId,
      redirectUri: `${server.url}/oidc-callback`,
      email: `${who}@seconde.test`,
      password: 'demo',
      audience: server.audience,
    });
    tokens.set(who, result.accessToken);
  }
  return {
    server,
    client(service, who, filters) {
      return createClient(
        service,
        createConnectTransport({
          baseUrl: server.url,
          httpVersion: '1.1',
          useBinaryFormat: true,
          interceptors: [
            (next) => (req) => {
              if (who) req.header.set('authorization', `Bearer ${tokens.get(who)}`);
              if (filters !== undefined)
                req.header.set('filters', encodeURIComponent(JSON.stringify(filters)));
              return next(req);
            },
          ],
        }),
      );
    },
    async close() {
      await server.close();
      await database.drop();
    },
  };
}

/** The Connect code and stable reason a call fails with; throws when it succeeds. */
export async function refusalOf(
  call: Promise<unknown>,
): Promise<{ code: Code; reason: string | undefined }> {
  try {
    await call;
  } catch (error) {
    const connect = ConnectError.from(error);
    return { code: connect.code, reason: reasonOf(connect) };
  }
  throw new Error('the call succeeded');
}
