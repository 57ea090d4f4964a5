import { useSelector } from '@xstate/react';
import { createContext, startTransition, useContext, useEffect, useState } from 'react';
import type { ActorRefFrom, SnapshotFrom } from 'xstate';
import type { PublishLogic } from '../../machines/publish/publishActors.ts';

type PublishActor = ActorRefFrom<PublishLogic>;
type PublishSnapshot = SnapshotFrom<PublishLogic>;

/** The publish actor of the open dialog, shared by its parts. */
export const PublishActorContext = createContext<PublishActor | null>(null);

export function usePublishActor(): PublishActor {
  const actor = useContext(PublishActorContext);
  if (!actor) throw new Error('usePublishActor needs <PublishDialog>');
  return actor;
}

/** One narrow read of the publish machine. */
export function usePublish<T>(
  selector: (s: PublishSnapshot) => T,
  compare?: (a: T, b: T) => boolean,
): T {
  return useSelector(usePublishActor(), selector, compare);
}

/**
 * A read of the publish machine refreshed at most every `every` ms while `throttled(snapshot)`
 * holds, at once otherwise, and drawn as a transition. For what is heavy to draw (the results
 * table): the progress moves every frame, the table need not. `selector` must be stable (defined outside the component).
 */
export function usePublishThrottled<T>(
  selector: (s: PublishSnapshot) => T,
  throttled: (s: PublishSnapshot) => boolean,
  every: number,
): T {
  const actor = usePublishActor();
  const [value, setValue] = useState(() => selector(actor.getSnapshot()));
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    let last = 0;
    const refresh = () => {
      timer = undefined;
      last = Date.now();
      const next = selector(actor.getSnapshot());
      // A transition: React draws it in slices between frames, never as one long task.
      startTransition(() => setValue(() => next));
    };
    refresh();
    const sub = actor.subscribe((snapshot) => {
      if (!throttled(snapshot)) {
        clearTimeout(timer);
        refresh();
      } else if (timer === undefined) {
        timer = setTimeout(refresh, Math.max(0, last + every - Date.now()));
      }
    });
    return () => {
      clearTimeout(timer);
      sub.unsubscribe();
    };
  }, [actor, selector, throttled, every]);
  return value;
}
