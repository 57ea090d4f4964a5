import { describe, expect, it } from 'vitest';
import {
  SimulatedClock,
  createActor,
  fromPromise,
  type AnyActorLogic,
  type AnyMachineSnapshot,
  type AnyStateMachine,
  type AnyStateNode,
  type EventObject,
  type InputFrom,
  type SnapshotFrom,
  type StateValue,
} from 'xstate';
import { getShortestPaths, getSimplePaths, getStateNodes, type StatePath } from 'xstate/graph';

/**
 * Model tests for machines (style guide, "Machines"): generate the shortest and simple paths of a
 * machine over its events, then replay each path against the real machine. Every invoked actor
 * not given in `provide` becomes a promise that only the path settles, so each
 * `xstate.done.actor.<id>` / `xstate.error.actor.<id>` step runs the machine's own transition;
 * delayed (`after`) transitions are walked too, on a simulated clock. After every step the replay
 * checks the state against the graph's prediction, the invariants shared by every machine (still
 * running, error tag ⇔ error code, waiting for an actor ⇒ busy tag ⇒ waiting for an actor or a
 * timer) and the machine's own `check`. `describePaths` turns a walk into the standard tests.
 * Test support only: the paths tests import it, the app never does.
 */

/** The event an invoked actor sends when it finishes with `output`. */
export const done = (id: string, output?: unknown): EventObject =>
  ({ type: `xstate.done.actor.${id}`, output }) as EventObject;

/** The event an invoked actor sends when it fails with `error`. */
export const failure = (id: string, error: unknown): EventObject =>
  ({ type: `xstate.error.actor.${id}`, error }) as EventObject;

/** What the machine's own check hears about the step that led to `snapshot`. */
export interface StepInfo<TSnapshot> {
  /** The leaf states, e.g. `ready.idle` or `departments.loaded,search.idle`. */
  readonly where: string;
  /** The step's event (`xstate.init` for the initial state). */
  readonly event: EventObject;
  /** The state before the step (null for the initial state). */
  readonly previous: TSnapshot | null;
  /** What the machine emitted during the step. */
  readonly emitted: readonly EventObject[];
  /** Stubbed actors started during the step, with the input the machine gave them. */
  readonly started: readonly { readonly id: string; readonly input: unknown }[];
}

type Events<TSnapshot> = readonly EventObject[] | ((snapshot: TSnapshot) => readonly EventObject[]);

export interface WalkConfig<TMachine extends AnyStateMachine> {
  readonly machine: TMachine;
  readonly input?: InputFrom<TMachine>;
  /** User events, plus `done`/`failure` events per invoked actor (a function when outputs follow from the state). */
  readonly events: Events<SnapshotFrom<TMachine>>;
  /** Actors replayed as given (callbacks, child machines); path events for them are sent as is. */
  readonly provide?: Readonly<Record<string, AnyActorLogic>>;
  /** What tells two states apart; by default the value and the whole context. */
  readonly serializeState?: (snapshot: SnapshotFrom<TMachine>) => string;
  /** The error code the machine holds: present exactly in states tagged `error`. */
  readonly errorOf?: (snapshot: SnapshotFrom<TMachine>) => unknown;
  /** The tag of waiting states (default `busy`), or null when the machine shows no waiting. */
  readonly busyTag?: string | null;
  /** Stubbed actors that run beside the screen (options, counts) and leave it usable. */
  readonly background?: readonly string[];
  /** Invoked children each leaf must be running, when the test spells them out. */
  readonly children?: Readonly<Record<string, readonly string[]>>;
  /** Children left out of `children` (a long-lived child machine). */
  readonly ignoredChildren?: readonly string[];
  /** The machine's own per-state invariants. */
  readonly check?: (
    snapshot: SnapshotFrom<TMachine>,
    step: StepInfo<SnapshotFrom<TMachine>>,
  ) => void;
  /** How an event reads in a test title. */
  readonly label?: (event: EventObject) => string;
}

export type WalkPath<TMachine extends AnyStateMachine> = StatePath<
  SnapshotFrom<TMachine>,
  EventObject
>;

function leaves(value: StateValue, prefix = ''): string[] {
  if (typeof value === 'string') return [`${prefix}${value}`];
  return Object.entries(value).flatMap(([key, child]) =>
    child === undefined ? [] : leaves(child, `${prefix}${key}.`),
  );
}

/** The leaf states of a snapshot, joined: `signedIn.ready`, `departments.loaded,search.idle`. */
export const stateName = (snapshot: AnyMachineSnapshot): string => leaves(snapshot.value).join();

/** A state the machine may rest in: a leaf without an unguarded eventless way out. */
const isResting = (node: AnyStateNode) =>
  (node.type === 'atomic' || node.type === 'final') &&
  !node.always?.some((t) => t.guard === undefined);

