import { createClient, type Client } from '@connectrpc/connect';
import { createConnectTransport } from '@connectrpc/connect-node';
import type { DescService } from '@bufbuild/protobuf';
import { signInWithPassword } from './signIn.ts';

/** Where the demo accounts sign in: the app's base URL, its provider and its SPA client. */
export interface SignInPlace {
  readonly url: string;
  readonly issuer: string;
  readonly clientId: string;
  /** Sent as `resource`; the embedded provider defaults to its API audience anyway. */
  readonly audience?: string;
}

/** The access token of a demo account (password `demo`), through the real sign-in form. */
export async function demoToken(place: SignInPlace, email: string): Promise<string> {
  const { accessToken } = await signInWithPassword({
    issuer: place.issuer,
    clientId: place.clientId,
    redirectUri: `${place.url}/oidc-callback`,
    email,
    password: 'demo',
    audience: place.audience,
  });
  return accessToken;
}

/** Typed clients of one server, all calling as the same signed-in account. */
export type DemoRpc = <S extends DescService>(service: S) => Client<S>;

/** A typed client of the server at `baseUrl`, with a bearer token and a filters header if given. */
export function rpcClient<S extends DescService>(
  baseUrl: string,
  service: S,
  token?: string,
  filters?: unknown,
): Client<S> {
  return createClient(
    service,
    createConnectTransport({
      baseUrl,
      httpVersion: '1.1',
      useBinaryFormat: true,
      interceptors: [
        (next) => (req) => {
          if (token) req.header.set('authorization', `Bearer ${token}`);
          if (filters !== undefined)
            req.header.set('filters', encodeURIComponent(JSON.stringify(filters)));
          return next(req);
        },
      ],
    }),
  );
}
