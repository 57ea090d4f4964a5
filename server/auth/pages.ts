/**
 * HTML of the embedded provider's own pages (sign-in, sign-out, errors). Self-contained on purpose:
 * they are served before the SPA exists for the user, so no bundle, font or stylesheet is fetched.
 */

export type PageLanguage = 'fr' | 'en';

const TEXT = {
  fr: {
    signInTitle: 'Connexion à Seconde',
    email: 'Adresse e-mail',
    password: 'Mot de passe',
    submit: 'Se connecter',
    wrongCredentials: 'Adresse e-mail ou mot de passe incorrect.',
    demoHint: 'Comptes de démonstration :',
    demoPassword: 'Mot de passe de tous les comptes :',
    signOutTitle: 'Déconnexion',
    signOutText: 'Déconnexion en cours…',
    signOutButton: 'Se déconnecter',
    signedOut: 'Vous êtes déconnecté.',
    errorTitle: 'La connexion a échoué',
    errorText:
      'Cette page de connexion a expiré ou n’est plus valable. Retournez à l’application pour recommencer.',
  },
  en: {
    signInTitle: 'Sign in to Seconde',
    email: 'E-mail address',
    password: 'Password',
    submit: 'Sign in',
    wrongCredentials: 'Wrong e-mail address or password.',
    demoHint: 'Demo accounts:',
    demoPassword: 'Password of every account:',
    signOutTitle: 'Sign out',
    signOutText: 'Signing out…',
    signOutButton: 'Sign out',
    signedOut: 'You are signed out.',
    errorTitle: 'Sign-in failed',
    errorText:
      'This sign-in page has expired or is no longer valid. Go back to the application to start again.',
  },
} as const satisfies Record<PageLanguage, Record<string, string>>;

/** Escapes text for HTML bodies and double-quoted attributes; every dynamic value goes through it. */
export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/**
 * French first: English only when asked explicitly (`?lang=en`, `ui_locales`) or when the browser
 * ranks English above French in `Accept-Language`.
 */
export function pickLanguage(
  explicit: string | null | undefined,
  acceptLanguage: string | undefined,
): PageLanguage {
  const wanted = explicit?.trim().toLowerCase().split(/[\s-]/)[0];
  if (wanted === 'en' || wanted === 'fr') return wanted;
  const ranked = (acceptLanguage ?? '')
    .split(',')
    .map((part, index) => {
      const [tag = '', ...params] = part.trim().toLowerCase().split(';');
      const q = Number(params.find((p) => p.trim().startsWith('q='))?.split('=')[1] ?? 1);
      return { lang: tag.split('-')[0], q: Number.isFinite(q) ? q : 0, index };
    })
    .filter((entry) => (entry.lang === 'en' || entry.lang === 'fr') && entry.q > 0)
    .sort((a, b) => b.q - a.q || a.index - b.index);
  return ranked[0]?.lang === 'en' ? 'en' : 'fr';
}

const STYLE = `*{box-sizing:border-box}body{margin:0;font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;background:#f5f6f8;color:#1c2127}
main{max-width:24rem;margin:2rem auto;padding:1.5rem;background:#fff;border-radius:8px;box-shadow:0 1px 3px rgba(0,0,0,.15)}
h1{font-size:1.4rem;margin:0 0 1rem}label{display:block;font-weight:600;margin:.75rem 0 .25rem}
input{width:100%;padding:.6rem;font:inherit;border:1px solid #8f99a8;border-radius:4px}
input:focus,button:focus{outline:3px solid #2d72d2;outline-offset:1px}
button{width:100%;margin-top:1.25rem;padding:.7rem;font:inherit;font-weight:600;color:#fff;background:#215db0;border:0;border-radius:4px;cursor:pointer}
button:hover{background:#184a90}.error{padding:.6rem .8rem;border-left:4px solid #ac2f33;background:#fae5e5;color:#8e292c;margin-bottom:1rem}
.hint{margin-top:1.5rem;font-size:.875rem;color:#5f6b7c}.hint ul{margin:.25rem 0 .5rem;padding-left:1.2rem}
@media (max-width:30rem){main{margin:0;border-radius:0;box-shadow:none;min-height:100vh}}`;

function page(lang: PageLanguage, title: string, body: string, head = ''): string {
  return `<!doctype html><html lang="${lang}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${escapeHtml(title)}</title><style>${STYLE}</style>${head}</head><body><main>${body}</main></body></html>`;
}

export interface LoginPageInput {
  readonly lang: PageLanguage;
  /** Where the form posts; already contains the interaction uid. */
  readonly action: string;
  readonly email: string;
  readonly failed: boolean;
  readonly demoEmails: readonly string[];
  readonly demoPassword: string;
}

/** The sign-in form; after a failure it keeps the typed e-mail and focuses the password. */
export function loginPage(input: LoginPageInput): string {
  const t = TEXT[input.lang];
  const error = input.failed
    ? `<p class="error" id="form-error" role="alert">${escapeHtml(t.wrongCredentials)}</p>`
    : '';
  const described = input.failed ? ' aria-describedby="form-error" aria-invalid="true"' : '';
  const demo = input.demoEmails.map((email) => `<li>${escapeHtml(email)}</li>`).join('');
  return page(
    input.lang,
    t.signInTitle,
    `<h1>${escapeHtml(t.signInTitle)}</h1>${error}
<form method="post" action="${escapeHtml(input.action)}" novalidate>
<label for="email">${escapeHtml(t.email)}</label>
<input id="email" name="email" type="email" autocomplete="username" required value="${escapeHtml(input.email)}"${described}${input.failed ? '' : ' autofocus'}>
<label for="password">${escapeHtml(t.password)}</label>
<input id="password" name="password" type="password" autocomplete="current-password" required${described}${input.failed ? ' autofocus' : ''}>
<button type="submit">${escapeHtml(t.submit)}</button>
</form>
<div class="hint"><p>${escapeHtml(t.demoHint)}</p><ul>${demo}</ul><p>${escapeHtml(t.demoPassword)} <code>${escapeHtml(input.demoPassword)}</code></p></div>`,
  );
}

/**
 * The RP-initiated logout step. oidc-provider insists on a form post with its xsrf token; the page
 * submits it by itself, so the user sees no confirmation, and shows one button when scripts are off.
 */
export function logoutPage(lang: PageLanguage, form: string): string {
  const t = TEXT[lang];
  const withYes = form.replace('</form>', '<input type="hidden" name="logout" value="yes"></form>');
  return page(
    lang,
    t.signOutTitle,
    `<h1>${escapeHtml(t.signOutTitle)}</h1><p>${escapeHtml(t.signOutText)}</p>${withYes}<button type="submit" form="op.logoutForm">${escapeHtml(t.signOutButton)}</button>
<script>document.forms[0].submit()</script>`,
  );
}

/** Shown only when sign-out had no post_logout_redirect_uri to go back to. */
export function signedOutPage(lang: PageLanguage): string {
  const t = TEXT[lang];
  return page(
    lang,
    t.signOutTitle,
    `<h1>${escapeHtml(t.signOutTitle)}</h1><p>${escapeHtml(t.signedOut)}</p>`,
  );
}

/** A readable error instead of oidc-provider's debug page; technical details stay escaped and short. */
export function errorPage(lang: PageLanguage, details: string): string {
  const t = TEXT[lang];
  return page(
    lang,
    t.errorTitle,
    `<h1>${escapeHtml(t.errorTitle)}</h1><p>${escapeHtml(t.errorText)}</p><p class="hint"><code>${escapeHtml(details)}</code></p>`,
  );
}
