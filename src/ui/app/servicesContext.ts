import { createContext, useContext } from 'react';
import type { AppServices } from './services.ts';

/**
 * The page load's services (typed RPC clients) for views that build their own machines: a view
 * hands `useAppServices().clients` to its machine's actor factory and never calls RPC itself.
 */
export const ServicesContext = createContext<AppServices | null>(null);

export function useAppServices(): AppServices {
  const services = useContext(ServicesContext);
  if (!services) throw new Error('useAppServices needs <ServicesContext.Provider> (App.tsx)');
  return services;
}
