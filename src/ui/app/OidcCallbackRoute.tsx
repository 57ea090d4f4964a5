import { Navigate } from 'react-router';
import { selectGate, selectIsSignedIn, selectReturnTo } from '../../machines/session/selectors.ts';
import { FailedView } from '../views/Failed/FailedView.tsx';
import { SignInView } from '../views/SignIn/SignInView.tsx';
import { useSession } from './sessionContext.ts';

/**
 * Return point of sign-in. The session machine processes the provider's answer on start; this
 * route waits for it, then replaces itself with the page the user was on (query kept).
 */
export function OidcCallbackRoute() {
  const isSignedIn = useSession(selectIsSignedIn);
  const returnTo = useSession(selectReturnTo);
  const gate = useSession(selectGate);

  if (isSignedIn) return <Navigate to={returnTo ?? '/'} replace />;
  if (gate === 'failed') return <FailedView />;
  if (gate === 'signedOut') return <Navigate to="/" replace />;
  return <SignInView />;
}
