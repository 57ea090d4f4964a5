import { create } from '@bufbuild/protobuf';
import { Code, ConnectError, createClient, createRouterTransport } from '@connectrpc/connect';
import { describe, expect, it } from 'vitest';
import { GetCurrentUserResponseSchema, SessionService } from '../gen/seconde/v1/session_pb.ts';
import { authInterceptor, type TokenGetter } from './auth.ts';

/** A SessionService that, like the real server, refuses calls without a bearer token. */
function sessionClient(getToken: TokenGetter, seen: (string | null)[] = []) {
  const transport = createRouterTransport(
    (router) => {
      router.service(SessionService, {
        getCurrentUser(_req, ctx) {
          const header = ctx.requestHeader.get('authorization');
          seen.push(header);
          if (!header?.startsWith('Bearer ')) {
            throw new ConnectError(
              JSON.stringify({ code: 'UNAUTHENTICATED', message: 'Sign-in required' }),
              Code.Unauthenticated,
            );
          }
          return create(GetCurrentUserResponseSchema, { sub: header.slice('Bearer '.length) });
        },
      });
    },
    { transport: { interceptors: [authInterceptor(getToken)] } },
  );
  return createClient(SessionService, transport);
}

describe('authInterceptor', () => {
  it('sends the token as a bearer authorization header', async () => {
    const seen: (string | null)[] = [];
    const answer = await sessionClient(() => 'token-1', seen).getCurrentUser({});
    expect(seen).toEqual(['Bearer token-1']);
    expect(answer.sub).toBe('token-1');
  });

  it('asks the getter on every call, so a renewed token is used at once', async () => {
    let token = 'first';
    const seen: (string | null)[] = [];
    const client = sessionClient(() => Promise.resolve(token), seen);
    await client.getCurrentUser({});
    token = 'renewed';
    await client.getCurrentUser({});
    expect(seen).toEqual(['Bearer first', 'Bearer renewed']);
  });

  it.each([[null], [undefined], ['']])('sends no header when the token is %j', async (token) => {
    const seen: (string | null)[] = [];
    await expect(sessionClient(() => token, seen).getCurrentUser({})).rejects.toMatchObject({
      code: Code.Unauthenticated,
    });
    expect(seen).toEqual([null]);
  });
});
