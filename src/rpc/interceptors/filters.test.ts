import { create } from '@bufbuild/protobuf';
import { Code, ConnectError, createClient, createRouterTransport } from '@connectrpc/connect';
import { describe, expect, it } from 'vitest';
import { BrandService, ListBrandsResponseSchema } from '../gen/seconde/v1/brand_pb.ts';
import { encodeFilters, filtersInterceptor, withFilters } from './filters.ts';

/** A BrandService that decodes the header the way the server does and reports what it read. */
function brandClient(headers: (string | null)[]) {
  const transport = createRouterTransport(
    (router) => {
      router.service(BrandService, {
        list(_req, ctx) {
          const header = ctx.requestHeader.get('filters');
          headers.push(header);
          let filters: Record<string, unknown> = {};
          try {
            filters = header ? (JSON.parse(decodeURIComponent(header)) as typeof filters) : {};
          } catch {
            throw new ConnectError('{"code":"INVALID_FILTERS"}', Code.InvalidArgument);
          }
          return create(ListBrandsResponseSchema, {
            count: Object.keys(filters).length,
            results: [{ name: JSON.stringify(filters) }],
          });
        },
        retrieve() {
          throw new ConnectError('unused', Code.Unimplemented);
        },
      });
    },
    { transport: { interceptors: [filtersInterceptor()] } },
  );
  return createClient(BrandService, transport);
}

describe('filtersInterceptor', () => {
  it('sends filters as URI-encoded JSON that the server decodes back', async () => {
    const headers: (string | null)[] = [];
    const filters = { name: 'Créateur 東京 & co', status: ['DRAFT', 'VALIDATED'] };
    const answer = await brandClient(headers).list({}, withFilters(filters));
    expect(headers).toEqual([encodeFilters(filters)]);
    expect(answer.results[0]?.name).toBe(JSON.stringify(filters));
  });

  it('keeps header values inside Latin-1, which fetch requires', () => {
    const encoded = encodeFilters({ name: 'Émilie 東京 "quoted"', n: 3 });
    expect([...encoded].every((c) => c.charCodeAt(0) < 128)).toBe(true);
    expect(() => new Headers({ filters: encoded })).not.toThrow();
    expect(JSON.parse(decodeURIComponent(encoded))).toEqual({ name: 'Émilie 東京 "quoted"', n: 3 });
  });

  it('sends no header when a call has no filters or empty ones', async () => {
    const headers: (string | null)[] = [];
    const client = brandClient(headers);
    await client.list({});
    await client.list({}, withFilters({}));
    expect(headers).toEqual([null, null]);
  });

  it('keeps the other call options', () => {
    const options = withFilters({ a: 1 }, { timeoutMs: 500, headers: { x: 'y' } });
    expect(options.timeoutMs).toBe(500);
    expect(options.headers).toEqual({ x: 'y' });
  });
});
