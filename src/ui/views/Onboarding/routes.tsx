import type { RouteObject } from 'react-router';

/** This area's routes: the user-type choice and the vendor and customer onboarding (/onboarding...). Access comes from the route table, not from here. */
export const onboardingRoutes: RouteObject[] = [];
