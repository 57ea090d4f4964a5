import { create, fromBinary, toBinary } from '@bufbuild/protobuf';
import { createClient } from '@connectrpc/connect';
import { describe, expect, it } from 'vitest';
import { BrandService, ListBrandsRequestSchema } from './gen/seconde/v1/brand_pb.ts';
import { GetCurrentUserResponseSchema, SessionService } from './gen/seconde/v1/session_pb.ts';
import { toAppError } from './errors.ts';
import { withFilters } from './interceptors/filters.ts';
import { createTransport } from './transport.ts';

interface Seen {
  url: string;
  headers: Headers;
  body: Uint8Array;
}

/** A fetch standing in for the server: records the request and answers like Connect would. */
function fakeFetch(seen: Seen[], answer: () => Response): typeof fetch {
  return async (input, init) => {
    const body = new Uint8Array(await new Response(init?.body).arrayBuffer());
    seen.push({ url: String(input), headers: new Headers(init?.headers), body });
    return answer();
  };
}

describe('createTransport', () => {
  it('speaks binary Connect to the base URL with the bearer token', async () => {
    const seen: Seen[] = [];
    const reply = toBinary(
      GetCurrentUserResponseSchema,
      create(GetCurrentUserResponseSchema, { sub: 'abc', firstName: 'Zoé' }),
    );
    const transport = createTransport({
      baseUrl: 'https://shop.example/api',
      getToken: () => 'tok',
      fetch: fakeFetch(
        seen,
        () => new Response(reply, { headers: { 'content-type': 'application/proto' } }),
      ),
    });
    const answer = await createClient(SessionService, transport).getCurrentUser({});
    expect(answer.firstName).toBe('Zoé');
    expect(seen[0]?.url).toBe('https://shop.example/api/seconde.v1.SessionService/GetCurrentUser');
    expect(seen[0]?.headers.get('content-type')).toBe('application/proto');
    expect(seen[0]?.headers.get('authorization')).toBe('Bearer tok');
  });

  it('carries filters and encodes the request in binary', async () => {
    const seen: Seen[] = [];
    const transport = createTransport({
      baseUrl: 'https://shop.example',
      getToken: () => null,
      fetch: fakeFetch(
        seen,
        () => new Response(new Uint8Array(), { headers: { 'content-type': 'application/proto' } }),
      ),
    });
    await createClient(BrandService, transport).list(
      { ordering: 'name' },
      withFilters({ name: 'Hermès' }),
    );
    expect(seen[0]?.headers.get('filters')).toBe(encodeURIComponent('{"name":"Hermès"}'));
    expect(seen[0]?.headers.has('authorization')).toBe(false);
    expect(fromBinary(ListBrandsRequestSchema, seen[0]!.body).ordering).toBe('name');
  });

  it('surfaces server errors that the funnel understands', async () => {
    const transport = createTransport({
      baseUrl: 'https://shop.example',
      getToken: () => 'tok',
      fetch: fakeFetch([], () =>
        Response.json(
          {
            code: 'permission_denied',
            message: '{"code":"SUBSCRIPTION_UPDATE_NEEDED","message":"Plan expired"}',
          },
          { status: 403 },
        ),
      ),
    });
    const failure = await createClient(SessionService, transport)
      .getCurrentUser({})
      .catch((error: unknown) => error);
    expect(toAppError(failure)).toMatchObject({
      code: 'subscriptionUpdateNeeded',
      message: 'Plan expired',
    });
  });
});
