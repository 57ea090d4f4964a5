import './account.css';
import { lazy, Suspense } from 'react';
import { useLocation } from 'react-router';
import { SUBSCRIPTION_PAGE } from '../../machines/subscriptionGate/subscriptionGateMachine.ts';
import { useSession } from '../app/sessionContext.ts';
import { LegalTermsDialog } from './LegalTermsDialog.tsx';
import { NotificationStack } from './NotificationStack.tsx';
import { SubscriptionGateDialog } from './SubscriptionGateDialog.tsx';
import { TrialCallout } from './TrialCallout.tsx';

/** The live notices stream, its machine and contract: loaded apart, once signed in. */
const LiveNotices = lazy(() => import('./LiveNotices.tsx'));

const selectIsSignedIn = (s: { hasTag(tag: string): boolean }) => s.hasTag('ready');

const selectIsReadyVendor = (s: {
  hasTag(tag: string): boolean;
  context: { user: { vendorUuid: string | null } | null };
}) => s.hasTag('ready') && Boolean(s.context.user?.vendorUuid);

/**
 * The shell's overlays: the notification stacks (and, signed in, the live notices feeding them),
 * the subscription modal, the legal terms dialog
 * and, for a vendor on trial, a discreet banner with the days left (not on the subscription page,
 * which shows them itself).
 */
export function AccountOverlays() {
  const { pathname } = useLocation();
  const isVendor = useSession(selectIsReadyVendor);
  const signedIn = useSession(selectIsSignedIn);
  return (
    <>
      <NotificationStack />
      {signedIn && (
        <Suspense fallback={null}>
          <LiveNotices />
        </Suspense>
      )}
      <SubscriptionGateDialog />
      <LegalTermsDialog />
      {isVendor && pathname !== SUBSCRIPTION_PAGE && <TrialCallout variant="banner" />}
    </>
  );
}
