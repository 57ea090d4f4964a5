import path from 'node:path';
import type { S3Settings } from './media/s3Storage.ts';
import {
  loadConnectorSettings,
  type ConnectorSettings,
} from './services/connectors/connectorSettings.ts';
import {
  DEFAULT_LEGAL_TERMS_UPDATED_AT,
  DEFAULT_MONTHLY_GENERATION_QUOTA,
  DEFAULT_SETTINGS,
  type BusinessSettings,
} from './services/deps.ts';
import { loadPlatformIdentity } from './services/invoices/platform.ts';
import { loadBillingSettings, type BillingSettings } from './services/billing/billingSettings.ts';
import {
  loadShippingSettings,
  type ShippingSettings,
} from './services/shipping/shippingSettings.ts';

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
  /** Outgoing mail; without an SMTP URL mail stays in the outbox that admins read in the app. */
  readonly mail: { readonly smtpUrl: string | undefined; readonly from: string | undefined };
  readonly settings: BusinessSettings;
  /** Base URLs of the French government address and geography services (the public form). */
  readonly gouv: {
    readonly addressApiUrl: string;
    readonly geoApiUrl: string;
    readonly addressMinChars: number;
  };
  /** Base URL of the resale marketplace's web JSON (wardrobe import); tests use a local double. */
  readonly marketplaceApiUrl: string;
  /** An S3-compatible bucket for photos; unset keeps them in the data folder. */
  readonly s3: S3Settings | undefined;
  /** Sales channels' credentials (eBay, Shopify), or their built-in sandbox on local installs. */
  readonly connectors: ConnectorSettings;
  /** The payment provider (Stripe) keys and plan prices, or its built-in sandbox on local installs. */
  readonly billing: BillingSettings;
  /** The multi-carrier API (Sendcloud) keys, or its built-in sandbox on local installs. */
  readonly shipping: ShippingSettings;
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
    mail: { smtpUrl: env.SMTP_URL || undefined, from: env.MAIL_FROM || undefined },
    settings: {
      priorityDepartments: (env.PRIORITY_DEPARTMENTS ?? '')
        .split(',')
        .map((d) => d.trim())
        .filter(Boolean),
      maxPendingDeposits: positiveInteger(
        env.MAX_PENDING_DEPOSITS,
        DEFAULT_SETTINGS.maxPendingDeposits,
        'MAX_PENDING_DEPOSITS',
      ),
      supportEmail: env.SUPPORT_EMAIL || undefined,
      monthlyGenerationQuota: positiveInteger(
        env.MONTHLY_GENERATION_QUOTA,
        DEFAULT_MONTHLY_GENERATION_QUOTA,
        'MONTHLY_GENERATION_QUOTA',
      ),
      platform: loadPlatformIdentity(env),
      legalTermsUpdatedAt: dateSetting(
        env.LEGAL_TERMS_UPDATED_AT,
        DEFAULT_LEGAL_TERMS_UPDATED_AT,
        'LEGAL_TERMS_UPDATED_AT',
      ),
    },
    gouv: {
      addressApiUrl: (env.ADDRESS_API_URL ?? 'https://api-adresse.data.gouv.fr').replace(/\/$/, ''),
      geoApiUrl: (env.GEO_API_URL ?? 'https://geo.api.gouv.fr').replace(/\/$/, ''),
      addressMinChars: positiveInteger(env.ADDRESS_MIN_CHARS, 3, 'ADDRESS_MIN_CHARS'),
    },
    marketplaceApiUrl: (env.MARKETPLACE_API_URL || 'https://www.vinted.fr').replace(/\/$/, ''),
    connectors: loadConnectorSettings(env, environment),
    billing: loadBillingSettings(env, environment),
    shipping: loadShippingSettings(env, environment),
    s3: s3Settings(env),
  };
}

const S3_REQUIRED = [
  'S3_ENDPOINT',
  'S3_BUCKET',
  'S3_ACCESS_KEY_ID',
  'S3_SECRET_ACCESS_KEY',
] as const;

/** All four S3 settings, or none (photos stay in the data folder); half a setup is an error. */
function s3Settings(env: NodeJS.ProcessEnv): S3Settings | undefined {
  const missing = S3_REQUIRED.filter((name) => !env[name]);
  if (missing.length === S3_REQUIRED.length) return undefined;
  if (missing.length) throw new Error(`S3 storage needs ${missing.join(', ')} as well`);
  return {
    endpoint: env.S3_ENDPOINT!,
    bucket: env.S3_BUCKET!,
    accessKeyId: env.S3_ACCESS_KEY_ID!,
    secretAccessKey: env.S3_SECRET_ACCESS_KEY!,
    region: env.S3_REGION || 'us-east-1',
  };
}

function positiveInteger(value: string | undefined, fallback: number, name: string): number {
  if (value === undefined || value === '') return fallback;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 1)
    throw new Error(`${name} must be a positive integer: ${value}`);
  return n;
}

/** An ISO 8601 date or date-time (`2026-03-01` or `2026-03-01T09:00:00Z`). */
function dateSetting(value: string | undefined, fallback: Date, name: string): Date {
  if (value === undefined || value === '') return fallback;
  const date = new Date(value);
  if (!/^\d{4}-\d{2}-\d{2}/.test(value) || Number.isNaN(date.getTime()))
    throw new Error(`${name} must be an ISO date such as 2026-03-01: ${value}`);
  return date;
}
