import { useActorRef, useSelector } from '@xstate/react';
import { useEffect } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { guardMachine } from '../../../machines/guard/guardMachine.ts';
import {
  sameGuardSession,
  selectDecidedFor,
  selectDecidedSession,
  selectGuardSession,
  selectRedirectTo,
  selectVerdict,
} from '../../../machines/guard/guardSelectors.ts';
import { FailedView } from '../FailedView.tsx';
import { SignInView } from '../../session/SignInView.tsx';
import { useSession, useSessionActor } from '../sessionContext.ts';
import { routeNameOf } from './pageTitle.ts';

/**
 * Where the route guard (1-app-shell.md §6) decides between the page and a redirect. The guard
 * machine hears every navigation and every change of the session; this outlet renders its verdict
 * and, for a signed-out visitor, asks the session to sign in and come back here (query kept).
 */
export function GuardedOutlet() {
  const { pathname, search } = useLocation();
  const here = `${pathname}${search}`;
  const session = useSession(selectGuardSession, sameGuardSession);
  const sessionActor = useSessionActor();
  const guard = useActorRef(guardMachine, { input: { location: { pathname, search }, session } });
  const verdict = useSelector(guard, selectVerdict);
  const redirectTo = useSelector(guard, selectRedirectTo);
  const decidedFor = useSelector(guard, selectDecidedFor);
  const decidedSession = useSelector(guard, selectDecidedSession);

  useEffect(() => {
    guard.send({ type: 'guard.navigated', pathname, search });
  }, [guard, pathname, search]);
  useEffect(() => {
    guard.send({ type: 'guard.sessionChanged', session });
  }, [guard, session]);

  const current = decidedFor === here && decidedSession === session;
  useEffect(() => {
    if (current && verdict === 'signIn')
      sessionActor.send({ type: 'session.signIn', returnTo: here });
  }, [current, verdict, sessionActor, here]);

  if (!current) {
    // Between a navigation and the guard's answer: a new query or parameter of an allowed screen
    // keeps it mounted (the verdict only depends on the route); a new screen waits one render.
    const sameScreen =
      decidedSession === session &&
      routeNameOf(decidedFor.split('?')[0]!) === routeNameOf(pathname);
    return verdict === 'allow' && sameScreen ? <Outlet /> : null;
  }
  switch (verdict) {
    case 'allow':
      return <Outlet />;
    case 'redirect':
      return <Navigate to={redirectTo ?? '/'} replace />;
    case 'sessionFailed':
      return <FailedView />;
    case 'signIn':
    case 'wait':
      return <SignInView />;
  }
}
