import type { SnapshotFrom } from 'xstate';
import { isAdminLevel } from '../../domain/roles.ts';
import type { sessionMachine } from '../../machines/session/sessionMachine.ts';

type Snapshot = SnapshotFrom<typeof sessionMachine>;

/**
 * The shell's narrow reads of the signed-in user (side bar, user block, top bar, messaging): one
 * primitive each, so the shell re-renders only when what it shows changes.
 */
export const selectShellFirstName = (s: Snapshot): string => s.context.user?.firstName ?? '';
export const selectShellLastName = (s: Snapshot): string => s.context.user?.lastName ?? '';
export const selectShellPicture = (s: Snapshot): string => s.context.user?.profilPicture ?? '';
export const selectShellRole = (s: Snapshot) => s.context.user?.role ?? null;
/** The groups joined with commas (a string, so equal groups never re-render). */
export const selectShellGroups = (s: Snapshot): string => (s.context.user?.groups ?? []).join(',');
/** Support answers tickets: admin-level users. */
export const selectIsSupport = (s: Snapshot): boolean => isAdminLevel(s.context.user?.groups ?? []);
/** 'Contact us' is for vendors only (1-app-shell.md §6): the main role decides. */
export const selectCanContactUs = (s: Snapshot): boolean => s.context.user?.role === 'Vendor';
/**
 * Who may write to support from the inbox: vendors and customers (not support itself, which
 * answers instead).
 */
export const selectCanWriteToSupport = (s: Snapshot): boolean =>
  s.context.user?.role === 'Vendor' || s.context.user?.role === 'Customer';
