import type { RouteObject } from 'react-router';

/** This area's routes: the messaging inbox (/messaging). Access comes from the route table, not from here. */
export const messagingRoutes: RouteObject[] = [];
