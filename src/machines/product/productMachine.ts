import { changedPaths } from './productDraft.ts';
import { NO_GENERATION, assignErrorAction, productSetup } from './productSetup.ts';
import type { ProductContext } from './productTypes.ts';

const changedPathsOf = (context: ProductContext) =>
  changedPaths(context.loaded!.product, context.draft!, context.loaded!.reference);

const changes = {
  'product.change': { actions: 'changeDraft' },
  'product.changeColors': { actions: 'changeDraft' },
  'product.changeAttribute': { actions: 'changeDraft' },
} as const;

/** What the open form answers to, with or without a refusal on screen. */
const editingOn = {
  ...changes,
  'product.save': [
    { guard: 'canSave', target: '#product.saving', actions: 'clearError' },
    { guard: 'hasFieldErrors', actions: 'touchAll' },
  ],
  'product.generateName': { target: '#product.generatingName', actions: 'clearError' },
  'product.generatePrice': { target: '#product.generatingPrice', actions: 'clearError' },
  'product.findPrice': [
    { guard: 'hasTitle', target: '#product.findingPrice', actions: 'clearError' },
    { target: '#product.refused', actions: 'assignTitleRequired' },
  ],
  'product.duplicate': { target: '#product.duplicating', actions: 'clearError' },
  'product.transfer': {
    guard: 'isOtherDeposit',
    target: '#product.transferring',
    actions: 'clearError',
  },
  'product.destroy': { target: '#product.destroying', actions: 'clearError' },
  'product.reload': { target: '#product.loading', actions: 'clearError' },
} as const;

/** Where a helper's refusal lands: the form stays open with the reason shown. */
const refusedOnError = { target: '#product.refused', actions: assignErrorAction } as const;

/**
 * One product page: load the product with its deposit and the catalogue, edit a draft with the
 * category's field rules, save the changed fields (the server's deposit rule engine judges a sale
 * status change), run the AI helpers and the price search, duplicate, transfer or destroy.
 * Invoiced products and customers get `readOnly`. A stale row_version stops in `stale` until
 * reloaded; every other refusal shows in `refused` with the form still open.
 * Tags: `busy` while a call runs, `editable` where the draft shows, `error` with `error` set.
 */
export const productMachine = productSetup.createMachine({
  id: 'product',
  initial: 'loading',
  context: ({ input }) => ({
    uuid: input.uuid,
    viewer: input.viewer,
    loaded: null,
    draft: null,
    fieldErrors: {},
    touched: [],
    error: null,
    generation: NO_GENERATION,
    notice: null,
  }),
  states: {
    loading: {
      tags: ['busy'],
      invoke: {
        id: 'loadProduct',
        src: 'loadProduct',
        input: ({ context }) => ({ uuid: context.uuid }),
        onDone: [
          {
            guard: { type: 'isEditable', params: ({ event }) => ({ loaded: event.output }) },
            target: 'editing',
            actions: { type: 'assignLoaded', params: ({ event }) => ({ loaded: event.output }) },
          },
          {
            target: 'readOnly',
            actions: { type: 'assignLoaded', params: ({ event }) => ({ loaded: event.output }) },
          },
        ],
        onError: { target: 'failed', actions: assignErrorAction },
      },
    },
    failed: {
      tags: ['error'],
      on: { 'product.retry': { target: 'loading', actions: 'clearError' } },
    },
    readOnly: {
      tags: ['readOnly'],
      on: {
        'product.reload': 'loading',
        'product.duplicate': { guard: 'isStaffOrVendor', target: 'duplicating' },
      },
    },
    /** A refused duplicate of a read-only product: the reason shows, the form stays closed. */
    readOnlyRefused: {
      tags: ['readOnly', 'error'],
      on: {
        'product.dismiss': { target: 'readOnly', actions: 'clearError' },
        'product.reload': { target: 'loading', actions: 'clearError' },
      },
    },
    editing: { tags: ['editable'], on: editingOn },
    refused: {
      tags: ['editable', 'error'],
      on: { ...editingOn, 'product.dismiss': { target: 'editing', actions: 'clearError' } },
    },
    saving: {
      tags: ['busy', 'editable'],
      invoke: {
        id: 'saveProduct',
        src: 'saveProduct',
        input: ({ context }) => ({
          product: context.loaded!.product,
          draft: context.draft!,
          paths: changedPathsOf(context),
        }),
        onDone: {
          target: 'editing',
          actions: [
            { type: 'assignSaved', params: ({ event }) => ({ output: event.output }) },
            'emitSaved',
          ],
        },
        onError: [
          {
            guard: { type: 'isStale', params: ({ event }) => ({ error: event.error }) },
            target: 'stale',
            actions: assignErrorAction,
          },
          refusedOnError,
        ],
      },
    },
    stale: {
      tags: ['error', 'stale'],
      on: { 'product.reload': { target: 'loading', actions: 'clearError' } },
    },
    generatingName: {
      tags: ['busy', 'editable'],
      invoke: {
        id: 'generateName',
        src: 'generateName',
        input: ({ context }) => ({ uuid: context.uuid }),
        onDone: {
          target: 'editing',
          actions: { type: 'assignName', params: ({ event }) => ({ output: event.output }) },
        },
        onError: refusedOnError,
      },
    },
    generatingPrice: {
      tags: ['busy', 'editable'],
      invoke: {
        id: 'generatePrice',
        src: 'generatePrice',
        input: ({ context }) => ({ uuid: context.uuid }),
        onDone: {
          target: 'editing',
          actions: { type: 'assignPrice', params: ({ event }) => ({ output: event.output }) },
        },
        onError: refusedOnError,
      },
    },
    findingPrice: {
      tags: ['busy', 'editable'],
      invoke: {
        id: 'findPrice',
        src: 'findPrice',
        input: ({ context }) => ({ uuid: context.uuid, title: context.draft!.name.trim() }),
        onDone: {
          target: 'editing',
          actions: { type: 'assignComparables', params: ({ event }) => ({ output: event.output }) },
        },
        onError: refusedOnError,
      },
    },
    duplicating: {
      tags: ['busy'],
      invoke: {
        id: 'duplicateProduct',
        src: 'duplicateProduct',
        input: ({ context, event }) => ({
          uuid: context.uuid,
          copyImages: event.type === 'product.duplicate' && event.copyImages,
          copyAnnouncement: event.type === 'product.duplicate' && event.copyAnnouncement,
        }),
        onDone: {
          target: 'left',
          actions: { type: 'emitDuplicated', params: ({ event }) => ({ output: event.output }) },
        },
        onError: [
          {
            guard: 'isFormClosed',
            target: 'readOnlyRefused',
            actions: { type: 'assignError', params: ({ event }) => ({ error: event.error }) },
          },
          refusedOnError,
        ],
      },
    },
    transferring: {
      tags: ['busy', 'editable'],
      invoke: {
        id: 'transferProduct',
        src: 'transferProduct',
        input: ({ context, event }) => ({
          uuid: context.uuid,
          deposit: event.type === 'product.transfer' ? event.deposit : '',
        }),
        onDone: { target: 'loading', actions: 'assignTransferred' },
        onError: refusedOnError,
      },
    },
    destroying: {
      tags: ['busy', 'editable'],
      invoke: {
        id: 'destroyProduct',
        src: 'destroyProduct',
        input: ({ context }) => ({ uuid: context.uuid }),
        onDone: { target: 'left', actions: 'emitDestroyed' },
        onError: refusedOnError,
      },
    },
    /** The product was duplicated (the page opens the copy) or destroyed (back to its deposit). */
    left: {},
  },
});
