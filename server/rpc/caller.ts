import { createContextKey } from '@connectrpc/connect';
import { isAdminLevel, mainRole, type GroupName } from '../../src/domain/roles.ts';

/**
 * Who is calling, resolved once per request on the server: the verified identity, its main role
 * and the vendor or customer record it owns. Every access decision reads this, never the request.
 */
export interface Caller {
  readonly sub: string;
  readonly email: string;
  readonly givenName: string;
  readonly familyName: string;
  readonly groups: readonly string[];
  readonly role: GroupName | null;
  readonly isAdminLevel: boolean;
  readonly vendorUuid: string | null;
  readonly customerUuid: string | null;
}

export const callerKey = createContextKey<Caller | null>(null, { description: 'caller' });

export function makeCaller(
  identity: {
    sub: string;
    email: string;
    groups: readonly string[];
    givenName?: string;
    familyName?: string;
  },
  records: { vendorUuid: string | null; customerUuid: string | null },
): Caller {
  return {
    sub: identity.sub,
    email: identity.email,
    givenName: identity.givenName ?? '',
    familyName: identity.familyName ?? '',
    groups: identity.groups,
    role: mainRole(identity.groups),
    isAdminLevel: isAdminLevel(identity.groups),
    vendorUuid: records.vendorUuid,
    customerUuid: records.customerUuid,
  };
}
