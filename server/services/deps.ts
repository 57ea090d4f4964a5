import type { MediaStorage } from '../media/storage.ts';
import type { DocumentStore } from '../documents/store.ts';
import type { ProofStore } from './companies/proofStore.ts';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.gen.ts';
import type { Mailer } from '../mail/outbox.ts';
import type { TaskQueue } from './tasks/taskQueue.ts';
import type { PlainRoutes } from '../http/plainRoutes.ts';
import type { ConnectorSettings } from './connectors/connectorSettings.ts';
import type { BillingSettings } from './billing/billingSettings.ts';
import type { ShippingSettings } from './shipping/shippingSettings.ts';

/** Business settings a deployment may change; tests build their own. */
export interface BusinessSettings {
  /** French departments where the marketplace is not open yet ('Bientôt disponible'). */
  readonly priorityDepartments: readonly string[];
  /** A vendor with this many deposits waiting to be worked on may not request another. */
  readonly maxPendingDeposits: number;
  /** Where a copy of every new support ticket and author answer goes; none when unset. */
  readonly supportEmail?: string | undefined;
  /**
   * When the legal terms in force were last updated: vendors and customers who accepted before
   * must accept again. Unset means DEFAULT_LEGAL_TERMS_UPDATED_AT.
   */
  readonly legalTermsUpdatedAt?: Date;
  /**
   * Name and price generations a vendor may run per calendar month (UTC), both counted together.
   * Unset means DEFAULT_MONTHLY_GENERATION_QUOTA.
   */
  readonly monthlyGenerationQuota?: number;
  /**
   * Who the platform is on the invoices it issues (its commission to vendors). Unset means the
   * demo identity of server/services/invoices/platform.ts.
   */
  readonly platform?: PlatformIdentity;
}

/** The platform as an invoice issuer: CGI art. 242 nonies A asks for each of these. */
export interface PlatformIdentity {
  readonly name: string;
  readonly siret: string;
  readonly vatNumber: string;
  readonly addressLines: readonly string[];
  readonly postalCode: string;
  readonly city: string;
  readonly countryCode: string;
  readonly email?: string;
  /** VAT on the commission, in percent (normal regime, 20 in France). */
  readonly vatRatePercent: number;
  /** Days from issue to due date. */
  readonly paymentDays: number;
}

/** Generations per vendor and month when a deployment sets none. */
export const DEFAULT_MONTHLY_GENERATION_QUOTA = 100;

/**
 * The terms' date of a deployment that never set LEGAL_TERMS_UPDATED_AT: before any acceptance the
 * demo data records, so nobody is asked again until an operator moves it.
 */
export const DEFAULT_LEGAL_TERMS_UPDATED_AT = new Date('2024-01-01T00:00:00Z');

export const DEFAULT_SETTINGS: BusinessSettings = {
  priorityDepartments: [],
  maxPendingDeposits: 5,
};

/** The legal terms' last update in force under these settings. */
export function legalTermsUpdatedAt(settings: BusinessSettings): Date {
  return settings.legalTermsUpdatedAt ?? DEFAULT_LEGAL_TERMS_UPDATED_AT;
}

/**
 * What hand-written services receive through their factory: the database, the clock (so tests move
 * time), the mailer, the business settings and the task queue. Nothing reaches for globals.
 */
export interface ServiceDeps {
  readonly db: Kysely<Database>;
  readonly clock: () => Date;
  readonly mailer: Mailer;
  readonly settings: BusinessSettings;
  /** Background tasks (imports): runners register on it, calls enqueue on it. */
  readonly tasks: TaskQueue;
  /** Base URL of the resale marketplace's web JSON the wardrobe import reads (MARKETPLACE_API_URL). */
  readonly marketplaceApiUrl: string;
  /** Where photos and their variants are stored (a folder by default, a bucket when configured). */
  readonly media: MediaStorage;
  /** Issued documents (invoices, receipts): private, downloaded through checked calls only. */
  readonly documents: DocumentStore;
  /** Companies' proofs of registration (Kbis): private like the documents, under keys of their own. */
  readonly proofs: ProofStore;
  /** Plain HTTP routes (shop pages, OAuth returns, webhooks): areas add theirs at build time. */
  readonly http: PlainRoutes;
  /** The origin the browser uses (known once the server listens): for absolute links. */
  readonly publicUrl: () => string;
  /** eBay and Shopify credentials and addresses, or the built-in sandbox. */
  readonly connectors: ConnectorSettings;
  /** The payment provider's keys, plans and prices, or its built-in sandbox. */
  readonly billing: BillingSettings;
  /** The multi-carrier API's keys and addresses (labels, relay points), or its built-in sandbox. */
  readonly shipping: ShippingSettings;
}
