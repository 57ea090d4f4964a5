import { create } from '@bufbuild/protobuf';
import { Code, ConnectError, createClient, createRouterTransport } from '@connectrpc/connect';
import { describe, expect, it } from 'vitest';
import { GetCurrentUserResponseSchema, SessionService } from '../gen/seconde/v1/session_pb.ts';
import { createRefusalChannel, subscriptionGateInterceptor } from './subscriptionGate.ts';

/** A SessionService answering with the error of the test, through the gate interceptor. */
function client(error: ConnectError | null) {
  const channel = createRefusalChannel();
  const heard: (string | undefined)[] = [];
  channel.subscribe((message) => heard.push(message));
  const transport = createRouterTransport(
    (router) => {
      router.service(SessionService, {
        getCurrentUser() {
          if (error) throw error;
          return create(GetCurrentUserResponseSchema, { sub: 'me' });
        },
      });
    },
    { transport: { interceptors: [subscriptionGateInterceptor(channel.report)] } },
  );
  return { sessions: createClient(SessionService, transport), heard };
}

const refusal = (reason: string, message: string, code = Code.PermissionDenied) =>
  new ConnectError(JSON.stringify({ code: reason, message }), code);

describe('subscriptionGateInterceptor', () => {
  it('reports a SUBSCRIPTION_UPDATE_NEEDED refusal with its message, and still fails the call', async () => {
    const { sessions, heard } = client(refusal('SUBSCRIPTION_UPDATE_NEEDED', 'Renew your plan'));
    await expect(sessions.getCurrentUser({})).rejects.toMatchObject({
      code: Code.PermissionDenied,
    });
    expect(heard).toEqual(['Renew your plan']);
  });

  it.each([
    ['another refusal', refusal('FORBIDDEN', 'Not yours')],
    ['a network failure', new ConnectError('Bad Gateway', Code.Unavailable)],
  ])('stays silent on %s', async (_, error) => {
    const { sessions, heard } = client(error);
    await expect(sessions.getCurrentUser({})).rejects.toBeInstanceOf(ConnectError);
    expect(heard).toEqual([]);
  });

  it('stays silent on success', async () => {
    const { sessions, heard } = client(null);
    expect((await sessions.getCurrentUser({})).sub).toBe('me');
    expect(heard).toEqual([]);
  });

  it('stops reporting to a listener that unsubscribed', () => {
    const channel = createRefusalChannel();
    const heard: string[] = [];
    const stop = channel.subscribe((m) => heard.push(m ?? ''));
    channel.report('one');
    stop();
    channel.report('two');
    expect(heard).toEqual(['one']);
  });
});
