import { ConnectError, Code } from '@connectrpc/connect';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCESS_TABLE } from '../../server/rpc/access/table.ts';
import type { Role } from '../../server/rpc/access/rules.ts';
import { demoToken, rpcClient } from '../helpers/demoClient.ts';
import { startTestServer, type DemoUser, type TestServer } from '../helpers/testServer.ts';

let t: TestServer;
let nogroupToken: string;

beforeAll(async () => {
  t = await startTestServer({}, ['vendor', 'customer', 'admin', 'developer']);
  nogroupToken = await demoToken(t.server, 'nogroup@seconde.test');
}, 240_000);

afterAll(async () => {
  await t?.close();
});

/** A demo account acting in each role of the table (Visitor calls without a token). */
const ACTORS: readonly { role: Role; user?: DemoUser | 'nogroup' }[] = [
  { role: 'Visitor' },
  { role: 'NoGroup', user: 'nogroup' },
  { role: 'Customer', user: 'customer' },
  { role: 'Vendor', user: 'vendor' },
  { role: 'Admin', user: 'admin' },
  { role: 'Developer', user: 'developer' },
];

/** How a call ends: 'answered' or the raw Connect error message with its code. */
async function outcome(call: unknown, streaming: boolean): Promise<string> {
  try {
    if (streaming) {
      for await (const _ of call as AsyncIterable<unknown>) break;
    } else await call;
    return 'answered';
  } catch (error) {
    const connect = ConnectError.from(error);
    return `${Code[connect.code]} ${connect.rawMessage}`;
  }
}

describe('roles of the authorisation table', () => {
  it('are applied to every method before its handler, for every role', async () => {
    const wrong: string[] = [];
    let refusals = 0;
    for (const { service, methods } of ACCESS_TABLE) {
      for (const method of service.methods) {
        const rule = methods[method.localName]!;
        for (const { role, user } of ACTORS) {
          if (rule.roles.includes(role)) continue;
          const token =
            user === 'nogroup' ? nogroupToken : user === undefined ? undefined : t.token(user);
          const client = rpcClient(t.server.url, service, token) as unknown as Record<
            string,
            (req: object) => unknown
          >;
          const ended = await outcome(
            client[method.localName]!({}),
            method.methodKind === 'server_streaming',
          );
          refusals += 1;
          const expected =
            role === 'Visitor'
              ? 'Unauthenticated'
              : `PermissionDenied {"code":"FORBIDDEN","message":"${role === 'NoGroup' ? 'Choose your user type first: you' : 'You'} may not call ${method.name}"}`;
          if (!ended.startsWith(expected))
            wrong.push(`${role} ${service.name}.${method.name}: ${ended}`);
        }
      }
    }
    expect(wrong).toEqual([]);
    expect(refusals).toBeGreaterThan(300);
  });
});
