/**
 * The states every loading machine shares (lists, figures, requests): an optional wait for the
 * user to stop typing, one load whose result or failure is assigned, and a failed state tagged
 * `error` that a retry leaves. The machine names its own actor, result action and retry event;
 * it must provide the delay `debounce` and the actions `assignError` and `clearError`.
 */

/** Waits for the user to stop typing (the machine's `debounce` delay), then loads. */
export const debouncingState = {
  tags: ['busy'],
  after: { debounce: 'loading' },
} as const;

/**
 * Loads once through `actor` (its id and source), then `ready` (or the state `done` names), or
 * `failed` with the error code.
 */
export function loadingState<
  const TActor extends string,
  const TAssign extends string,
  TContext,
  TInput,
  const TDone extends string = 'ready',
>(
  actor: TActor,
  input: (args: { context: TContext }) => TInput,
  assign: TAssign,
  done: TDone = 'ready' as TDone,
) {
  return {
    tags: ['busy'],
    invoke: {
      id: actor,
      src: actor,
      input,
      onDone: {
        target: done,
        actions: {
          type: assign,
          params: <TOutput>({ event }: { event: { output: TOutput } }) => event.output,
        },
      },
      onError: {
        target: 'failed',
        actions: {
          type: 'assignError',
          params: ({ event }: { event: { error: unknown } }) => ({ error: event.error }),
        },
      },
    },
  } as const;
}

/** A failed load: tagged `error` with its code, cleared when a `retry` event loads again. */
export function failedState<const TRetry extends string>(...retry: TRetry[]) {
  return {
    tags: ['error'],
    exit: 'clearError',
    on: Object.fromEntries(retry.map((type) => [type, 'loading'])) as Record<TRetry, 'loading'>,
  } as const;
}
