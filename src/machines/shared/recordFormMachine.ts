import {
  assign,
  emit,
  fromPromise,
  setup,
  type EventObject,
  type MachineContext,
  type PromiseActorLogic,
  type ProvidedActor,
  type StateMachine,
  type StateValue,
} from 'xstate';
import { toAppError, type AppErrorCode } from '../../rpc/errors.ts';

/** The form's pure functions: what the machine needs to know about one kind of record. */
export interface RecordFormFunctions<R, D, F extends string, E extends string> {
  readonly draftOf: (record: R) => D;
  readonly validate: (draft: D) => Partial<Record<F, E>>;
  readonly normalise: (field: F, value: string | boolean) => string | boolean;
  readonly changedFields: (record: R, draft: D) => F[];
  /**
   * The field a refused save is about, with the reason shown there (an IBAN the server's check
   * refuses); null for refusals no field is to blame for. Without it every refusal is general.
   */
  readonly fieldOfRefusal?: (refusal: {
    readonly reason?: string;
    readonly field?: string;
  }) => { readonly field: F; readonly code: E } | null;
}

/** How the machine is called: names stay those of each screen (events, context, actors). */
export interface RecordFormNames<
  P extends string,
  I extends string,
  K extends string,
  L extends string,
  S extends string,
> {
  /** Machine id and event prefix: `profile` → `profile.save`, `profile.saved`. */
  readonly id: P;
  /** Input and context key of the record's uuid. */
  readonly idKey: I;
  /** Context key of the saved record, also its key in the save actor's input. */
  readonly recordKey: K;
  /** Actor that reads the record by uuid. */
  readonly load: L;
  /** Actor that saves the changed fields (partial update guarded by row_version). */
  readonly save: S;
}

export interface RecordFormOptions<V extends boolean> {
  /**
   * true: the record shows read-only (`viewing`) until `<id>.edit`, `<id>.cancel` drops the draft,
   * a save goes back to `viewing`, `saving` is not `editable`, a refused save keeps its code in
   * `errorCode` for the form and a reload drops the stale draft. false: the form is always open.
   */
  readonly viewing: V;
}

export type RecordFormContext<I extends string, K extends string, R, D, F extends string, E> = {
  readonly [key in I]: string;
} & { readonly [key in K]: R | null } & {
  readonly draft: D | null;
  readonly fieldErrors: Partial<Record<F, E>>;
  /** Fields the user changed, or all refused ones after a refused save: where errors show. */
  readonly touched: readonly F[];
  /** Why loading failed, why the save was stale, or (with a viewing state) why it was refused. */
  readonly errorCode: AppErrorCode | null;
};

export type RecordFormEvent<P extends string, F extends string, V extends boolean> =
  | { type: `${P}.change`; field: F; value: string | boolean }
  | { type: `${P}.save` }
  | { type: `${P}.retry` }
  | { type: `${P}.reload` }
  | (V extends true ? { type: `${P}.edit` } | { type: `${P}.cancel` } : never);

export type RecordFormEmitted<P extends string> =
  | { type: `${P}.saved` }
  | { type: `${P}.saveFailed`; code: AppErrorCode }
  /** A refused save that landed on a field: the view moves the focus there. */
  | { type: `${P}.fieldRefused`; field: string };

export type RecordFormSaveInput<K extends string, R, D, F extends string> = {
  readonly [key in K]: R;
} & { readonly draft: D; readonly fields: readonly F[] };

type ProvidedActors<L extends string, S extends string, K extends string, R, D, F extends string> =
  | { src: L; logic: PromiseActorLogic<R, { uuid: string }>; id: string | undefined }
  | {
      src: S;
      logic: PromiseActorLogic<R, RecordFormSaveInput<K, R, D, F>>;
      id: string | undefined;
    };

export type RecordFormState<V extends boolean> =
  'loading' | 'failed' | 'editing' | 'saving' | 'stale' | (V extends true ? 'viewing' : never);

export type RecordFormTag = 'busy' | 'editable' | 'error' | 'stale';

/**
 * The built machine with the screen's own types: its context keys, events, emitted events,
 * input and actors, as a machine written for that screen alone would have them.
 */
type Typed<
  M,
  TContext extends MachineContext,
  TEvent extends EventObject,
  TActor extends ProvidedActor,
  TState extends StateValue,
  TInput,
  TEmitted extends EventObject,
