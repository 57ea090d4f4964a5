import { assign, fromPromise, setup } from 'xstate';
import { refusalUpdate } from '../payouts/payoutReasons.ts';
import type { Refusal } from '../payouts/payoutTypes.ts';

export interface KeptRecords {
  readonly kind: string;
  readonly count: number;
  readonly reason: string;
}

/** What erasure answered: what it masked and what the law made it keep. */
export interface Erasure {
  readonly alreadyErased: boolean;
  readonly masked: readonly string[];
  readonly kept: readonly KeptRecords[];
}

export interface PersonalDataContext {
  readonly customer: string;
  /** The last export saved, by its file name. */
  readonly exported: string | null;
  readonly erasure: Erasure | null;
  /** Why the last export or erasure was refused. */
  readonly refusal: Refusal | null;
}

export type PersonalDataEvent =
  | { type: 'privacy.export' }
  | { type: 'privacy.erase' }
  | { type: 'privacy.confirm' }
  | { type: 'privacy.cancel' };

const notProvided = (name: string) => () =>
  Promise.reject(new Error(`The personal data actor "${name}" was not provided`));

/**
 * A customer's own data: download it as JSON, or ask for its erasure after a confirmation; the
 * answer says what was masked and what was kept and why. Once erased, nothing more is offered.
 */
export const personalDataMachine = setup({
  types: {
    context: {} as PersonalDataContext,
    events: {} as PersonalDataEvent,
    input: {} as { customer: string },
  },
  actors: {
    exportData: fromPromise<string, { customer: string }>(notProvided('exportData')),
    eraseData: fromPromise<Erasure, { customer: string }>(notProvided('eraseData')),
  },
  actions: {
    assignExported: assign((_, params: { filename: string }) => ({
      exported: params.filename,
      refusal: null,
    })),
    assignErasure: assign((_, params: Erasure) => ({ erasure: params, refusal: null })),
    clearRefusal: assign({ refusal: null }),
    assignRefusal: assign(refusalUpdate),
  },
}).createMachine({
  id: 'personalData',
  initial: 'idle',
  context: ({ input }) => ({
    customer: input.customer,
    exported: null,
    erasure: null,
    refusal: null,
  }),
  states: {
    idle: {
      on: {
        'privacy.export': { target: 'exporting', actions: 'clearRefusal' },
        'privacy.erase': { target: 'confirming', actions: 'clearRefusal' },
      },
    },
    exporting: {
      tags: ['busy'],
      invoke: {
        id: 'exportData',
        src: 'exportData',
        input: ({ context }) => ({ customer: context.customer }),
        onDone: {
          target: 'idle',
          actions: { type: 'assignExported', params: ({ event }) => ({ filename: event.output }) },
        },
        onError: {
          target: 'idle',
          actions: { type: 'assignRefusal', params: ({ event }) => ({ error: event.error }) },
        },
      },
    },
    confirming: {
      on: {
        'privacy.confirm': 'erasing',
        'privacy.cancel': { target: 'idle', actions: 'clearRefusal' },
      },
    },
    erasing: {
      tags: ['busy'],
      invoke: {
        id: 'eraseData',
        src: 'eraseData',
        input: ({ context }) => ({ customer: context.customer }),
        onDone: {
          target: 'erased',
          actions: { type: 'assignErasure', params: ({ event }) => event.output },
        },
        onError: {
          target: 'confirming',
          actions: { type: 'assignRefusal', params: ({ event }) => ({ error: event.error }) },
        },
      },
    },
    erased: {},
  },
});
