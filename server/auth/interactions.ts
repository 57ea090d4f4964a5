import { createHash, timingSafeEqual } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type Provider from 'oidc-provider';
import type { DemoAccount } from './demoAccounts.ts';
import { errorPage, loginPage, pickLanguage } from './pages.ts';

/** What the sign-in pages need to know; built once by the provider factory. */
export interface InteractionOptions {
  readonly provider: Provider;
  readonly mountPath: string;
  readonly accounts: readonly DemoAccount[];
  readonly password: string;
  /** Grants everything the first-party client asked for, so no consent screen is ever shown. */
  readonly grantAll: (accountId: string, clientId: string, scope: string) => Promise<string>;
}

const MAX_BODY = 16 * 1024;

/**
 * Serves `<mount>/interaction/:uid` (the sign-in form) and `<mount>/interaction/:uid/login` (its
 * post). oidc-provider ships no production UI, so this is ours; the protocol stays in the library.
 */
export async function handleInteraction(
  options: InteractionOptions,
  req: IncomingMessage,
  res: ServerResponse,
  subPath: string,
  url: URL,
): Promise<void> {
  const { provider } = options;
  const match = /^\/interaction\/([\w-]+)(\/login)?$/.exec(subPath);
  const explicitLang = url.searchParams.get('lang');
  let lang = pickLanguage(explicitLang, req.headers['accept-language']);
  if (!match) return send(res, 404, errorPage(lang, 'not found'));
  const [, uid, login] = match;
  let details: Awaited<ReturnType<Provider['interactionDetails']>>;
  try {
    details = await provider.interactionDetails(req, res);
  } catch (error) {
    return send(res, 400, errorPage(lang, (error as Error).message));
  }
  if (details.uid !== uid) return send(res, 400, errorPage(lang, 'interaction mismatch'));
  const uiLocales =
    typeof details.params.ui_locales === 'string' ? details.params.ui_locales : undefined;
  lang = pickLanguage(explicitLang ?? uiLocales, req.headers['accept-language']);
  const action = `${options.mountPath}/interaction/${uid}/login${explicitLang ? `?lang=${encodeURIComponent(lang)}` : ''}`;
  const render = (email: string, failed: boolean) =>
    loginPage({
      lang,
      action,
      email,
      failed,
      demoEmails: options.accounts.map((account) => account.email),
      demoPassword: options.password,
    });

  if (details.prompt.name === 'consent' && details.session) {
    const grantId = await options.grantAll(
      details.session.accountId,
      String(details.params.client_id),
      String(details.params.scope ?? 'openid'),
    );
    return provider.interactionFinished(
      req,
      res,
      { consent: { grantId } },
      { mergeWithLastSubmission: true },
    );
  }
  if (!login || req.method !== 'POST') {
    if (login) return send(res, 405, errorPage(lang, 'method not allowed'));
    return send(res, 200, render('', false));
  }

  const form = new URLSearchParams(await readBody(req));
  const email = (form.get('email') ?? '').trim();
  const account = options.accounts.find(
    (candidate) => candidate.email.toLowerCase() === email.toLowerCase(),
  );
  if (!account || !samePassword(form.get('password') ?? '', options.password)) {
    return send(res, 401, render(email, true));
  }
  await provider.interactionFinished(
    req,
    res,
    { login: { accountId: account.sub } },
    { mergeWithLastSubmission: false },
  );
}

function samePassword(given: string, expected: string): boolean {
  const digest = (value: string) => createHash('sha256').update(value).digest();
  return timingSafeEqual(digest(given), digest(expected));
}

async function readBody(req: IncomingMessage): Promise<string> {
  let size = 0;
  const chunks: Buffer[] = [];
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > MAX_BODY) throw new Error('sign-in form too large');
    chunks.push(chunk);
  }
  return Buffer.concat(chunks).toString('utf8');
}

function send(res: ServerResponse, status: number, html: string): void {
  res.writeHead(status, {
    'content-type': 'text/html; charset=utf-8',
    'cache-control': 'no-store',
    'x-frame-options': 'DENY',
    'content-security-policy':
      "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'none'; base-uri 'none'",
    'referrer-policy': 'no-referrer',
  });
  res.end(html);
}
