import { Spinner } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { Navigate } from 'react-router';
import { selectGate, selectIsSignedIn, selectReturnTo } from '../../machines/session/selectors.ts';
import { PageState } from '../components/PageState.tsx';
import { FailedView } from './FailedView.tsx';
import { useSession } from './sessionContext.ts';

/**
 * Return point of sign-in. The session machine processes the provider's answer on start; this
 * route waits for it, then replaces itself with the page the user was on (query kept), where the
 * route guard takes over.
 */
export function OidcCallbackRoute() {
  const { t } = useTranslation();
  const isSignedIn = useSession(selectIsSignedIn);
  const returnTo = useSession(selectReturnTo);
  const gate = useSession(selectGate);

  if (isSignedIn) return <Navigate to={returnTo ?? '/'} replace />;
  if (gate === 'failed') return <FailedView />;
  if (gate === 'signedOut') return <Navigate to="/" replace />;
  return (
    <PageState
      testId="oidc-callback"
      icon={<Spinner aria-label={t('publicPages.callbackTitle')} />}
      title={t('publicPages.callbackTitle')}
      description={t('publicPages.callbackDescription')}
    />
  );
}
