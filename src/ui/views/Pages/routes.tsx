import type { RouteObject } from 'react-router';

/** This area's routes: stock, stats, stats-new and invoices. Access comes from the route table, not from here. */
export const pagesRoutes: RouteObject[] = [];
