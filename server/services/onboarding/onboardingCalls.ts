import type { ServiceDeps, ServiceHandlers } from '../deps.ts';

/** Hand-written calls of the app shell: user-type choice and onboarding. */
export function onboardingCallsHandlers(_deps: ServiceDeps): ServiceHandlers {
  return {};
}