function defaultLabel(event: EventObject): string {
  const { type, ...rest } = event as EventObject & Record<string, unknown>;
  const error = rest.error;
  const detail =
    error instanceof Error
      ? error.message
      : Object.values(rest)
          .filter((v) => ['string', 'number', 'boolean'].includes(typeof v))
          .map((v) => JSON.stringify(v))
          .join(', ');
  return `${type.replace(/^xstate\./, '')}${detail ? `(${detail})` : ''}`;
}

const AFTER = /^xstate\.after\.([^.]+)\./;
const SETTLE = /^xstate\.(done|error)\.actor\.(.+)$/;
const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

export function walkPaths<TMachine extends AnyStateMachine>(config: WalkConfig<TMachine>) {
  type Snapshot = SnapshotFrom<TMachine>;
  type Path = WalkPath<TMachine>;
  const { machine } = config;
  const provided = config.provide ?? {};
  const nodes = getStateNodes(machine.root);
  const invokes = nodes.flatMap((node) =>
    node.invoke.map((i) => ({ id: i.id, src: String(i.src) })),
  );
  const stubbed = invokes.filter((i) => !(i.src in provided));
  const timerEvents: EventObject[] = nodes.flatMap((node) =>
    node.after.map((t) => ({ type: t.eventType })),
  );
  const offered = new Set<string>();

  const eventsOf = (events: Events<Snapshot>) => (snapshot: Snapshot) => {
    const list = [...(typeof events === 'function' ? events(snapshot) : events), ...timerEvents];
    for (const e of list) offered.add(e.type);
    return list;
  };
  const serialize = config.serializeState as ((s: AnyMachineSnapshot) => string) | undefined;
  const options = (events: Events<Snapshot>, limit?: number) =>
    ({
      events: eventsOf(events),
      input: config.input,
      ...(serialize ? { serializeState: serialize } : {}),
      ...(limit ? { limit } : {}),
    }) as never;

  /** One path to every distinct state. */
  const shortest = (): Path[] =>
    getShortestPaths(machine, options(config.events)) as unknown as Path[];

  /** Every path that visits no state twice, over `events` (a smaller alphabet keeps them countable). */
  const simple = (opts: { events?: Events<Snapshot>; limit?: number } = {}): Path[] =>
    getSimplePaths(machine, options(opts.events ?? config.events, opts.limit)) as unknown as Path[];

  /** Resting leaf states of the definition that no path ends in. */
  const unreached = (paths: readonly Path[]): string[] => {
    const reached = new Set(paths.flatMap((p) => leaves((p.state as AnyMachineSnapshot).value)));
    return nodes
      .filter(isResting)
      .map((node) => node.path.join('.'))
      .filter((path) => !reached.has(path))
      .sort();
  };

  /** Stubbed actors whose done or error event the walk never offered (call after generating). */
  const unsettled = (): string[] =>
    stubbed
      .flatMap(({ id }) =>
        ['done', 'error']
          .map((kind) => `xstate.${kind}.actor.${id}`)
          .filter((t) => !offered.has(t)),
      )
      .sort();

  function checkState(snapshot: Snapshot, step: StepInfo<Snapshot>): void {
    const s = snapshot as AnyMachineSnapshot;
    const { where } = step;
    expect(s.status, `${where}: the machine never stops or fails`).toBe('active');
    if (config.errorOf) {
      const code = config.errorOf(snapshot);
      expect(s.hasTag('error'), `${where}: tagged error ⇔ holds an error code`).toBe(
        code !== null && code !== undefined,
      );
    }
    const running = Object.keys(s.children);
    const busyTag = config.busyTag === undefined ? 'busy' : config.busyTag;
    if (busyTag) {
      const background = config.background ?? [];
      const waiting = stubbed.some((i) => running.includes(i.id) && !background.includes(i.id));
      if (waiting)
        expect(s.hasTag(busyTag), `${where}: waits for an actor, tagged ${busyTag}`).toBe(true);
      if (s.hasTag(busyTag)) {
        const timed = s._nodes.some((node: AnyStateNode) => node.after.length > 0);
        expect(waiting || timed, `${where}: tagged ${busyTag}, waits for an actor or a timer`).toBe(
          true,
        );
      }
    }
    if (config.children) {
      const ignored = config.ignoredChildren ?? [];
      expect(running.filter((id) => !ignored.includes(id)).sort(), `${where}: running`).toEqual(
        config.children[where],
      );
    }
    config.check?.(snapshot, step);
  }

  /** Replays one path on the real machine, checking every state it passes. */
  async function replay(path: Path): Promise<void> {
    const clock = new SimulatedClock();
    const pending = new Map<string, { resolve(v: unknown): void; reject(e: unknown): void }>();
    let started: { id: string; input: unknown }[] = [];
    const stub = fromPromise<unknown, unknown>(({ self, input }) => {
      started.push({ id: self.id, input });
      return new Promise((resolve, reject) => pending.set(self.id, { resolve, reject }));
    });
    const actors = { ...Object.fromEntries(stubbed.map((i) => [i.src, stub])), ...provided };
    const actor = createActor(machine.provide({ actors } as never), {
      input: config.input,
      clock,
    } as never);
    let emitted: EventObject[] = [];
    actor.on('*', (event: EventObject) => emitted.push(event));
    actor.start();

    let previous = actor.getSnapshot() as Snapshot;
    const init = { type: 'xstate.init' };
    checkState(previous, {
      where: stateName(previous),
      event: init,
      previous: null,
      emitted,
      started,
    });
    for (const step of path.steps.filter((s) => s.event.type !== init.type)) {
      const { event } = step;
      emitted = [];
      started = [];
      const [, kind, id = ''] = SETTLE.exec(event.type) ?? [];
      const [, delay] = AFTER.exec(event.type) ?? [];
      if (kind && stubbed.some((i) => i.id === id)) {
        const settle = pending.get(id);
        expect(settle && id in actor.getSnapshot().children, `${id} must be running`).toBe(true);
        pending.delete(id);
        const payload = event as { output?: unknown; error?: unknown };
        if (kind === 'done') settle!.resolve(payload.output);
        else settle!.reject(payload.error);
        await flush();
      } else if (delay !== undefined) {
        const ms = Number(machine.implementations.delays[delay] ?? delay);
        expect(Number.isFinite(ms), `delay ${delay} is a number of ms`).toBe(true);
        const before = serializeOf(actor.getSnapshot() as Snapshot);
        clock.increment(ms - 1);
        expect(serializeOf(actor.getSnapshot() as Snapshot), `${delay} waits ${ms} ms`).toBe(
          before,
        );
        clock.increment(1);
        await flush();
      } else {
        if (kind) expect(actor.getSnapshot().children, `${id} must be running`).toHaveProperty(id);
        actor.send(event);
      }
      const snapshot = actor.getSnapshot() as Snapshot;
      const expected = step.state as AnyMachineSnapshot;
      const label = (config.label ?? defaultLabel)(event);
      expect((snapshot as AnyMachineSnapshot).value, label).toEqual(expected.value);
      if (serialize) expect(serialize(snapshot), label).toBe(serialize(expected));
      else expect((snapshot as AnyMachineSnapshot).context, label).toEqual(expected.context);
      checkState(snapshot, { where: stateName(snapshot), event, previous, emitted, started });
      previous = snapshot;
    }
    actor.stop();
  }

  function serializeOf(snapshot: Snapshot): string {
    const s = snapshot as AnyMachineSnapshot;
    return serialize ? serialize(s) : JSON.stringify([s.value, s.context]);
  }

  /** `ready.idle ⇐ done.actor.loadDeposit → deposit.changeStatus("INLINE")` */
  const title = (path: Path): string =>
    `${stateName(path.state as AnyMachineSnapshot)} ⇐ ${path.steps
      .filter((s) => s.event.type !== 'xstate.init')
      .map((s) => (config.label ?? defaultLabel)(s.event))
      .join(' → ')}`;

  /** `[title, path]` rows for `it.each`. */
  const cases = (paths: readonly Path[]) => paths.map((p) => [title(p), p] as const);

  return { shortest, simple, replay, unreached, unsettled, title, cases };
}

