import { useEffect, type ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { selectGate } from '../../machines/session/selectors.ts';
import { FailedView } from '../views/Failed/FailedView.tsx';
import { SignInView } from '../views/SignIn/SignInView.tsx';
import { useSession, useSessionActor } from './sessionContext.ts';

/**
 * Guards the signed-in area (1-app-shell.md §6): a signed-out visitor is sent to the provider
 * and brought back to the same path and query; identities without a group or record go to
 * their public pages. It only reads the machine's verdict and sends its intent.
 */
export function RequireSession({ children }: { children: ReactNode }) {
  const gate = useSession(selectGate);
  const session = useSessionActor();
  const { pathname, search } = useLocation();

  useEffect(() => {
    if (gate === 'signedOut')
      session.send({ type: 'session.signIn', returnTo: `${pathname}${search}` });
  }, [gate, session, pathname, search]);

  switch (gate) {
    case 'ready':
      return children;
    case 'noGroup':
      return <Navigate to="/no-group" replace />;
    case 'unrecognised':
      return <Navigate to="/unrecognized-user" replace />;
    case 'failed':
      return <FailedView />;
    case 'busy':
    case 'signedOut':
      return <SignInView />;
  }
}
