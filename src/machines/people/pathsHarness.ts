import { fromPromise, type AnyActorLogic, type createActor, type EventObject } from 'xstate';

/**
 * Replays generated paths against a real machine: promise actors wait until the path settles
 * them, so every `xstate.done.actor.<id>` / `xstate.error.actor.<id>` step runs the machine's own
 * transition. Test support only (the paths tests), never imported by the app.
 */
export function deferredActors(ids: readonly string[]) {
  const pending = new Map<string, { resolve(v: unknown): void; reject(e: unknown): void }>();
  const actors = Object.fromEntries(
    ids.map((id) => [
      id,
      fromPromise(
        () =>
          new Promise((resolve, reject) => {
            pending.set(id, { resolve, reject });
          }),
      ),
    ]),
  );
  return { actors, pending };
}

/** Plays one path event: settles a pending actor, or sends a user event. */
export async function play(
  actor: ReturnType<typeof createActor<AnyActorLogic>>,
  pending: ReturnType<typeof deferredActors>['pending'],
  event: EventObject,
): Promise<void> {
  const [, kind, id = ''] = /^xstate\.(done|error)\.actor\.(.+)$/.exec(event.type) ?? [];
  if (kind) {
    const settle = pending.get(id);
    if (!settle) throw new Error(`${id} is not running`);
    pending.delete(id);
    const payload = event as { output?: unknown; error?: unknown };
    if (kind === 'done') settle.resolve(payload.output);
    else settle.reject(payload.error);
    await new Promise((resolve) => setTimeout(resolve, 0));
  } else {
    actor.send(event);
  }
}
