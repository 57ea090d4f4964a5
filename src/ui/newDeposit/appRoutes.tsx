import type { RouteObject } from 'react-router';
import { lazyView } from '../app/routing/lazyView.tsx';
import { depositFlowRoutes, type FlowPages } from './routes.tsx';

// The app's flow and its screens come with its first route, as one chunk.
const appFlow = () => import('./AppDepositFlow.tsx');
const AppDepositFlow = lazyView(() => appFlow().then((m) => m.AppDepositFlow));
const appPages: FlowPages = {
  ContactStep: lazyView(() => appFlow().then((m) => m.ContactStep)),
  CriteriaStep: lazyView(() => appFlow().then((m) => m.CriteriaStep)),
  InfoStep: lazyView(() => appFlow().then((m) => m.InfoStep)),
  ValidationPage: lazyView(() => appFlow().then((m) => m.ValidationPage)),
};

/** This area's routes, mounted by the app's router. */
export const newDepositRoutes: RouteObject[] = depositFlowRoutes(<AppDepositFlow />, appPages);
