import type { RouteObject } from 'react-router';
import { lazyView } from '../app/routing/lazyView.tsx';

const MessagingView = lazyView(() => import('./MessagingView.tsx').then((m) => m.MessagingView));

/** This area's routes: the messaging inbox (/messaging). Access comes from the route table, not from here. */
export const messagingRoutes: RouteObject[] = [{ path: 'messaging', element: <MessagingView /> }];