> =
  M extends StateMachine<
    infer _C,
    infer _E,
    infer TChildren,
    infer _A,
    infer TAction,
    infer TGuard,
    infer TDelay,
    infer _V,
    infer _T,
    infer _I,
    infer TOutput,
    infer _Em,
    infer TMeta,
    infer TSchema
  >
    ? StateMachine<
        TContext,
        TEvent,
        TChildren,
        TActor,
        TAction,
        TGuard,
        TDelay,
        TState,
        RecordFormTag,
        TInput,
        TOutput,
        TEmitted,
        TMeta,
        TSchema
      >
    : never;

/** What the machine reads and writes, under fixed names; the factory maps the screen's names. */
interface Loose<D, F extends string, E> {
  readonly draft: D | null;
  readonly fieldErrors: Partial<Record<F, E>>;
  readonly touched: readonly F[];
  readonly errorCode: AppErrorCode | null;
  readonly [key: string]: unknown;
}

/**
 * One record edited in a draft: load it, edit a draft with field rules, save the changed fields
 * through a partial update guarded by row_version. A stale version stops in `stale`, where the
 * only way on is to reload; any other refused save goes back to `editing` and is emitted as
 * `<id>.saveFailed`. Tags: `busy` while loading or saving, `editable` where the draft shows,
 * `error` (and `stale`) on failure.
 */
export function recordFormMachine<
  R,
  D,
  F extends string,
  E extends string,
  P extends string,
  I extends string,
  K extends string,
  L extends string,
  S extends string,
  V extends boolean,
