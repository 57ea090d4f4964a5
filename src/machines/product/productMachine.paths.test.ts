import { Code, ConnectError } from '@connectrpc/connect';
import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor, type AnyMachineSnapshot } from 'xstate';
import { describePaths, done, failure, walkPaths, type StepInfo } from '../testing/walkPaths.ts';
import { INVOICED, PRODUCT, loadedWith } from './productFixtures.ts';
import { changedPaths } from './productDraft.ts';
import { productMachine } from './productMachine.ts';
import { selectErrorKey, selectSaleStatusChoices } from './productSelectors.ts';
import type { LoadedProduct, ProductContext } from './productTypes.ts';

const SAVED = { ...PRODUCT, rowVersion: 4, name: 'Robe longue' };
const refusal = (reason: string, code = Code.FailedPrecondition) =>
  new ConnectError(JSON.stringify({ code: reason, message: reason }), code);

const userEvents = [
  { type: 'product.change', field: 'name', value: 'Robe longue' },
  { type: 'product.change', field: 'name', value: '' },
  { type: 'product.changeAttribute', code: 'material', value: [] },
  { type: 'product.save' },
  { type: 'product.findPrice' },
  { type: 'product.generateName' },
  { type: 'product.dismiss' },
  { type: 'product.retry' },
  { type: 'product.reload' },
];
const actorEvents = [
  done('loadProduct', loadedWith()),
  done('loadProduct', loadedWith(INVOICED)),
  failure('loadProduct', new ConnectError('down', Code.Unavailable)),
  done('saveProduct', { product: SAVED, searchUrl: '' }),
  failure('saveProduct', new ConnectError('stale', Code.Aborted)),
  failure('saveProduct', refusal('SALE_BEFORE_INLINE')),
  done('generateName', { name: 'Robe Zara', quotaRemaining: 9 }),
  failure('generateName', refusal('QUOTA_REACHED', Code.ResourceExhausted)),
  done('generatePrice', { suggestedPrice: 12.5, comparableCount: 7, quotaRemaining: 8 }),
  failure('generatePrice', refusal('QUOTA_REACHED', Code.ResourceExhausted)),
  done('findPrice', { items: [], averagePrice: 10, medianPrice: 9 }),
  failure('findPrice', refusal('TITLE_REQUIRED', Code.InvalidArgument)),
  done('duplicateProduct', { ...PRODUCT, uuid: 'p-2' }),
  failure('duplicateProduct', new ConnectError('down', Code.Unavailable)),
  done('transferProduct', 1),
  failure('transferProduct', new ConnectError('no', Code.PermissionDenied)),
  done('destroyProduct', undefined),
  failure('destroyProduct', refusal('PRODUCT_INVOICED')),
];
const rareEvents = [
  { type: 'product.generatePrice' },
  { type: 'product.duplicate', copyImages: true, copyAnnouncement: false },
  { type: 'product.transfer', deposit: 'd-2' },
  { type: 'product.transfer', deposit: 'unknown' },
  { type: 'product.destroy' },
];

/** The smaller alphabet of the simple paths: edit, save, and the ways a save ends. */
const editingEvents = [
  { type: 'product.change', field: 'name', value: '' },
  { type: 'product.change', field: 'name', value: 'Robe longue' },
  { type: 'product.save' },
  { type: 'product.reload' },
  done('loadProduct', loadedWith()),
  done('saveProduct', { product: SAVED, searchUrl: '' }),
  failure('saveProduct', refusal('SALE_BEFORE_INLINE')),
  failure('saveProduct', new ConnectError('stale', Code.Aborted)),
];

const contextOf = (s: AnyMachineSnapshot) => s.context as ProductContext;

/** Enough of the context to tell states apart without counting every draft twice. */
const serializeState = (s: AnyMachineSnapshot) => {
  const c = contextOf(s);
  return JSON.stringify([
    s.value,
    c.loaded?.product.rowVersion,
    c.loaded?.product.inInvoices.length,
    c.draft?.name,
    c.draft?.attributes,
    c.error?.reason,
    c.notice,
  ]);
};

