/**
 * Where the browser finds its back ends. The deployed server answers `/app-config.json` on the
 * same origin as the app, so one build runs in every environment; this module checks that answer
 * so a misconfigured deployment fails loudly at start-up instead of on the first call.
 */

/** The four deployments the product knows; anything else is a configuration mistake. */
export const ENVIRONMENTS = ['local', 'development', 'staging', 'production'] as const;
export type Environment = (typeof ENVIRONMENTS)[number];

/** The two back ends the app talks to, each behind its own proxy per environment. */
export const SERVICES = ['main', 'notification'] as const;
export type ServiceName = (typeof SERVICES)[number];

/** Sign-in settings handed to the OpenID Connect client. */
export interface OidcConfig {
  readonly authority: string;
  readonly clientId: string;
  readonly scope: string;
}

/** The French government services the public deposit form calls from the browser. */
export interface GouvConfig {
  /** Address search (`/search/?q=...`), api-adresse.data.gouv.fr by default. */
  readonly addressApiUrl: string;
  /** Geography (`/departements`), geo.api.gouv.fr by default. */
  readonly geoApiUrl: string;
  /** Configured minimum length of an address search; the form never searches below 3 anyway. */
  readonly addressMinChars: number;
}

/** The checked content of `/app-config.json`. */
export interface AppConfig {
  readonly environment: Environment;
  readonly oidc: OidcConfig;
  readonly services: Readonly<Record<ServiceName, string>>;
  readonly gouv: GouvConfig;
}

/** Raised for any configuration the app cannot run with; the message names the culprit. */
export class ConfigError extends Error {
  override readonly name = 'ConfigError';
}

export function isEnvironment(value: unknown): value is Environment {
  return typeof value === 'string' && (ENVIRONMENTS as readonly string[]).includes(value);
}

export function isServiceName(value: unknown): value is ServiceName {
  return typeof value === 'string' && (SERVICES as readonly string[]).includes(value);
}

function field(source: unknown, name: string): unknown {
  return source !== null && typeof source === 'object'
    ? (source as Record<string, unknown>)[name]
    : undefined;
}

function text(source: unknown, name: string, where: string): string {
  const value = field(source, name);
  if (typeof value !== 'string' || value.trim() === '') {
    throw new ConfigError(`${where}.${name} must be a non-empty string`);
  }
  return value;
}

/** Turns a base URL into an absolute one without a trailing slash (Connect appends the path). */
function absoluteBase(value: string, origin: string, where: string): string {
  let url: URL;
  try {
    url = new URL(value, origin);
  } catch {
    throw new ConfigError(`${where} is not a URL: "${value}"`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new ConfigError(`${where} must use http or https: "${value}"`);
  }
  return url.href.replace(/\/+$/, '');
}

/**
 * Checks the JSON the server answered. Relative service URLs are resolved against `origin`, the
 * page's own origin, since the default deployment serves everything from one place.
 */
export function parseAppConfig(json: unknown, origin: string): AppConfig {
  const environment = field(json, 'environment');
  if (!isEnvironment(environment)) {
    throw new ConfigError(
      `Unknown environment "${String(environment)}"; expected one of ${ENVIRONMENTS.join(', ')}`,
    );
  }
  const oidc = field(json, 'oidc');
  const services = field(json, 'services');
  for (const name of Object.keys((services as object | null) ?? {})) {
    if (!isServiceName(name)) {
      throw new ConfigError(`Unknown service "${name}"; expected one of ${SERVICES.join(', ')}`);
    }
  }
  const bases = Object.fromEntries(
    SERVICES.map((name) => [
      name,
      absoluteBase(text(services, name, 'services'), origin, `services.${name}`),
    ]),
  ) as Record<ServiceName, string>;
  return {
    environment,
    oidc: {
      authority: absoluteBase(text(oidc, 'authority', 'oidc'), origin, 'oidc.authority'),
      clientId: text(oidc, 'clientId', 'oidc'),
      scope: text(oidc, 'scope', 'oidc'),
    },
    services: bases,
    gouv: parseGouv(field(json, 'gouv'), origin),
  };
}

function parseGouv(gouv: unknown, origin: string): GouvConfig {
  const minChars = field(gouv, 'addressMinChars');
  if (typeof minChars !== 'number' || !Number.isInteger(minChars) || minChars < 1) {
    throw new ConfigError('gouv.addressMinChars must be a positive integer');
  }
  return {
    addressApiUrl: absoluteBase(text(gouv, 'addressApiUrl', 'gouv'), origin, 'gouv.addressApiUrl'),
    geoApiUrl: absoluteBase(text(gouv, 'geoApiUrl', 'gouv'), origin, 'gouv.geoApiUrl'),
    addressMinChars: minChars,
  };
}

/** Base URL of one service; asking for a service the app does not know is a programming error. */
export function serviceUrl(config: AppConfig, service: string): string {
  if (!isServiceName(service)) {
    throw new ConfigError(`Unknown service "${service}"; expected one of ${SERVICES.join(', ')}`);
  }
  return config.services[service];
}

/** Reads `/app-config.json` from the page's origin; the app cannot start without it. */
export async function loadAppConfig(
  origin: string,
  fetchImpl: typeof fetch = fetch,
  path = '/app-config.json',
): Promise<AppConfig> {
  const response = await fetchImpl(new URL(path, origin), {
    headers: { accept: 'application/json' },
  });
  if (!response.ok) {
    throw new ConfigError(`${path} answered ${response.status}`);
  }
  return parseAppConfig(await response.json(), origin);
}