>(
  form: RecordFormFunctions<R, D, F, E>,
  names: RecordFormNames<P, I, K, L, S>,
  options: RecordFormOptions<V>,
) {
  type Context = RecordFormContext<I, K, R, D, F, E>;
  type Event = RecordFormEvent<P, F, V>;
  type Emitted = RecordFormEmitted<P>;
  type Ctx = Loose<D, F, E>;
  const ev = (name: string) => `${names.id}.${name}`;
  const recordOf = (context: Ctx) => context[names.recordKey] as R | null;
  const notProvided = (name: string) => () =>
    Promise.reject(new Error(`The ${names.id} actor "${name}" was not provided`));
  const errorOf = ({ event }: { event: { error?: unknown } }) => ({ error: event.error });
  const assignError = { type: 'assignError', params: errorOf } as const;
  const viewing = options.viewing;
  const fieldRefusal = (error: unknown) => {
    if (!form.fieldOfRefusal) return null;
    const { reason, field } = toAppError(error);
    return form.fieldOfRefusal({
      ...(reason !== undefined && { reason }),
      ...(field !== undefined && { field }),
    });
  };

  const machine = setup({
    types: {
      context: {} as Ctx,
      events: {} as { type: string; field?: F; value?: string | boolean },
      input: {} as Record<string, string>,
      emitted: {} as { type: string; code?: AppErrorCode; field?: string },
    },
    actors: {
      [names.load]: fromPromise<R, { uuid: string }>(notProvided(names.load)),
      [names.save]: fromPromise<R, Record<string, unknown>>(notProvided(names.save)),
    },
    guards: {
      canSave: ({ context }) => {
        const record = recordOf(context);
        return (
          record !== null &&
          context.draft !== null &&
          Object.keys(context.fieldErrors).length === 0 &&
          form.changedFields(record, context.draft).length > 0
        );
      },
      hasFieldErrors: ({ context }) => Object.keys(context.fieldErrors).length > 0,
      isStale: (_, params: { error: unknown }) =>
        toAppError(params.error).code === 'changedBySomeoneElse',
      isFieldRefusal: (_, params: { error: unknown }) => fieldRefusal(params.error) !== null,
    },
    actions: {
      assignRecord: assign((_, params: { record: R }) => {
        const draft = viewing ? null : form.draftOf(params.record);
        return {
          [names.recordKey]: params.record,
          draft,
          fieldErrors: draft === null ? {} : form.validate(draft),
          touched: [],
          errorCode: null,
        };
      }),
      startDraft: assign(({ context }) => {
        const record = recordOf(context);
        const draft = record === null ? null : form.draftOf(record);
        return { draft, fieldErrors: draft === null ? {} : form.validate(draft), touched: [] };
      }),
      changeDraft: assign(({ context }, params: { field: F; value: string | boolean }) => {
        if (!context.draft) return {};
        const draft = {
          ...context.draft,
          [params.field]: form.normalise(params.field, params.value),
        };
        return {
          draft,
          fieldErrors: form.validate(draft),
          touched: context.touched.includes(params.field)
            ? context.touched
            : [...context.touched, params.field],
          errorCode: null,
        };
      }),
      assignFieldRefusal: assign(({ context }, params: { error: unknown }) => {
        const { field, code } = fieldRefusal(params.error)!;
        return {
          fieldErrors: { ...context.fieldErrors, [field]: code },
          touched: context.touched.includes(field) ? context.touched : [...context.touched, field],
        };
      }),
      emitFieldRefused: emit((_, params: { error: unknown }) => ({
        type: ev('fieldRefused'),
        field: fieldRefusal(params.error)!.field,
      })),
      touchAll: assign(({ context }) => ({ touched: Object.keys(context.fieldErrors) as F[] })),
      dropDraft: assign({ draft: null, fieldErrors: {}, touched: [], errorCode: null }),
      assignError: assign((_, params: { error: unknown }) => ({
        errorCode: toAppError(params.error).code,
      })),
      clearError: assign({ errorCode: null }),
      emitSaved: emit({ type: ev('saved') }),
      emitSaveFailed: emit((_, params: { error: unknown }) => ({
        type: ev('saveFailed'),
        code: toAppError(params.error).code,
      })),
    },
  }).createMachine({
    id: names.id,
    initial: 'loading',
    context: ({ input }) => ({
      [names.idKey]: input[names.idKey],
      [names.recordKey]: null,
      draft: null,
      fieldErrors: {},
      touched: [],
      errorCode: null,
    }),
    states: {
      loading: {
        tags: ['busy'],
        invoke: {
          id: names.load,
          src: names.load,
          input: ({ context }) => ({ uuid: context[names.idKey] as string }),
          onDone: {
            target: viewing ? 'viewing' : 'editing',
            actions: { type: 'assignRecord', params: ({ event }) => ({ record: event.output }) },
          },
          onError: { target: 'failed', actions: assignError },
        },
      },
      failed: {
        tags: ['error'],
        on: { [ev('retry')]: { target: 'loading', actions: 'clearError' } },
      },
      ...(viewing
        ? { viewing: { on: { [ev('edit')]: { target: 'editing', actions: 'startDraft' } } } }
        : {}),
      editing: {
        tags: ['editable'],
        on: {
          [ev('change')]: {
            actions: {
              type: 'changeDraft',
              params: ({ event }) => ({ field: event.field!, value: event.value! }),
            },
          },
          ...(viewing ? { [ev('cancel')]: { target: 'viewing', actions: 'dropDraft' } } : {}),
          [ev('save')]: [
            // A new try drops the last refusal: the form shows no stale error while it saves.
            { guard: 'canSave', target: 'saving', actions: 'clearError' },
            { guard: 'hasFieldErrors', actions: 'touchAll' },
          ],
        },
      },
      saving: {
        tags: viewing ? ['busy'] : ['busy', 'editable'],
        invoke: {
          id: names.save,
          src: names.save,
          input: ({ context }) => {
            const record = recordOf(context)!;
            return {
              [names.recordKey]: record,
              draft: context.draft!,
              fields: form.changedFields(record, context.draft!),
            };
          },
          onDone: {
            target: viewing ? 'viewing' : 'editing',
            actions: [
              { type: 'assignRecord', params: ({ event }) => ({ record: event.output as R }) },
              'emitSaved',
            ],
          },
          onError: [
            {
              guard: { type: 'isFieldRefusal', params: errorOf },
              target: 'editing',
              actions: [
                { type: 'assignFieldRefusal', params: errorOf },
                { type: 'emitFieldRefused', params: errorOf },
              ],
            },
            {
              guard: { type: 'isStale', params: errorOf },
              target: 'stale',
              actions: assignError,
            },
            {
              target: 'editing',
              actions: viewing
                ? [assignError, { type: 'emitSaveFailed', params: errorOf }]
                : [{ type: 'emitSaveFailed', params: errorOf }],
            },
          ],
        },
      },
      stale: {
        tags: ['error', 'stale'],
        on: {
          [ev('reload')]: { target: 'loading', actions: viewing ? 'dropDraft' : 'clearError' },
        },
      },
    },
  });
  return machine as unknown as Typed<
    typeof machine,
    Context,
    Event,
    ProvidedActors<L, S, K, R, D, F>,
    RecordFormState<V>,
    { [key in I]: string },
    Emitted
  >;
}
