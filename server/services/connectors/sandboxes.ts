import type { IncomingMessage, ServerResponse } from 'node:http';
import { createEbaySandbox } from '../../sandbox/ebaySandbox.ts';
import type { SandboxHandler } from '../../sandbox/sandboxHttp.ts';
import { createShopifySandbox } from '../../sandbox/shopifySandbox.ts';
import type { ServiceDeps } from '../deps.ts';
import {
  EBAY_SANDBOX_PATH,
  SANDBOX_CREDENTIALS,
  SHOPIFY_SANDBOX_PATH,
  ebayEndpointOrNull,
  shopifyEndpointOrNull,
} from './channelConfig.ts';
import { ebayReturnUrl } from './oauth.ts';

function mount(deps: ServiceDeps, base: string, handle: SandboxHandler): void {
  deps.http.add(`${base}/`, (req: IncomingMessage, res: ServerResponse, url: URL) =>
    handle(req, res, `${url.pathname.slice(base.length) || '/'}${url.search}`),
  );
}

/**
 * On a local install, a channel without credentials is served by its sandbox on this server, so
 * a vendor can connect it, publish, see the listing and simulate a sale without any account.
 * Only when the settings allow sandboxes; the connectors then talk to these addresses.
 */
export function mountSandboxes(deps: ServiceDeps): void {
  if (!deps.connectors.sandbox) return;
  if (ebayEndpointOrNull(deps)?.sandbox)
    mount(
      deps,
      EBAY_SANDBOX_PATH,
      createEbaySandbox({ ...SANDBOX_CREDENTIALS.ebay, acceptUrl: () => ebayReturnUrl(deps) })
        .handle,
    );
  if (shopifyEndpointOrNull(deps)?.sandbox)
    mount(deps, SHOPIFY_SANDBOX_PATH, createShopifySandbox(SANDBOX_CREDENTIALS.shopify).handle);
}
