import type { Kysely } from 'kysely';
import type { Mailer } from '../mail/outbox.ts';

/** Business settings a deployment may change; tests build their own. */
export interface BusinessSettings {
  /** French departments where the marketplace is not open yet ('Bientôt disponible'). */
  readonly priorityDepartments: readonly string[];
  /** A vendor with this many deposits waiting to be worked on may not request another. */
  readonly maxPendingDeposits: number;
}

export const DEFAULT_SETTINGS: BusinessSettings = {
  priorityDepartments: [],
  maxPendingDeposits: 5,
};

/**
 * What hand-written services receive through their factory: the database, the clock (so tests move
 * time), the mailer and the business settings. Nothing reaches for globals.
 */
export interface ServiceDeps {
  readonly db: Kysely<unknown>;
  readonly clock: () => Date;
  readonly mailer: Mailer;
  readonly settings: BusinessSettings;
}

/** Handlers by method local name, as Connect's router takes them. */
export type Handlers = Record<string, unknown>;
/** Hand-written handlers by service type name; they replace the generic ones of the same name. */
export type ServiceHandlers = Record<string, Handlers>;
