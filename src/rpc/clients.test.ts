import { createRouterTransport } from '@connectrpc/connect';
import { create } from '@bufbuild/protobuf';
import { describe, expect, it } from 'vitest';
import { GetCurrentUserResponseSchema, SessionService } from './gen/seconde/v1/session_pb.ts';
import { BrandService } from './gen/seconde/v1/brand_pb.ts';
import { createClientFactory } from './clients.ts';

function transportAnswering(sub: string) {
  return createRouterTransport((router) => {
    router.service(SessionService, {
      getCurrentUser: () => create(GetCurrentUserResponseSchema, { sub }),
    });
  });
}

describe('createClientFactory', () => {
  const clients = createClientFactory({
    main: transportAnswering('from-main'),
    notification: transportAnswering('from-notification'),
  });

  it('builds typed clients on the main service by default', async () => {
    expect((await clients.get(SessionService).getCurrentUser({})).sub).toBe('from-main');
  });

  it('reaches the notification service when asked', async () => {
    const answer = await clients.get(SessionService, 'notification').getCurrentUser({});
    expect(answer.sub).toBe('from-notification');
  });

  it('reuses one client per service and back end', () => {
    expect(clients.get(SessionService)).toBe(clients.get(SessionService));
    expect(clients.get(SessionService)).not.toBe(clients.get(SessionService, 'notification'));
    expect(clients.get(BrandService)).not.toBe(clients.get(SessionService));
  });
});
