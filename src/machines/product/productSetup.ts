import { assign, emit, fromPromise, setup } from 'xstate';
import { isProductInvoiced } from '../../domain/products/index.ts';
import { toAppError } from '../../rpc/errors.ts';
import type {
  FindPriceForComparableItemsResponse,
  GenerateProductNameResponse,
  GenerateProductPriceResponse,
  Product,
} from '../../rpc/gen/seconde/v1/product_pb.ts';
import type { DuplicateInput, SaveInput, SaveOutput } from './productActors.ts';
import { changedPaths, draftOf, validateDraft, withCategory } from './productDraft.ts';
import type {
  Generation,
  LoadedProduct,
  ProductContext,
  ProductEmitted,
  ProductEvent,
  ProductViewer,
} from './productTypes.ts';

const notProvided = (name: string) => () =>
  Promise.reject(new Error(`The product actor "${name}" was not provided`));

export const NO_GENERATION: Generation = {
  quotaRemaining: null,
  comparableCount: null,
  comparables: null,
  averagePrice: null,
  medianPrice: null,
};

/** The price search's own refusal when the draft has no title (the server says the same). */
export const TITLE_REQUIRED = 'TITLE_REQUIRED';

const errorOf = ({ event }: { event: { error?: unknown } }) => ({ error: event.error });
export const assignErrorAction = { type: 'assignError', params: errorOf } as const;

