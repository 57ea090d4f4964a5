import { ConnectError, type Client, type Code } from '@connectrpc/connect';
import type { DescService } from '@bufbuild/protobuf';
import { startServer, type RunningServer, type StartOptions } from '../../server/app.ts';
import { reasonOf } from '../../server/rpc/reasons.ts';
import {
  SessionService,
  type GetCurrentUserResponse,
} from '../../src/rpc/gen/seconde/v1/session_pb.ts';
import { demoToken, rpcClient } from './demoClient.ts';
import { createTestDatabase } from './testDatabase.ts';

/** The demo accounts (password `demo`), by the local part of their e-mail. */
export const DEMO_USERS = ['vendor', 'company', 'trial', 'admin', 'customer', 'developer'] as const;
export type DemoUser = (typeof DEMO_USERS)[number];

export interface DemoRecords {
  readonly vendorUuid: string;
  readonly companyVendorUuid: string;
  readonly customerUuid: string;
}

export interface TestServer {
  readonly server: RunningServer;
  /** A typed client calling as one demo user (anonymous when `who` is undefined). */
  client<S extends DescService>(service: S, who?: DemoUser, filters?: unknown): Client<S>;
  /** Who the server says a demo user is (SessionService.GetCurrentUser). */
  me(who: DemoUser): Promise<GetCurrentUserResponse>;
  /** The records behind vendor@, company@ and customer@, who must be among the signed-in users. */
  demoRecords(): Promise<DemoRecords>;
  /** The demo user's access token, for tests that send a token of their own making. */
  token(who: DemoUser): string;
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
  for (const who of users) tokens.set(who, await demoToken(server, `${who}@seconde.test`));
  const client = <S extends DescService>(service: S, who?: DemoUser, filters?: unknown) =>
    rpcClient(server.url, service, who && tokens.get(who), filters);
  const me = (who: DemoUser) => client(SessionService, who).getCurrentUser({});
  return {
    server,
    client,
    me,
    async demoRecords() {
      const vendorUuid = (await me('vendor')).vendorUuid;
      const companyVendorUuid = (await me('company')).vendorUuid;
      return { vendorUuid, companyVendorUuid, customerUuid: (await me('customer')).customerUuid };
    },
    token(who) {
      const token = tokens.get(who);
      if (!token) throw new Error(`${who} was not signed in by startTestServer`);
      return token;
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