export type Walk<TMachine extends AnyStateMachine> = ReturnType<typeof walkPaths<TMachine>>;

export interface SimplePathsOptions<TMachine extends AnyStateMachine> {
  /** What the simple paths walk, e.g. `of the lifecycle without editing`. */
  readonly title?: string;
  /** A smaller alphabet than the shortest paths' keeps the simple paths countable. */
  readonly events?: Events<SnapshotFrom<TMachine>>;
  readonly limit?: number;
  /** How many simple paths there must at least be, from the number of shortest ones. */
  readonly atLeast?: (shortest: number) => number;
  readonly timeout?: number;
}

/**
 * The model tests of a machine: every resting state reached and every stubbed actor settled both
 * ways, one test per shortest path, then every simple path replayed.
 */
export function describePaths<TMachine extends AnyStateMachine>(
  name: string,
  walk: Walk<TMachine>,
  simple: SimplePathsOptions<TMachine> = {},
): void {
  describe(`${name} generated paths`, () => {
    const shortest = walk.shortest();

    it('reaches every state and settles every actor both ways', () => {
      expect(walk.unreached(shortest)).toEqual([]);
      expect(walk.unsettled()).toEqual([]);
    });

    it.each(walk.cases(shortest))('shortest: %s', async (_, path) => {
      await walk.replay(path);
    });

    it(
      `replays every simple path${simple.title ? ` ${simple.title}` : ''}`,
      async () => {
        const paths = walk.simple({ events: simple.events, limit: simple.limit });
        const atLeast = simple.atLeast ?? ((n: number) => n);
        expect(paths.length).toBeGreaterThanOrEqual(atLeast(shortest.length));
        for (const path of paths) await walk.replay(path);
      },
      simple.timeout ?? 60_000,
    );
  });
}
