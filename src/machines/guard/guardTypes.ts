import type { GuardLocation, GuardSession } from '../../domain/routing/guard.ts';

export interface GuardContext {
  readonly location: GuardLocation;
  readonly session: GuardSession;
  /** Where to go instead, query kept; set exactly while `redirecting`. */
  readonly redirectTo: string | null;
}

export interface GuardInput {
  readonly location: GuardLocation;
  readonly session: GuardSession;
}

export type GuardEvent =
  /** The browser is on a new path or query (every navigation). */
  | { type: 'guard.navigated'; pathname: string; search: string }
  /** What the session knows changed (signed in, user reloaded, signed out...). */
  | { type: 'guard.sessionChanged'; session: GuardSession };
