import type { SnapshotFrom } from 'xstate';
import type { SessionUser } from '../session/sessionTypes.ts';
import type { sessionMachine } from '../session/sessionMachine.ts';

type LegalFacts = Pick<
  SessionUser,
  'vendorUuid' | 'customerUuid' | 'acceptedLegalTermAt' | 'legalTermsUpdatedAt'
>;

/**
 * 2-business-data.md §1: a vendor or customer who never accepted, or accepted before the terms'
 * last update, must accept. Staff without a record of their own never see the terms.
 */
export function mustAcceptLegalTerms(user: LegalFacts | null): boolean {
  if (!user || (!user.vendorUuid && !user.customerUuid)) return false;
  if (!user.acceptedLegalTermAt) return true;
  return (
    user.legalTermsUpdatedAt !== null &&
    user.acceptedLegalTermAt.getTime() < user.legalTermsUpdatedAt.getTime()
  );
}

/** The session's answer, once the user is loaded. */
export const selectMustAcceptLegalTerms = (s: SnapshotFrom<typeof sessionMachine>): boolean =>
  s.hasTag('ready') && mustAcceptLegalTerms(s.context.user);
