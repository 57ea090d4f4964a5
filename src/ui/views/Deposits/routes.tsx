import type { RouteObject } from 'react-router';

/** This area's routes (paths and aliases of 1-app-shell.md §2), mounted by the app's router. */
export const depositRoutes: RouteObject[] = [];
