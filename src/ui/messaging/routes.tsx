import type { RouteObject } from 'react-router';
import { MessagingView } from './MessagingView.tsx';

/** This area's routes: the messaging inbox (/messaging). Access comes from the route table, not from here. */
export const messagingRoutes: RouteObject[] = [{ path: 'messaging', element: <MessagingView /> }];
