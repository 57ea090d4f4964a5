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
  /**
   * The token's groups plus the groups a linked record stands for ('Vendor' for a vendor record,
   * 'Customer' for a customer record): a user who chose their type on the user-type screen gets
   * no new group from the identity provider, so the record is what makes them a vendor or customer.
   */
  readonly groups: readonly string[];
  readonly role: GroupName | null;
  readonly isAdminLevel: boolean;
  readonly vendorUuid: string | null;
  readonly customerUuid: string | null;
}

export const callerKey = createContextKey<Caller | null>(null, { description: 'caller' });

/** Token groups ∪ the groups of the records linked to the identity (order kept, no duplicates). */
export function callerGroups(
  tokenGroups: readonly string[],
  records: { vendorUuid: string | null; customerUuid: string | null },
): string[] {
  const groups = [...tokenGroups];
  if (records.vendorUuid && !groups.includes('Vendor')) groups.push('Vendor');
  if (records.customerUuid && !groups.includes('Customer')) groups.push('Customer');
  return groups;
}

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
  const groups = callerGroups(identity.groups, records);
  return {
    sub: identity.sub,
    email: identity.email,
    givenName: identity.givenName ?? '',
    familyName: identity.familyName ?? '',
    groups,
    role: mainRole(groups),
    isAdminLevel: isAdminLevel(groups),
    vendorUuid: records.vendorUuid,
    customerUuid: records.customerUuid,
  };
}
