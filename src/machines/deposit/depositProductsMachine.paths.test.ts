import { Code, ConnectError } from '@connectrpc/connect';
import { expect } from 'vitest';
import type { EventFromLogic, SnapshotFrom } from 'xstate';
import { describePaths, done, failure, walkPaths, type StepInfo } from '../testing/walkPaths.ts';
import {
  PRODUCT_PAGE_SIZE,
  depositProductsMachine,
  type ProductPage,
} from './depositProductsMachine.ts';

type Snapshot = SnapshotFrom<typeof depositProductsMachine>;

const DEPOSIT = 'deposit-1';
/** Enough products for two pages. */
const TOTAL = PRODUCT_PAGE_SIZE + 5;

/** The server's answer for a page of the deposit's products. */
function answer(deposit: string, page: number): ProductPage {
  const first = (page - 1) * PRODUCT_PAGE_SIZE;
  const count = Math.max(0, Math.min(PRODUCT_PAGE_SIZE, TOTAL - first));
  return {
    count: TOTAL,
    rows: Array.from({ length: count }, (_, i) => ({
      uuid: `${deposit}-${first + i}`,
      reference: `${deposit}-${first + i}`,
      name: `Article ${first + i}`,
      saleStatus: 'OFFLINE',
      suggestedPrice: null,
    })),
  };
}

const USER_EVENTS: EventFromLogic<typeof depositProductsMachine>[] = [
  { type: 'products.reload' },
  { type: 'products.page', page: 2 },
  { type: 'products.page', page: 1 },
  { type: 'products.page', page: 3 },
];
const events = (s: Snapshot) => [
  ...USER_EVENTS,
  done('loadProducts', answer(s.context.deposit, s.context.page)),
  failure('loadProducts', new ConnectError('Bad Gateway', Code.Unavailable)),
  failure('loadProducts', new ConnectError('{"code":"FORBIDDEN"}', Code.PermissionDenied)),
];

function check(s: Snapshot, { where, started, previous, event }: StepInfo<Snapshot>): void {
  const c = s.context;
  for (const { input } of started) expect(input, where).toEqual({ deposit: DEPOSIT, page: c.page });
  expect(c.deposit, where).toBe(DEPOSIT);
  if (s.matches('ready')) {
    expect(c.page, where).toBeGreaterThanOrEqual(1);
    expect(c.page, where).toBeLessThanOrEqual(Math.max(1, Math.ceil(c.count / PRODUCT_PAGE_SIZE)));
    expect(c.rows, where).toEqual(answer(DEPOSIT, c.page).rows);
  }
  if (s.matches('failed')) expect(['unavailable', 'forbidden'], where).toContain(c.errorCode);
  // A reload asks the same page again; only paging moves.
  if (previous && event.type !== 'products.page') expect(c.page, where).toBe(previous.context.page);
}

const walk = walkPaths({
  machine: depositProductsMachine,
  input: { deposit: DEPOSIT },
  events,
  errorOf: (s) => s.context.errorCode,
  check,
});

describePaths('depositProductsMachine', walk);
