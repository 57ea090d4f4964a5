import { assign, fromPromise, setup } from 'xstate';
import { toAppError, type AppErrorCode } from '../../rpc/errors.ts';
import { normalizeRotation, ROTATE_STEP } from './imageItem.ts';

/** Spec: the rotation is sent after a 1 second pause (2-business-data.md §2). */
export const ROTATE_DELAY_MS = 1000;

export interface RotateInput {
  readonly uuid: string;
  /** The stored rotation when the tile appears. */
  readonly rotation: number;
}

export interface RotateRequest {
  readonly uuid: string;
  /** The wanted absolute angle, 0..359. */
  readonly targetRotation: number;
}

export interface RotateAnswer {
  readonly success: boolean;
  readonly newRotation: number;
}

export interface RotateContext {
  readonly uuid: string;
  /** What the server stored (the image URL carries it). */
  readonly saved: number;
  /** Degrees clicked and not yet stored, shown at once on top of `saved`. */
  readonly pending: number;
  /** Degrees of `pending` the call in flight carries. */
  readonly sending: number;
  readonly errorCode: AppErrorCode | null;
}

export type RotateEvent = { type: 'rotate.click' };

const notProvided = () => Promise.reject(new Error('The actor "rotateImage" was not provided'));

/**
 * One tile's rotation: each click turns the photo a quarter at once; the wanted angle is sent
 * once the clicks pause for a second (ten quick clicks, one call). Clicks while the call runs add
 * up and are sent after it. A refused call puts the photo back as stored.
 */
export const rotateMachine = setup({
  types: {
    context: {} as RotateContext,
    events: {} as RotateEvent,
    input: {} as RotateInput,
  },
  actors: {
    rotateImage: fromPromise<RotateAnswer, RotateRequest>(notProvided),
  },
  delays: { pause: ROTATE_DELAY_MS },
  guards: {
    hasMoreClicks: ({ context }) => context.pending > context.sending,
  },
  actions: {
    addTurn: assign(({ context }) => ({ pending: context.pending + ROTATE_STEP })),
    startSending: assign(({ context }) => ({ sending: context.pending })),
    assignSaved: assign(({ context }, answer: RotateAnswer) => ({
      saved: normalizeRotation(answer.newRotation),
      pending: context.pending - context.sending,
      sending: 0,
    })),
    assignError: assign((_, params: { error: unknown }) => ({
      errorCode: toAppError(params.error).code,
      pending: 0,
      sending: 0,
    })),
    clearError: assign({ errorCode: null }),
  },
}).createMachine({
  id: 'rotate',
  context: ({ input }) => ({
    uuid: input.uuid,
    saved: normalizeRotation(input.rotation),
    pending: 0,
    sending: 0,
    errorCode: null,
  }),
  initial: 'idle',
  states: {
    idle: {
      on: { 'rotate.click': { target: 'waiting', actions: 'addTurn' } },
    },
    waiting: {
      tags: ['busy'],
      after: { pause: 'sending' },
      // Another click starts the pause again.
      on: { 'rotate.click': { target: 'waiting', reenter: true, actions: 'addTurn' } },
    },
    sending: {
      tags: ['busy'],
      entry: 'startSending',
      invoke: {
        id: 'rotateImage',
        src: 'rotateImage',
        input: ({ context }) => ({
          uuid: context.uuid,
          targetRotation: normalizeRotation(context.saved + context.pending),
        }),
        onDone: [
          {
            guard: 'hasMoreClicks',
            target: 'waiting',
            actions: { type: 'assignSaved', params: ({ event }) => event.output },
          },
          {
            target: 'idle',
            actions: { type: 'assignSaved', params: ({ event }) => event.output },
          },
        ],
        onError: {
          target: 'failed',
          actions: { type: 'assignError', params: ({ event }) => ({ error: event.error }) },
        },
      },
      on: { 'rotate.click': { actions: 'addTurn' } },
    },
    failed: {
      tags: ['error'],
      exit: 'clearError',
      on: { 'rotate.click': { target: 'waiting', actions: 'addTurn' } },
    },
  },
});

/** The angle the tile shows now, in unbounded degrees (so the turn animates forward). */
export const shownTurn = (context: RotateContext): number => context.pending;
