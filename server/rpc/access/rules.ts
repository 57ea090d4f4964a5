import type { DescService } from '@bufbuild/protobuf';
import type { GenService, GenServiceMethods } from '@bufbuild/protobuf/codegenv2';
import type { Caller } from '../caller.ts';

/**
 * Who a call comes from, as the authorisation table names it: the caller's main role
 * (src/domain/roles.ts), `NoGroup` for a signed-in user who has not chosen a type yet, and
 * `Visitor` for a call without a token.
 */
export const ROLES = ['Visitor', 'NoGroup', 'Customer', 'Vendor', 'Admin', 'Developer'] as const;
export type Role = (typeof ROLES)[number];

/** The role an access decision reads: never the request, always the verified caller. */
export function roleOf(caller: Caller | null): Role {
  if (!caller) return 'Visitor';
  // Company is only a flag (mainRole never answers it); a caller without a main role has none yet.
  return caller.role === null || caller.role === 'Company' ? 'NoGroup' : caller.role;
}

/**
 * A field of the request naming a row of another table: the caller must be allowed to `read` (or
 * `write`) that row under the table's row policy (server/crud/policies.ts), or the call is refused
 * before its handler runs. `path` is the field's path by local names (`rateSlide.deposit`); a
 * repeated field names several rows, each checked.
 */
export interface Reference {
  readonly path: string;
  readonly table: string;
  readonly mode: 'read' | 'write';
}

/** One method's entry: checked by the access interceptor before any handler runs. */
export interface MethodRule {
  /** Roles that may call the method at all; any other is refused with FORBIDDEN. */
  readonly roles: readonly Role[];
  /** The subscription gate (1-app-shell.md §4) applies: vendors without a plan are refused. */
  readonly gate: boolean;
  /** The table whose row policy decides which rows the method sees or changes; null when none. */
  readonly scope: string | null;
  readonly references: readonly Reference[];
  /** The public form's calls: the draft token names the rows, and the handler checks it. */
  readonly draftToken: boolean;
}

/** Every method of one generated service, each with its rule: a missing method fails `tsc`. */
export type ServiceRules<S extends GenServiceMethods> = {
  readonly [M in keyof S]: MethodRule;
};

/** One service of the table with its methods' rules. */
export interface ServiceEntry {
  readonly service: DescService;
  readonly methods: Readonly<Record<string, MethodRule>>;
}

/** Binds a generated service to its rules, so the compiler checks the method names. */
export function rulesFor<S extends GenServiceMethods>(
  service: GenService<S>,
  methods: ServiceRules<S>,
): ServiceEntry {
  return { service, methods: methods as Readonly<Record<string, MethodRule>> };
}

// Role sets, named by who they admit.
export const STAFF: readonly Role[] = ['Admin', 'Developer'];
/** Vendors and staff: the vendor side of the app. */
export const VENDORS: readonly Role[] = ['Vendor', ...STAFF];
/** Anyone with a role: customers read their own rows through the row policies. */
export const MEMBERS: readonly Role[] = ['Customer', ...VENDORS];
/** Any signed-in user, even one who has not chosen a type yet. */
export const SIGNED_IN: readonly Role[] = ['NoGroup', ...MEMBERS];
/** Everyone, visitors of the public deposit form included. */
export const EVERYONE: readonly Role[] = ['Visitor', ...SIGNED_IN];

/** A rule; `gate` false and no references unless given. */
export function rule(
  roles: readonly Role[],
  scope: string | null,
  options: { gate?: boolean; references?: readonly Reference[]; draftToken?: boolean } = {},
): MethodRule {
  return {
    roles,
    scope,
    gate: options.gate ?? false,
    references: options.references ?? [],
    draftToken: options.draftToken ?? false,
  };
}

/** A reference the caller must be able to read. */
export function reads(path: string, table: string): Reference {
  return { path, table, mode: 'read' };
}

/** A reference the caller must be able to write. */
export function writes(path: string, table: string): Reference {
  return { path, table, mode: 'write' };
}
