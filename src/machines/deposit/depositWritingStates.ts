import { draftToPatch } from './depositFields.ts';
import { depositSetup } from './depositSetup.ts';

/** Any failure: keep what the server said, as the page shows it. */
const assignError = {
  type: 'assignError',
  params: ({ event }: { event: { error: unknown } }) => ({ error: event.error }),
} as const;
const isStale = {
  type: 'isStale',
  params: ({ event }: { event: { error: unknown } }) => ({ error: event.error }),
} as const;
const isRuleRefusal = {
  type: 'isRuleRefusal',
  params: ({ event }: { event: { error: unknown } }) => ({ error: event.error }),
} as const;

const assignRefusal = {
  type: 'assignRefusal',
  params: ({ event }: { event: { error: unknown } }) => ({ error: event.error }),
} as const;

/**
 * The states of `ready` that wait for the server. Each ends back in `idle`, in `refreshing` (a move
 * refused because the page's copy was out of date), `stale` (a field save over someone else's) or
 * `failed`.
 */
export const changingStatus = depositSetup.createStateConfig({
  tags: ['busy'],
  invoke: {
    id: 'changeStatus',
    src: 'changeStatus',
    input: ({ context }) => ({ deposit: context.deposit!, change: context.pending! }),
    onDone: {
      target: 'idle',
      actions: [{ type: 'assignMoved', params: ({ event }) => event.output }, 'reloadProducts'],
    },
    onError: [
      { guard: isStale, target: 'refreshing', actions: [assignRefusal, 'clearPending'] },
      { guard: isRuleRefusal, target: 'refreshing', actions: [assignRefusal, 'clearPending'] },
      { target: 'failed', actions: [assignError, 'clearPending'] },
    ],
  },
});

/** After a refused move: the deposit as it is now, with every move judged again on it. */
export const refreshing = depositSetup.createStateConfig({
  tags: ['busy'],
  invoke: {
    id: 'reloadDeposit',
    src: 'loadDeposit',
    input: ({ context }) => ({ uuid: context.uuid, withAdmin: context.viewer.isAdminLevel }),
    onDone: {
      target: 'idle',
      actions: [{ type: 'assignRefreshed', params: ({ event }) => event.output }, 'reloadProducts'],
    },
    onError: { target: 'failed', actions: [assignError, 'clearRefusal'] },
  },
});

export const changingSaleStatus = depositSetup.createStateConfig({
  tags: ['busy'],
  invoke: {
    id: 'changeSaleStatus',
    src: 'changeSaleStatus',
    input: ({ context }) => ({ uuid: context.uuid, to: context.bulk!.to }),
    onDone: [
      {
        guard: 'isInlineOffered',
        target: 'offeringInline',
        actions: [
          { type: 'assignBulkDone', params: ({ event }) => event.output },
          'reloadProducts',
        ],
      },
      {
        target: 'idle',
        actions: [
          { type: 'assignBulkDone', params: ({ event }) => event.output },
          'reloadProducts',
        ],
      },
    ],
    onError: [
      { guard: isStale, target: 'refreshing', actions: assignRefusal },
      { guard: isRuleRefusal, target: 'refreshing', actions: assignRefusal },
      { target: 'failed', actions: assignError },
    ],
  },
});

export const saving = depositSetup.createStateConfig({
  tags: ['busy'],
  invoke: {
    id: 'saveDeposit',
    src: 'saveDeposit',
    input: ({ context }) => draftToPatch(context.deposit!, context.draft),
    onDone: {
      target: 'idle',
      actions: { type: 'assignSaved', params: ({ event }) => event.output },
    },
    onError: [
      { guard: isStale, target: 'stale', actions: assignError },
      { target: 'failed', actions: assignError },
    ],
  },
});

export const savingAdmin = depositSetup.createStateConfig({
  tags: ['busy'],
  invoke: {
    id: 'saveAdminOnly',
    src: 'saveAdminOnly',
    input: ({ context }) => ({ uuid: context.uuid, data: context.adminDraft! }),
    onDone: {
      target: 'idle',
      actions: { type: 'assignAdminSaved', params: ({ event }) => event.output },
    },
    onError: { target: 'failed', actions: assignError },
  },
});
