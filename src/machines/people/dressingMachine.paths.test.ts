import { Code, ConnectError } from '@connectrpc/connect';
import { expect } from 'vitest';
import type { SnapshotFrom } from 'xstate';
import { describePaths, done, failure, walkPaths, type StepInfo } from '../testing/walkPaths.ts';
import { dressingMachine, type DressingEvent } from './dressingMachine.ts';
import type { Page } from '../shared/pagedListMachine.ts';
import type { DepositRow, ProductRow } from './peopleRows.ts';

type Snapshot = SnapshotFrom<typeof dressingMachine>;

const deposit = (uuid: string): DepositRow => ({
  uuid,
  name: `Dépôt ${uuid}`,
  status: 'RECEIVED',
  family: 'WOMAN',
  productNumber: 2,
  createdAt: 0,
  customerPostalCode: '75011',
});
const DEPOSITS: Page<DepositRow> = { rows: [deposit('d1'), deposit('d2')], count: 2 };

/** The items of a deposit; their reference names it, so the test sees whose they are. */
const products = (depositUuid: string): Page<ProductRow> => ({
  rows: [1, 2].map((n) => ({
    uuid: `${depositUuid}-p${n}`,
    reference: `${depositUuid}-${n}`,
    name: `Article ${n}`,
    saleStatus: 'ONLINE',
    suggestedPrice: 1000,
    selledPrice: null,
    imageUrl: '',
  })),
  count: 2,
});

const USER_EVENTS: DressingEvent[] = [
  { type: 'dressing.open', uuid: 'd1' },
  { type: 'dressing.open', uuid: 'd2' },
  { type: 'dressing.open', uuid: 'unknown' },
  { type: 'dressing.close' },
  { type: 'dressing.retry' },
];
const offline = new ConnectError('Bad Gateway', Code.Unavailable);
const events = (s: Snapshot) => [
  ...USER_EVENTS,
  done('loadDeposits', DEPOSITS),
  failure('loadDeposits', offline),
  done('loadProducts', products(s.context.openDeposit ?? '')),
  failure('loadProducts', new ConnectError('{"code":"FORBIDDEN"}', Code.PermissionDenied)),
];

function check(s: Snapshot, { where, started }: StepInfo<Snapshot>): void {
  const c = s.context;
  const known = c.deposits.some((d) => d.uuid === c.openDeposit);
  for (const { id, input } of started)
    if (id === 'loadProducts')
      expect(input, `${where}: loads the open deposit`).toEqual({ deposit: c.openDeposit });
  // Tags tell the panel what to show: a deposit of the list, an unknown one, or the list.
  expect(s.hasTag('open'), where).toBe(s.matches('ready') && known);
  expect(s.hasTag('missing'), where).toBe(s.matches('ready') && c.openDeposit !== null && !known);
  if (s.matches({ ready: 'list' })) expect(c.openDeposit, where).toBeNull();
  // Items shown are the open deposit's own, and only once they arrived.
  for (const p of c.products) expect(p.reference.startsWith(`${c.openDeposit}-`), where).toBe(true);
  if (!s.matches({ ready: 'showing' })) expect(c.products, where).toEqual([]);
  if (s.matches('loadingDeposits') || s.matches('failed')) expect(c.deposits, where).toEqual([]);
}

const walk = walkPaths({
  machine: dressingMachine,
  events,
  errorOf: (s) => s.context.errorCode,
  check,
});

// One known deposit is enough for the simple paths, and keeps them countable.
describePaths('dressingMachine', walk, {
  title: 'with one known deposit',
  events: (s) => events(s).filter((e) => (e as { uuid?: string }).uuid !== 'd2'),
});
