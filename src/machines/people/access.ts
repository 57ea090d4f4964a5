import type { SnapshotFrom } from 'xstate';
import type { GroupName } from '../../domain/roles.ts';
import type { sessionMachine } from '../session/sessionMachine.ts';

type Snapshot = SnapshotFrom<typeof sessionMachine>;

/**
 * Who may open which screen of this area (1-app-shell.md §2, "allowed groups"; Developer always
 * passes). Narrow session reads, one boolean or string each, for `useSession`.
 */
function hasAnyGroup(allowed: readonly GroupName[]) {
  return (s: Snapshot): boolean => {
    const groups = s.context.user?.groups ?? [];
    return groups.includes('Developer') || allowed.some((group) => groups.includes(group));
  };
}

/** Customer list and customer pages: Developer, Vendor. */
export const selectCanSeeContacts = hasAnyGroup(['Vendor']);
/** Vendor list and vendor pages, deposit requests, outbox: Developer, Admin. */
export const selectIsAdminLevel = hasAnyGroup(['Admin']);
/** Marketplace: Developer, Admin, Vendor. */
export const selectCanSeeMarketplace = hasAnyGroup(['Admin', 'Vendor']);
/** The signed-in customer's own dressing. */
export const selectIsCustomer = (s: Snapshot): boolean => s.context.user?.role === 'Customer';

export const selectVendorUuid = (s: Snapshot): string | null => s.context.user?.vendorUuid ?? null;
export const selectCustomerUuid = (s: Snapshot): string | null =>
  s.context.user?.customerUuid ?? null;