/** Types, guards, actions and actor slots of the product machine (productMachine.ts). */
export const productSetup = setup({
  types: {
    context: {} as ProductContext,
    events: {} as ProductEvent,
    input: {} as { uuid: string; viewer: ProductViewer },
    emitted: {} as ProductEmitted,
  },
  actors: {
    loadProduct: fromPromise<LoadedProduct, { uuid: string }>(notProvided('loadProduct')),
    saveProduct: fromPromise<SaveOutput, SaveInput>(notProvided('saveProduct')),
    generateName: fromPromise<GenerateProductNameResponse, { uuid: string }>(
      notProvided('generateName'),
    ),
    generatePrice: fromPromise<GenerateProductPriceResponse, { uuid: string }>(
      notProvided('generatePrice'),
    ),
    findPrice: fromPromise<FindPriceForComparableItemsResponse, { uuid: string; title: string }>(
      notProvided('findPrice'),
    ),
    duplicateProduct: fromPromise<Product, DuplicateInput>(notProvided('duplicateProduct')),
    transferProduct: fromPromise<number, { uuid: string; deposit: string }>(
      notProvided('transferProduct'),
    ),
    destroyProduct: fromPromise<void, { uuid: string }>(notProvided('destroyProduct')),
  },
  guards: {
    /** Read from the loaded answer: the guard runs before the answer is assigned. */
    isEditable: ({ context }, params: { loaded: LoadedProduct }) =>
      !context.viewer.isCustomer && !isProductInvoiced(params.loaded.product),
    /** Invoiced products and customers: no draft is edited. */
    isFormClosed: ({ context }) =>
      context.viewer.isCustomer ||
      (context.loaded !== null && isProductInvoiced(context.loaded.product)),
    isStaffOrVendor: ({ context }) => !context.viewer.isCustomer,
    canSave: ({ context }) =>
      context.loaded !== null &&
      context.draft !== null &&
      Object.keys(context.fieldErrors).length === 0 &&
      changedPaths(context.loaded.product, context.draft, context.loaded.reference).length > 0,
    hasFieldErrors: ({ context }) => Object.keys(context.fieldErrors).length > 0,
    hasTitle: ({ context }) => (context.draft?.name.trim() ?? '') !== '',
    isStale: (_, params: { error: unknown }) =>
      toAppError(params.error).code === 'changedBySomeoneElse',
    isOtherDeposit: ({ context, event }) =>
      event.type === 'product.transfer' &&
      Boolean(context.loaded?.transferTargets.some((d) => d.uuid === event.deposit)),
  },
  actions: {
    assignLoaded: assign((_, params: { loaded: LoadedProduct }) => {
      const draft = draftOf(params.loaded.product);
      return {
        loaded: params.loaded,
        draft,
        fieldErrors: validateDraft(draft, params.loaded.reference),
        touched: [],
        error: null,
        generation: NO_GENERATION,
      };
    }),
    assignSaved: assign(({ context }, params: { output: SaveOutput }) => {
      if (!context.loaded) return {};
      const loaded = {
        ...context.loaded,
        product: params.output.product,
        searchUrl: params.output.searchUrl,
      };
      const draft = draftOf(params.output.product);
      return {
        loaded,
        draft,
        fieldErrors: validateDraft(draft, loaded.reference),
        touched: [],
        error: null,
        notice: 'saved' as const,
      };
    }),
    changeDraft: assign(({ context, event }) => {
      if (!context.draft || !context.loaded) return {};
      const { reference } = context.loaded;
      let draft = context.draft;
      let field: string;
      if (event.type === 'product.change') {
        field = event.field;
        draft =
          event.field === 'category'
            ? withCategory(draft, event.value, reference)
            : { ...draft, [event.field]: event.value };
      } else if (event.type === 'product.changeColors') {
        field = 'colors';
        draft = { ...draft, colors: [...event.value] };
      } else if (event.type === 'product.changeAttribute') {
        field = `attribute.${event.code}`;
        draft = { ...draft, attributes: { ...draft.attributes, [event.code]: [...event.value] } };
      } else return {};
      return {
        draft,
        fieldErrors: validateDraft(draft, reference),
        touched: context.touched.includes(field) ? context.touched : [...context.touched, field],
        notice: null,
      };
    }),
    touchAll: assign(({ context }) => ({
      touched: [...new Set([...context.touched, ...Object.keys(context.fieldErrors)])],
    })),
    assignError: assign((_, params: { error: unknown }) => {
      const appError = toAppError(params.error);
      return { error: { code: appError.code, reason: appError.reason ?? null }, notice: null };
    }),
    assignTitleRequired: assign({
      error: { code: 'invalidRequest', reason: TITLE_REQUIRED },
      notice: null,
    }),
    clearError: assign({ error: null }),
    assignName: assign(({ context }, params: { output: GenerateProductNameResponse }) => {
      if (!context.draft || !context.loaded) return {};
      const draft = { ...context.draft, name: params.output.name };
      return {
        draft,
        fieldErrors: validateDraft(draft, context.loaded.reference),
        generation: { ...context.generation, quotaRemaining: params.output.quotaRemaining },
        notice: 'nameGenerated' as const,
      };
    }),
    assignPrice: assign(({ context }, params: { output: GenerateProductPriceResponse }) => {
      if (!context.draft || !context.loaded) return {};
      const draft = { ...context.draft, suggestedPrice: String(params.output.suggestedPrice) };
      return {
        draft,
        fieldErrors: validateDraft(draft, context.loaded.reference),
        generation: {
          ...context.generation,
          quotaRemaining: params.output.quotaRemaining,
          comparableCount: params.output.comparableCount,
        },
        notice: 'priceGenerated' as const,
      };
    }),
    assignComparables: assign(
      ({ context }, params: { output: FindPriceForComparableItemsResponse }) => ({
        generation: {
          ...context.generation,
          comparables: params.output.items,
          averagePrice: params.output.averagePrice,
          medianPrice: params.output.medianPrice,
        },
        notice: 'priceFound' as const,
      }),
    ),
    assignTransferred: assign({ notice: 'transferred' as const }),
    emitSaved: emit({ type: 'product.saved' }),
    emitDuplicated: emit((_, params: { output: Product }) => ({
      type: 'product.duplicated' as const,
      uuid: params.output.uuid,
    })),
    emitDestroyed: emit(({ context }) => ({
      type: 'product.destroyed' as const,
      deposit: context.loaded?.deposit.uuid ?? '',
    })),
  },
});
