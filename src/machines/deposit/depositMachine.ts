import { depositSetup } from './depositSetup.ts';
import {
  changingSaleStatus,
  changingStatus,
  refreshing,
  saving,
  savingAdmin,
} from './depositWritingStates.ts';

/**
 * One deposit's life on its page (2-business-data.md §4): load it with its products' sale-status
 * counts, move its status within the shared rules (abandon and cancel ask why first, a
 * professional's reception the depositor's identity document), change the sale status of all its
 * products, edit its fields and the admin-only data. A move the server
 * refuses (a rule, or a version changed elsewhere) means the page's copy was out of date: the
 * deposit is reloaded (`refreshing`) and the refusal said above its current state; a stale field
 * save lands in `stale` until the user reloads, so nothing typed is thrown away.
 * Guards, actions and actors: depositGuards.ts, depositActions.ts, depositSetup.ts; the states
 * that wait for the server: depositWritingStates.ts.
 */
export const depositMachine = depositSetup.createMachine({
  id: 'deposit',
  context: ({ input }) => ({
    uuid: input.uuid,
    viewer: input.viewer,
    deposit: null,
    counts: {},
    adminOnly: null,
    draft: {},
    adminDraft: null,
    pending: null,
    idDocumentRequired: false,
    today: '',
    bulk: null,
    error: null,
    refusal: null,
  }),
  invoke: { id: 'products', src: 'products', input: ({ context }) => ({ deposit: context.uuid }) },
  initial: 'loading',
  states: {
    loading: {
      tags: ['busy'],
      invoke: {
        id: 'loadDeposit',
        src: 'loadDeposit',
        input: ({ context }) => ({ uuid: context.uuid, withAdmin: context.viewer.isAdminLevel }),
        onDone: {
          target: 'ready',
          actions: [
            { type: 'assignLoaded', params: ({ event }) => event.output },
            'reloadProducts',
          ],
        },
        onError: {
          target: 'loadFailed',
          actions: { type: 'assignError', params: ({ event }) => ({ error: event.error }) },
        },
      },
    },
    loadFailed: {
      tags: ['error'],
      exit: 'clearError',
      on: { 'deposit.retry': 'loading' },
    },
    ready: {
      initial: 'idle',
      states: {
        idle: {
          // The notice of a refused move lasts until the user does something else.
          exit: 'clearRefusal',
          on: {
            'deposit.dismiss': { actions: 'clearRefusal' },
            'deposit.changeStatus': [
              {
                guard: { type: 'canMoveWithReason', params: ({ event }) => event.to },
                target: 'askingReason',
                actions: { type: 'assignPending', params: ({ event }) => event.to },
              },
              {
                guard: { type: 'canMoveWithIdDocument', params: ({ event }) => event.to },
                target: 'askingIdDocument',
                actions: { type: 'assignPendingWithIdDocument', params: ({ event }) => event.to },
              },
              {
                guard: { type: 'canMove', params: ({ event }) => event.to },
                target: 'changingStatus',
                actions: { type: 'assignPending', params: ({ event }) => event.to },
              },
            ],
            'deposit.changeSaleStatus': {
              guard: { type: 'canBulk', params: ({ event }) => event.to },
              target: 'changingSaleStatus',
              actions: { type: 'assignBulkTarget', params: ({ event }) => event.to },
            },
            'deposit.editField': {
              guard: 'canEdit',
              actions: { type: 'assignDraftField', params: ({ event }) => event },
            },
            'deposit.discardDraft': { actions: 'clearDraft' },
            'deposit.save': { guard: 'hasDraft', target: 'saving' },
            'deposit.editAdmin': {
              guard: 'isAdminLevel',
              actions: { type: 'assignAdminDraft', params: ({ event }) => event },
            },
            'deposit.saveAdmin': { guard: 'hasAdminDraft', target: 'savingAdmin' },
          },
        },
        askingReason: {
          tags: ['askingReason'],
          on: {
            'deposit.setReason': {
              actions: { type: 'assignReason', params: ({ event }) => event },
            },
            'deposit.confirmReason': { guard: 'hasValidReason', target: 'changingStatus' },
            'deposit.closeReason': { target: 'idle', actions: 'clearPending' },
          },
        },
        // A professional's reception: the depositor's identity document, then the move with it.
        askingIdDocument: {
          tags: ['askingIdDocument'],
          on: {
            'deposit.setIdDocument': {
              actions: { type: 'assignIdDocument', params: ({ event }) => event },
            },
            'deposit.confirmIdDocument': { guard: 'hasValidIdDocument', target: 'changingStatus' },
            'deposit.closeIdDocument': { target: 'idle', actions: 'clearPending' },
          },
        },
        changingStatus,
        changingSaleStatus,
        offeringInline: {
          tags: ['offeringInline'],
          on: {
            'deposit.acceptInline': {
              guard: { type: 'canMove', params: 'INLINE' },
              target: 'changingStatus',
              actions: { type: 'assignPending', params: 'INLINE' },
            },
            'deposit.declineInline': 'idle',
          },
        },
        saving,
        savingAdmin,
        refreshing,
        failed: {
          tags: ['error'],
          exit: 'clearError',
          on: { 'deposit.dismiss': 'idle' },
        },
        stale: {
          tags: ['error', 'stale'],
          exit: 'clearError',
          on: { 'deposit.reload': '#deposit.loading' },
        },
      },
    },
  },
});
