import path from 'node:path';

/** Everything a deployment may change, read once from the environment. */
export interface ServerConfig {
  readonly port: number;
  readonly host: string;
  /** Origin the browser uses; the embedded issuer and redirect URIs derive from it. */
  readonly publicUrl: string | undefined;
  readonly databaseUrl: string | undefined;
  readonly dataDir: string;
  readonly staticDir: string;
  readonly environment: 'local' | 'development' | 'staging' | 'production';
  readonly oidc: {
    /** External issuer; when unset the embedded provider runs with the demo accounts. */
    readonly issuer: string | undefined;
    readonly clientId: string;
    readonly audience: string;
    readonly groupsClaim: string;
    readonly scope: string;
    readonly jwksUri: string | undefined;
  };
}

const ENVIRONMENTS = ['local', 'development', 'staging', 'production'] as const;

export function loadConfig(env: NodeJS.ProcessEnv = process.env): ServerConfig {
  const environment = (env.SECONDE_ENV ?? 'local') as ServerConfig['environment'];
  if (!ENVIRONMENTS.includes(environment)) {
    throw new Error(`SECONDE_ENV must be one of ${ENVIRONMENTS.join(', ')}, not "${environment}"`);
  }
  const port = Number(env.PORT ?? 8080);
  if (!Number.isInteger(port) || port < 0 || port > 65535)
    throw new Error(`PORT is not a port number: ${env.PORT}`);
  return {
    port,
    host: env.HOST ?? '127.0.0.1',
    publicUrl: env.PUBLIC_URL,
    databaseUrl: env.DATABASE_URL || undefined,
    dataDir: path.resolve(env.DATA_DIR ?? 'data'),
    staticDir: path.resolve(env.STATIC_DIR ?? 'dist'),
    environment,
    oidc: {
      issuer: env.OIDC_ISSUER || undefined,
      clientId: env.OIDC_CLIENT_ID ?? 'seconde-spa',
      audience: env.OIDC_AUDIENCE ?? 'urn:seconde:api',
      groupsClaim: env.OIDC_GROUPS_CLAIM ?? 'groups',
      scope: env.OIDC_SCOPES ?? 'openid profile email offline_access',
      jwksUri: env.OIDC_JWKS_URI || undefined,
    },
  };
}
