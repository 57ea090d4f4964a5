import { assign, emit, fromCallback, fromPromise, setup } from 'xstate';
import { publishRequestProblems } from '../../domain/publishing/completeness.ts';
import { toAppError } from '../../rpc/errors.ts';
import type {
  CheckInput,
  CheckResult,
  PublishContext,
  PublishEmitted,
  PublishEvent,
  PublishInput,
  PublishProgress,
  Prepared,
  StreamInput,
} from './publishTypes.ts';

const notProvided = (name: string) => () => {
  throw new Error(`The publish actor "${name}" was not provided`);
};

/** What a publication run starts from (a retry keeps the task and what was learnt). */
export const freshRun = {
  counts: { progress: 0, total: 0 },
  listings: [],
  errors: [],
  inlineOffers: [],
  movedInline: [],
  special: null,
  task: '',
} as const;

/** Following again: the server re-sends what was done, so what was learnt starts over. */
export const resumedRun = {
  counts: { progress: 0, total: 0 },
  listings: [],
  errors: [],
  inlineOffers: [],
  special: null,
} as const;

/** The products the publication sends: all, or the complete ones after the review. */
export const streamInput = ({ context }: { context: PublishContext }): StreamInput => ({
  products: context.products.map((p) => p.uuid),
  vendorConnectors: context.chosen,
  completeOnly: context.completeOnly,
  task: context.task,
});

/**
 * The publish machine's parts, named so the states refer to them and `machine.provide()` swaps
 * them: the app provides the real actors (publishActors.ts), tests their stubs.
 */
export const publishSetup = setup({
  types: {
    context: {} as PublishContext,
    events: {} as PublishEvent,
    input: {} as PublishInput,
    emitted: {} as PublishEmitted,
  },
  actors: {
    prepare: fromPromise<Prepared, PublishInput>(notProvided('prepare')),
    checkProducts: fromPromise<CheckResult, CheckInput>(notProvided('checkProducts')),
    publishStream: fromCallback<PublishEvent, StreamInput>(notProvided('publishStream')),
    moveDepositInline: fromPromise<void, { deposit: string }>(notProvided('moveDepositInline')),
  },
  guards: {
    isRequestValid: ({ context }) =>
      publishRequestProblems(
        context.chosen,
        context.products.map((p) => p.uuid),
      ).length === 0,
    hasProblems: (_, check: CheckResult) => check.problems.length > 0,
    hasIncomplete: (_, check: CheckResult) => check.incomplete.length > 0,
    hasComplete: ({ context }) => (context.check?.complete ?? 0) > 0,
    isOfferOpen: ({ context }, p: { deposit: string }) =>
      context.inlineOffers.includes(p.deposit) && !context.movedInline.includes(p.deposit),
  },
  actions: {
    assignPrepared: assign((_, p: Prepared) => ({
      connectors: p.connectors,
      products: p.products,
      // One channel only: it is the one the vendor means.
      chosen: p.connectors.length === 1 ? [p.connectors[0]!.uuid] : [],
    })),
    toggleConnector: assign(({ context }, p: { uuid: string }) => ({
      chosen: context.chosen.includes(p.uuid)
        ? context.chosen.filter((u) => u !== p.uuid)
        : [...context.chosen, p.uuid],
      problems: [],
    })),
    assignRequestProblems: assign(({ context }) => ({
      problems: publishRequestProblems(
        context.chosen,
        context.products.map((p) => p.uuid),
      ),
    })),
    assignCheck: assign((_, check: CheckResult) => ({
      check,
      problems: check.problems,
      completeOnly: false,
    })),
    clearProblems: assign({ problems: [] }),
    markCompleteOnly: assign({ completeOnly: true }),
    resetRun: assign(freshRun),
    resumeRun: assign(resumedRun),
    assignProgress: assign(({ context }, p: PublishProgress) => ({
      task: p.task || context.task,
      counts: { progress: p.progress, total: p.total },
      // Only new items arrive, at most once per frame: appending keeps each frame's work small.
      listings: p.listings.length ? [...context.listings, ...p.listings] : context.listings,
      errors: p.errors.length ? [...context.errors, ...p.errors] : context.errors,
      inlineOffers: p.inlineOffers.length
        ? [...context.inlineOffers, ...p.inlineOffers]
        : context.inlineOffers,
    })),
    assignSpecial: assign((_, p: { message: string }) => ({ special: p.message })),
    assignFinished: assign(({ context }, p: { task: string; progress: number; total: number }) => ({
      task: p.task || context.task,
      counts: { progress: p.progress, total: p.total },
    })),
    assignMoving: assign((_, p: { deposit: string }) => ({ moving: p.deposit })),
    assignMoved: assign(({ context }) => ({
      movedInline: context.moving ? [...context.movedInline, context.moving] : context.movedInline,
      moving: null,
    })),
    clearMoving: assign({ moving: null }),
    assignError: assign((_, p: { error: unknown }) => {
      const e = toAppError(p.error);
      return { errorCode: e.code, reason: e.reason ?? null };
    }),
    clearError: assign({ errorCode: null, reason: null }),
    emitDone: emit({ type: 'publish.done' } as const),
  },
});
