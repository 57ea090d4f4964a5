import { assign, fromPromise, setup } from 'xstate';
import {
  errorOf,
  hasPage,
  leavingFor,
  refusalOf,
  toProviderPage,
  type ProviderPage,
  type ProviderPageContext,
} from './providerPage.ts';

export type { ProviderPage } from './providerPage.ts';

/** One plan as the plans page compares them. */
export interface PlanOffer {
  /** SubscriptionType label ('PRO'). */
  readonly type: string;
  readonly interval: 'month' | 'year';
  readonly amountCents: number;
  readonly currency: string;
  /** 0: no limit. */
  readonly productLimit: number;
  readonly trialDays: number;
}

/** What moving the running plan costs now, as the provider prorates it (cents). */
export interface PlanChangePreview {
  readonly amountDueCents: number;
  readonly prorationCents: number;
  readonly currency: string;
  readonly prorationDate: number;
  /** NO_RUNNING_PLAN (subscribe through checkout instead), SAME_PLAN, or the provider's code. */
  readonly errorCode: string | null;
}

export interface PlansContext extends ProviderPageContext {
  /** The previewed change of the running plan, while the vendor confirms it. */
  readonly preview: PlanChangePreview | null;
  readonly plans: readonly PlanOffer[];
  /** The plan being subscribed to, while its checkout opens. */
  readonly chosen: { readonly type: string; readonly interval: 'month' | 'year' } | null;
  /** The promotion code typed with that choice ('' for none), applied at checkout. */
  readonly couponCode: string;
}

export type PlansEvent =
  | { type: 'plans.choose'; planType: string; interval: 'month' | 'year'; couponCode?: string }
  | { type: 'plans.openPortal' }
  | { type: 'plans.confirmChange' }
  | { type: 'plans.cancelChange' }
  | { type: 'plans.retry' };

const notProvided = (name: string) => () =>
  Promise.reject(new Error(`The plans actor "${name}" was not provided`));

/**
 * The plans page: the plans and their prices, then subscribing to one through the provider's
 * checkout, or managing billing in its portal. Leaving for the provider's page is an actor, like
 * any side effect; a refusal or an unreachable provider is a state with its translated text.
 */
