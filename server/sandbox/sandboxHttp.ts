import type { IncomingMessage, ServerResponse } from 'node:http';

/** One request a sandbox received, for tests that check what a connector sent. */
export interface RecordedRequest {
  readonly method: string;
  /** Path and query, relative to the sandbox's base. */
  readonly path: string;
  readonly headers: Readonly<Record<string, string>>;
  /** Parsed JSON, the raw text otherwise (a form), undefined when empty. */
  readonly body: unknown;
}

/** A sandbox's request handler: `path` is relative to where it is mounted. */
export type SandboxHandler = (
  req: IncomingMessage,
  res: ServerResponse,
  path: string,
) => Promise<void>;

/** Failures a test asks for: the next `count` API calls answer `status` (429 with Retry-After). */
export interface FailureKnob {
  count: number;
  status: number;
  retryAfter: string | undefined;
}

export async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

export function parseBody(text: string): unknown {
  if (!text) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

export function headersOf(req: IncomingMessage): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, value] of Object.entries(req.headers))
    if (value !== undefined) out[key] = Array.isArray(value) ? value.join(', ') : value;
  return out;
}

export function json(res: ServerResponse, status: number, body?: unknown): void {
  if (body === undefined) {
    res.writeHead(status).end();
    return;
  }
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
}

export function redirect(res: ServerResponse, location: string): void {
  res.writeHead(302, { location }).end();
}

export const escapeHtml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/**
 * The sandbox consent page: what a user trying the product locally sees instead of the channel's
 * own, with the channel's name, the access asked for, and Authorize / Refuse buttons that send the
 * browser back like the channel would.
 */
export function consentPage(
  res: ServerResponse,
  page: { channel: string; account: string; scopes: string; fields: Record<string, string> },
): void {
  const hidden = Object.entries(page.fields)
    .map(([k, v]) => `<input type="hidden" name="${escapeHtml(k)}" value="${escapeHtml(v)}">`)
    .join('');
  const html = `<!doctype html><html lang="fr"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width,initial-scale=1">
<title>${escapeHtml(page.channel)} (sandbox) : autorisation</title>
<style>body{font-family:system-ui,sans-serif;max-width:32rem;margin:2rem auto;padding:0 1rem}
button{font-size:1rem;padding:.6rem 1.2rem;margin-right:.5rem}</style></head><body>
<main><h1>${escapeHtml(page.channel)} (sandbox)</h1>
<p>Seconde demande l’accès au compte <strong>${escapeHtml(page.account)}</strong> :</p>
<p><code>${escapeHtml(page.scopes)}</code></p>
<p>Ce compte d’essai est servi par votre installation locale : rien n’est publié pour de vrai.</p>
<form method="get" action="./decide">${hidden}
<button type="submit" name="decision" value="accept">Authorize</button>
<button type="submit" name="decision" value="decline">Refuse</button>
</form></main></body></html>`;
  res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(html);
}

/** A listing's page in a sandbox, so the link a product gets opens on something. */
export function itemPage(
  res: ServerResponse,
  item: { channel: string; title: string; price: string; status: string },
): void {
  const html = `<!doctype html><html lang="fr"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width,initial-scale=1">
<title>${escapeHtml(item.title)}</title></head><body><main>
<p>${escapeHtml(item.channel)} (sandbox)</p><h1>${escapeHtml(item.title)}</h1>
<p>${escapeHtml(item.price)}</p><p>${escapeHtml(item.status)}</p></main></body></html>`;
  res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(html);
}

/** Consumes one failure of the knob, answering it; false when none is pending. */
export function failIfAsked(knob: FailureKnob, res: ServerResponse): boolean {
  if (knob.count <= 0) return false;
  knob.count -= 1;
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  if (knob.retryAfter !== undefined) headers['retry-after'] = knob.retryAfter;
  res.writeHead(knob.status, headers);
  res.end(JSON.stringify({ errors: [{ message: 'Too many requests' }] }));
  return true;
}

/**
 * The sandbox's own page: its listings, each with a button that makes a buyer order it (what
 * a sale on the channel does), so a sale can be tried end to end on a local install.
 */
export function sandboxIndex(
  res: ServerResponse,
  page: {
    channel: string;
    listings: { sku: string; title: string; status: string; shop?: string }[];
  },
): void {
  const rows = page.listings
    .map(
      (
        l,
      ) => `<li><strong>${escapeHtml(l.title)}</strong> (${escapeHtml(l.sku)}, ${escapeHtml(l.status)})
<form method="post" action="./_orders" style="display:inline">
<input type="hidden" name="sku" value="${escapeHtml(l.sku)}">
${l.shop ? `<input type="hidden" name="shop" value="${escapeHtml(l.shop)}">` : ''}
<button type="submit">Simuler une commande</button></form></li>`,
    )
    .join('');
  const html = `<!doctype html><html lang="fr"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width,initial-scale=1">
<title>${escapeHtml(page.channel)} (sandbox)</title></head><body><main>
<h1>${escapeHtml(page.channel)} (sandbox)</h1>
<p>Annonces reçues par ce canal d’essai. Une commande simulée est vendue comme sur le vrai canal.</p>
${rows ? `<ul>${rows}</ul>` : '<p>Aucune annonce pour le moment.</p>'}</main></body></html>`;
  res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(html);
}