function check(
  s: AnyMachineSnapshot,
  { where, event, emitted, started }: StepInfo<AnyMachineSnapshot>,
) {
  const c = contextOf(s);
  // A save starts with a valid draft and sends exactly the changed fields at the loaded version.
  for (const call of started.filter((x) => x.id === 'saveProduct')) {
    const input = call.input as { product: typeof PRODUCT; paths: string[] };
    expect(Object.keys(c.fieldErrors), where).toEqual([]);
    expect(input.paths, where).toEqual(changedPaths(input.product, c.draft!, c.loaded!.reference));
    expect(input.paths.length, where).toBeGreaterThan(0);
    expect(input.product.rowVersion, where).toBe(c.loaded?.product.rowVersion);
  }
  // The price search never runs without a title.
  for (const call of started.filter((x) => x.id === 'findPrice'))
    expect((call.input as { title: string }).title, where).not.toBe('');
  if (event.type === 'xstate.done.actor.saveProduct')
    expect(emitted, where).toEqual([{ type: 'product.saved' }]);
  if (event.type === 'xstate.done.actor.destroyProduct')
    expect(emitted, where).toEqual([{ type: 'product.destroyed', deposit: 'd-1' }]);
  if (event.type === 'xstate.done.actor.duplicateProduct')
    expect(emitted, where).toEqual([{ type: 'product.duplicated', uuid: 'p-2' }]);
  // Invoiced products never open the form; stale versions are never saved over.
  if (c.loaded && c.loaded.product.inInvoices.length > 0)
    expect(s.hasTag('editable') && !s.matches('duplicating'), where).toBe(false);
  if (s.hasTag('stale')) expect(s.can({ type: 'product.save' }), where).toBe(false);
  if (s.hasTag('editable')) expect(c.draft, where).not.toBeNull();
  // Every refusal has a text: the rule's, the product area's or the generic one.
  if (s.hasTag('error') && c.loaded) expect(selectErrorKey(s as never), where).toBeTruthy();
}

describePaths(
  'productMachine',
  walkPaths({
    machine: productMachine,
    input: { uuid: 'p-1', viewer: { isCustomer: false } },
    events: [...userEvents, ...rareEvents, ...actorEvents],
    serializeState,
    errorOf: (s) => contextOf(s).error,
    check,
  }),
  {
    title: 'of editing and saving',
    events: editingEvents,
    atLeast: () => 5,
  },
);

describe('productMachine (customer)', () => {
  it('never opens the form, even for a product it may read', async () => {
    const actor = createActor(
      productMachine.provide({
        actors: { loadProduct: fromPromise(() => Promise.resolve(loadedWith())) },
      }),
      { input: { uuid: 'p-1', viewer: { isCustomer: true } } },
    ).start();
    await waitFor(actor, (s) => !s.hasTag('busy'));
    expect(actor.getSnapshot().value).toBe('readOnly');
    expect(actor.getSnapshot().can({ type: 'product.save' })).toBe(false);
    expect(
      actor
        .getSnapshot()
        .can({ type: 'product.duplicate', copyImages: false, copyAnnouncement: false }),
    ).toBe(false);
  });
});

describe('sale status choices', () => {
  it('follow the deposit rule engine with the refusal text', async () => {
    const loaded = loadedWith();
    const actor = createActor(
      productMachine.provide({
        actors: {
          loadProduct: fromPromise(() =>
            Promise.resolve<LoadedProduct>({
              ...loaded,
              deposit: { ...loaded.deposit, status: 'PROGRESS' as const },
            }),
          ),
        },
      }),
      { input: { uuid: 'p-1', viewer: { isCustomer: false } } },
    ).start();
    await waitFor(actor, (s) => s.matches('editing'));
    const choices = selectSaleStatusChoices(actor.getSnapshot());
    const of = (status: string) => choices.find((c) => c.status === status);
    expect(of('SELL')).toEqual({
      status: 'SELL',
      enabled: false,
      reasonKey: 'depositRule.saleBeforeInline',
    });
    expect(of('ONLINE')?.reasonKey).toBe('depositRule.onlineBeforeValidation');
    expect(of('READY')?.enabled).toBe(true);
  });
});