export const plansMachine = setup({
  types: { context: {} as PlansContext, events: {} as PlansEvent },
  actors: {
    loadPlans: fromPromise<readonly PlanOffer[]>(notProvided('loadPlans')),
    openCheckout: fromPromise<
      ProviderPage,
      { type: string; interval: 'month' | 'year'; couponCode: string }
    >(notProvided('openCheckout')),
    openPortal: fromPromise<ProviderPage>(notProvided('openPortal')),
    previewChange: fromPromise<PlanChangePreview, { type: string; interval: 'month' | 'year' }>(
      notProvided('previewChange'),
    ),
    changePlan: fromPromise<
      { errorCode: string | null },
      { type: string; interval: 'month' | 'year'; prorationDate: number }
    >(notProvided('changePlan')),
    leaveFor: fromPromise<void, { url: string }>(notProvided('leaveFor')),
  },
  guards: {
    hasPage,
    hasNoRunningPlan: (_, params: { output: PlanChangePreview }) =>
      params.output.errorCode === 'NO_RUNNING_PLAN',
    hasNoError: (_, params: { output: { errorCode: string | null } }) => !params.output.errorCode,
  },
  actions: {
    assignPlans: assign((_, params: { output: readonly PlanOffer[] }) => ({
      plans: params.output,
    })),
    assignChosen: assign(
      (_, params: { type: string; interval: 'month' | 'year'; couponCode?: string }) => ({
        chosen: { type: params.type, interval: params.interval },
        couponCode: params.couponCode?.trim() ?? '',
      }),
    ),
    assignRefusal: assign(refusalOf),
    assignError: assign(errorOf),
    assignLeavingFor: assign(leavingFor),
    assignPreview: assign((_, params: { output: PlanChangePreview }) => ({
      preview: params.output,
    })),
    assignChangeRefusal: assign((_, params: { output: { errorCode: string | null } }) => ({
      errorCode: `providerRefused:${params.output.errorCode ?? 'unknown'}`,
      errorKey:
        params.output.errorCode === 'SAME_PLAN' ? 'billing.samePlan' : 'billing.providerRefused',
    })),
    clearError: assign({
      errorCode: null,
      errorKey: null,
      chosen: null,
      couponCode: '',
      preview: null,
    }),
  },
}).createMachine({
  id: 'plans',
  initial: 'loading',
  context: {
    plans: [],
    chosen: null,
    couponCode: '',
    preview: null,
    errorCode: null,
    errorKey: null,
    leavingFor: null,
  },
  states: {
    loading: {
      tags: ['busy'],
      invoke: {
        id: 'loadPlans',
        src: 'loadPlans',
        onDone: {
          target: 'ready',
          actions: { type: 'assignPlans', params: ({ event }) => ({ output: event.output }) },
        },
        onError: {
          target: 'loadFailed',
          actions: { type: 'assignError', params: ({ event }) => ({ error: event.error }) },
        },
      },
    },
    loadFailed: {
      tags: ['error'],
      on: { 'plans.retry': { target: 'loading', actions: 'clearError' } },
    },
    ready: {
      on: {
        'plans.choose': {
          target: 'previewing',
          actions: {
            type: 'assignChosen',
            params: ({ event }) => ({
              type: event.planType,
              interval: event.interval,
              couponCode: event.couponCode,
            }),
          },
        },
        'plans.openPortal': 'openingPortal',
      },
    },
    // A running plan is moved (its prorated cost shown first); without one, checkout opens.
    previewing: {
      tags: ['busy'],
      invoke: {
        id: 'previewChange',
        src: 'previewChange',
        input: ({ context }) => context.chosen!,
        onDone: [
          {
            guard: { type: 'hasNoRunningPlan', params: ({ event }) => ({ output: event.output }) },
            target: 'openingCheckout',
          },
          {
            guard: { type: 'hasNoError', params: ({ event }) => ({ output: event.output }) },
            target: 'confirmingChange',
            actions: { type: 'assignPreview', params: ({ event }) => ({ output: event.output }) },
          },
          {
            target: 'refused',
            actions: {
              type: 'assignChangeRefusal',
              params: ({ event }) => ({ output: event.output }),
            },
          },
        ],
        onError: {
          target: 'refused',
          actions: { type: 'assignError', params: ({ event }) => ({ error: event.error }) },
        },
      },
    },
    confirmingChange: {
      on: {
        'plans.confirmChange': 'changing',
        'plans.cancelChange': { target: 'ready', actions: 'clearError' },
      },
    },
    changing: {
      tags: ['busy'],
      invoke: {
        id: 'changePlan',
        src: 'changePlan',
        input: ({ context }) => ({
          ...context.chosen!,
          prorationDate: context.preview?.prorationDate ?? 0,
        }),
        onDone: [
          {
            guard: { type: 'hasNoError', params: ({ event }) => ({ output: event.output }) },
            target: 'changed',
          },
          {
            target: 'refused',
            actions: {
              type: 'assignChangeRefusal',
              params: ({ event }) => ({ output: event.output }),
            },
          },
        ],
        onError: {
          target: 'refused',
          actions: { type: 'assignError', params: ({ event }) => ({ error: event.error }) },
        },
      },
    },
    // Asked of the provider; its signed webhook sets the new plan on our side.
    changed: {
      on: {
        'plans.choose': {
          target: 'previewing',
          actions: [
            'clearError',
            {
              type: 'assignChosen',
              params: ({ event }) => ({
                type: event.planType,
                interval: event.interval,
                couponCode: event.couponCode,
              }),
            },
          ],
        },
        'plans.openPortal': 'openingPortal',
      },
    },
    openingCheckout: {
      tags: ['busy'],
      invoke: {
        id: 'openCheckout',
        src: 'openCheckout',
        input: ({ context }) => ({ ...context.chosen!, couponCode: context.couponCode }),
        ...toProviderPage,
      },
    },
    openingPortal: {
      tags: ['busy'],
      invoke: {
        id: 'openPortal',
        src: 'openPortal',
        ...toProviderPage,
      },
    },
    leaving: {
      tags: ['busy'],
      invoke: {
        id: 'leaveFor',
        src: 'leaveFor',
        input: ({ context }) => ({ url: context.leavingFor ?? '' }),
        // Back on this page (the browser did not leave): plans again.
        onDone: 'ready',
        onError: {
          target: 'refused',
          actions: { type: 'assignError', params: ({ event }) => ({ error: event.error }) },
        },
      },
    },
    refused: {
      tags: ['error'],
      on: {
        'plans.retry': { target: 'ready', actions: 'clearError' },
        'plans.choose': {
          target: 'previewing',
          actions: [
            'clearError',
            {
              type: 'assignChosen',
              params: ({ event }) => ({
                type: event.planType,
                interval: event.interval,
                couponCode: event.couponCode,
              }),
            },
          ],
        },
        'plans.openPortal': { target: 'openingPortal', actions: 'clearError' },
      },
    },
  },
});
