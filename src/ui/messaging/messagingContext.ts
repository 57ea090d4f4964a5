import { createContext, useContext } from 'react';
import type { ActorRefFrom } from 'xstate';
import type { messagingMachine } from '../../machines/messaging/messagingMachine.ts';

export type MessagingActor = ActorRefFrom<typeof messagingMachine>;

/** The inbox's actor for its list and conversation panes. */
export const MessagingContext = createContext<MessagingActor | null>(null);

export function useMessagingActor(): MessagingActor {
  const actor = useContext(MessagingContext);
  if (!actor) throw new Error('useMessagingActor needs <MessagingContext.Provider>');
  return actor;
}
