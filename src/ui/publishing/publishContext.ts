import { useSelector } from '@xstate/react';
import { createContext, useContext } from 'react';
import type { ActorRefFrom, SnapshotFrom } from 'xstate';
import type { PublishLogic } from '../../machines/publish/publishActors.ts';

type PublishActor = ActorRefFrom<PublishLogic>;

/** The publish actor of the open dialog, shared by its parts. */
export const PublishActorContext = createContext<PublishActor | null>(null);

export function usePublishActor(): PublishActor {
  const actor = useContext(PublishActorContext);
  if (!actor) throw new Error('usePublishActor needs <PublishDialog>');
  return actor;
}

/** One narrow read of the publish machine. */
export function usePublish<T>(
  selector: (s: SnapshotFrom<PublishLogic>) => T,
  compare?: (a: T, b: T) => boolean,
): T {
  return useSelector(usePublishActor(), selector, compare);
}
