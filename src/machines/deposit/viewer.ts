import type { SnapshotFrom } from 'xstate';
import { isAdminLevel } from '../../domain/roles.ts';
import type { sessionMachine } from '../session/sessionMachine.ts';

type Session = SnapshotFrom<typeof sessionMachine>;

/**
 * Narrow session reads the deposit screens need to build their machines' viewer (one primitive
 * each, for `useSession`).
 */
export const selectViewerIsAdminLevel = (s: Session): boolean =>
  isAdminLevel(s.context.user?.groups ?? []);
export const selectViewerVendorUuid = (s: Session): string | null =>
  s.context.user?.vendorUuid ?? null;
export const selectViewerIsCustomer = (s: Session): boolean => s.context.user?.role === 'Customer';
/** Deposit pages: Developer, Admin, Vendor (1-app-shell.md §2). */
export const selectMayOpenDeposit = (s: Session): boolean => {
  const groups = s.context.user?.groups ?? [];
  return ['Developer', 'Admin', 'Vendor'].some((g) => groups.includes(g));
};
