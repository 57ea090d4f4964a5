import { Code, ConnectError } from '@connectrpc/connect';
import { expect } from 'vitest';
import type { SnapshotFrom } from 'xstate';
import { describePaths, done, failure, walkPaths, type StepInfo } from '../testing/walkPaths.ts';
import { hasProduct, transactionsMachine, type TransactionsEvent } from './transactionsMachine.ts';
import {
  NO_FILTERS,
  type CsvChoice,
  type CsvPreview,
  type ImportOutcome,
  type TransactionRow,
  type TransactionsPage,
} from './transactionTypes.ts';

type Snapshot = SnapshotFrom<typeof transactionsMachine>;

const ROW: TransactionRow = {
  uuid: 'tx-1',
  id: '10450211871',
  title: 'Robe portefeuille Sézane',
  channel: 1,
  status: 'COMPLETED',
  soldAt: '2026-11-02T09:14:00.000Z',
  buyerLogin: 'margaux_b',
  priceCents: 4500,
  buyerFeeCents: 295,
  sellerFeeCents: 0,
  shippingCents: 399,
  payoutCents: 4500,
  product: '',
  buyer: 'buyer-1',
};
const PAGE: TransactionsPage = { rows: [ROW], count: 1, channels: [], total: null };
const OUTCOME: ImportOutcome = {
  rows: [ROW],
  errors: [{ line: 3, column: 'Sale date', reason: 'CSV_DATE_INVALID', value: '2026-13-45' }],
  total: 2,
  created: 1,
  updated: 0,
  linkedProducts: 0,
  createdBuyers: 1,
};
const CSV: CsvChoice = { file: new Blob(['x']), name: 'ventes.csv', channel: 1 };
const PREVIEW: CsvPreview = { text: 'Transaction ID,...', outcome: OUTCOME };
const NOT_AN_EXPORT = new ConnectError(
  '{"code":"CSV_COLUMNS_MISSING","message":"missing columns Status"}',
  Code.InvalidArgument,
);

const USER_EVENTS: TransactionsEvent[] = [
  { type: 'transactions.filter', filters: { ...NO_FILTERS, link: 2, from: '2026-11-01' } },
  { type: 'transactions.retry' },
  { type: 'transactions.importConnector' },
  { type: 'transactions.chooseCsv', csv: CSV },
  { type: 'transactions.confirmCsv' },
  { type: 'transactions.cancel' },
  { type: 'transactions.link', uuid: 'tx-1' },
  // Not on the page: nothing opens.
  { type: 'transactions.link', uuid: 'elsewhere' },
  { type: 'transactions.searchProducts', search: 'robe' },
  { type: 'transactions.pick', field: 'product', uuid: 'product-1' },
  { type: 'transactions.pick', field: 'buyer', uuid: 'buyer-2' },
  { type: 'transactions.saveLink' },
];
const events = [
  ...USER_EVENTS,
  done('fetchTransactions', PAGE),
  failure('fetchTransactions', new ConnectError('down', Code.Unavailable)),
  done('importConnector', OUTCOME),
  failure('importConnector', new ConnectError('down', Code.Unavailable)),
  done('previewCsv', PREVIEW),
  failure('previewCsv', NOT_AN_EXPORT),
  done('importCsv', OUTCOME),
  failure('importCsv', new ConnectError('down', Code.Unavailable)),
  done('fetchChoices', { products: [{ uuid: 'product-1', label: 'A-1 · Robe' }], buyers: [] }),
  failure('fetchChoices', new ConnectError('down', Code.Unavailable)),
  done('saveLink', {}),
  failure('saveLink', new ConnectError('{"code":"FORBIDDEN"}', Code.PermissionDenied)),
];

function check(s: Snapshot, { where, started, previous, event }: StepInfo<Snapshot>): void {
  const c = s.context;
  for (const { id, input } of started) {
    if (id === 'fetchTransactions') expect(input, where).toEqual(c.filters);
    // Only a previewed file is imported, with the text the preview read.
    if (id === 'importCsv') expect(input, where).toEqual({ text: PREVIEW.text, channel: 1 });
    if (id === 'saveLink')
      expect(
        hasProduct({ ...(input as { product: string }), uuid: '', buyer: '', search: '' }),
        where,
      ).toBe(true);
  }
  // The link dialog is open exactly while choosing, linking or saving the link.
  expect(c.link !== null, where).toBe(
    s.matches('choosing') || s.matches('linking') || s.matches('savingLink'),
  );
  // A preview is on screen only once read, and until imported or closed.
  if (s.matches('previewed') || s.matches('importingCsv')) expect(c.preview, where).not.toBeNull();
  if (s.matches('previewing')) expect(c.preview, where).toBeNull();
  if (!previous) return;
  if (event.type === 'xstate.error.actor.previewCsv')
    expect(c.refusal?.i18nKey, where).toBe('transactions.reasonColumnsMissing');
  if (event.type === 'xstate.error.actor.importCsv')
    // Nothing chosen is lost: the same file and preview can be imported again.
    expect([c.csv, c.preview], where).toEqual([previous.context.csv, previous.context.preview]);
  if (event.type === 'xstate.error.actor.saveLink')
    expect(c.link, where).toEqual(previous.context.link);
  if (
    event.type === 'xstate.done.actor.importCsv' ||
    event.type === 'xstate.done.actor.importConnector'
  )
    expect(c.outcome, where).toEqual(OUTCOME);
}

const walk = walkPaths({
  machine: transactionsMachine,
  events,
  errorOf: (s) => s.context.errorCode,
  check,
});

const SIMPLE_EVENTS = new Set([
  'transactions.filter',
  'transactions.importConnector',
  'transactions.chooseCsv',
  'transactions.confirmCsv',
  'transactions.cancel',
  'transactions.saveLink',
]);

describePaths('transactionsMachine', walk, {
  title: 'of each kind of step, without failures',
  events: [
    ...USER_EVENTS.filter(
      (e) =>
        (e.type === 'transactions.link' && e.uuid === 'tx-1') ||
        (e.type === 'transactions.pick' && e.field === 'product'),
    ),
    ...events.filter((e) => SIMPLE_EVENTS.has(e.type) || e.type.startsWith('xstate.done')),
  ],
  atLeast: () => 8,
  timeout: 120_000,
});
