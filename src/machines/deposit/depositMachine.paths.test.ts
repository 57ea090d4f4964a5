import { create } from '@bufbuild/protobuf';
import { Code, ConnectError } from '@connectrpc/connect';
import { expect } from 'vitest';
import { fromPromise, type EventObject, type SnapshotFrom } from 'xstate';
import { checkBulkSaleStatus, checkStatusChange, isRuleCode } from '../../domain/deposit/rules.ts';
import {
  DEPOSIT_STATUSES,
  SALE_STATUSES,
  type SaleStatusCounts,
} from '../../domain/deposit/statuses.ts';
import { DepositSchema, DepositStatus as PbStatus } from '../../rpc/gen/seconde/v1/deposit_pb.ts';
import { describePaths, done, failure, walkPaths, type StepInfo } from '../testing/walkPaths.ts';
import { draftToPatch } from './depositFields.ts';
import { depositMachine } from './depositMachine.ts';
import { depositProductsMachine, type ProductPage } from './depositProductsMachine.ts';
import type {
  ChangeStatusInput,
  DepositEvent,
  DepositInput,
  LoadedDeposit,
} from './depositTypes.ts';
import { idDocumentProblems } from '../../domain/policeRegister/idDocument.ts';
import { depositStatusValue } from './enums.ts';
import { NEEDS_REASON, currentStatus } from './moves.ts';

type Snapshot = SnapshotFrom<typeof depositMachine>;

const INPUT: DepositInput = { uuid: 'd-1', viewer: { isAdminLevel: true, vendorUuid: 'v-1' } };
const LOADED: LoadedDeposit = {
  deposit: create(DepositSchema, {
    uuid: 'd-1',
    vendor: 'v-1',
    name: 'Dépôt Martin',
    status: PbStatus.DEPOSIT_VALIDATED,
    rowVersion: 1,
    customer: 'c-1',
    // What the deposit already holds prefills the reception step; the date is missing.
    receptionIdDocumentType: 'Carte nationale d’identité',
    receptionIdDocumentNumber: 'X4RTBPFW4',
    receptionIdDocumentAuthority: 'Préfecture du Rhône',
  }),
  counts: { OFFLINE: 2, REFUSED: 1 },
  adminOnly: { adminNotes: '', qualification: 'ACTION_REQUIRED' },
  // The vendor is a professional: RECEIVED asks the depositor's identity document first.
  idDocumentRequired: true,
  today: '2026-11-27',
};

const refusal = (code: Code, reason: string) =>
  new ConnectError(JSON.stringify({ code: reason, message: reason }), code);

/** Every user event, with one or two realistic payloads each. */
const USER_EVENTS: DepositEvent[] = [
  { type: 'deposit.retry' },
  { type: 'deposit.reload' },
  { type: 'deposit.dismiss' },
  { type: 'deposit.changeStatus', to: 'INLINE' },
  { type: 'deposit.changeStatus', to: 'RECEIVED' },
  { type: 'deposit.changeStatus', to: 'ABANDONED' },
  { type: 'deposit.setReason', reason: 'DONT_ANSWER', comment: 'Trois appels' },
  { type: 'deposit.confirmReason' },
  { type: 'deposit.closeReason' },
  { type: 'deposit.setIdDocument', field: 'date', value: '2021-03-15' },
  // Issued after today: the step refuses to confirm.
  { type: 'deposit.setIdDocument', field: 'date', value: '2027-01-01' },
  { type: 'deposit.confirmIdDocument' },
  { type: 'deposit.closeIdDocument' },
  { type: 'deposit.changeSaleStatus', to: 'ONLINE' },
  { type: 'deposit.acceptInline' },
  { type: 'deposit.declineInline' },
  { type: 'deposit.editField', name: 'name', value: 'Dépôt Dupont' },
  { type: 'deposit.discardDraft' },
  { type: 'deposit.save' },
  { type: 'deposit.editAdmin', adminNotes: 'Rappeler lundi' },
  { type: 'deposit.saveAdmin' },
];

/** Done and error events of each actor; outputs follow from the state, as the server's would. */
function actorEvents(snapshot: Snapshot): EventObject[] {
  const { context } = snapshot;
  const deposit = context.deposit ?? LOADED.deposit;
  const next = (patch: object) =>
    create(DepositSchema, { ...deposit, ...patch, rowVersion: deposit.rowVersion + 1 });
  const moved = context.pending
    ? next({ status: depositStatusValue(context.pending.to) })
    : next({});
  const bulkTo = context.bulk?.to;
  const afterBulk: SaleStatusCounts = bulkTo ? { [bulkTo]: 2, REFUSED: 1 } : context.counts;
  const saved = context.deposit ? draftToPatch(context.deposit, context.draft).deposit : deposit;
  return [
    done('loadDeposit', LOADED),
    failure('loadDeposit', refusal(Code.NotFound, 'NOT_FOUND')),
    // The reload after a refused move finds the deposit moved on elsewhere.
    done('reloadDeposit', {
      ...LOADED,
      deposit: create(DepositSchema, { ...deposit, status: PbStatus.INLINE, rowVersion: 9 }),
      counts: { ONLINE: 1, OFFLINE: 1 },
    }),
    failure('reloadDeposit', new ConnectError('Bad Gateway', Code.Unavailable)),
    done('changeStatus', { deposit: moved, counts: context.counts }),
    failure(
      'changeStatus',
      refusal(Code.FailedPrecondition, 'STATUS_TOO_EARLY_PRODUCTS_ONLINE_OR_SOLD'),
    ),
    failure('changeStatus', refusal(Code.Aborted, 'CHANGED_BY_SOMEONE_ELSE')),
    failure('changeStatus', new ConnectError('Bad Gateway', Code.Unavailable)),
    done('changeSaleStatus', { updated: 2, skipped: 1, counts: afterBulk }),
    failure('changeSaleStatus', refusal(Code.FailedPrecondition, 'ONLINE_BEFORE_VALIDATION')),
    failure('changeSaleStatus', new ConnectError('Bad Gateway', Code.Unavailable)),
    done('saveDeposit', next({ name: saved.name })),
    failure('saveDeposit', refusal(Code.Aborted, 'CHANGED_BY_SOMEONE_ELSE')),
    failure('saveDeposit', refusal(Code.InvalidArgument, 'INVALID_FIELD_MASK')),
    done('saveAdminOnly', context.adminDraft ?? LOADED.adminOnly),
    failure('saveAdminOnly', refusal(Code.PermissionDenied, 'FORBIDDEN')),
  ];
}

/**
 * What tells two states apart for the walk: row versions grow without end and draft contents
 * multiply the states without changing what the lifecycle allows, so only their presence counts.
 */
function serializeState(snapshot: Snapshot): string {
  const c = snapshot.context;
  return JSON.stringify([
    snapshot.value,
    c.deposit ? currentStatus(c.deposit) : null,
    (c.counts.ONLINE ?? 0) > 0,
    c.pending?.to ?? null,
    c.pending?.idDocument
      ? Object.keys(idDocumentProblems(c.pending.idDocument, c.today)).length === 0
      : null,
    c.error,
    c.refusal,
    Object.keys(c.draft).length > 0,
    c.adminDraft !== null,
  ]);
}

const CHILDREN: Record<string, string[]> = {
  loading: ['loadDeposit'],
  loadFailed: [],
  'ready.idle': [],
  'ready.askingReason': [],
  'ready.askingIdDocument': [],
  'ready.changingStatus': ['changeStatus'],
  'ready.changingSaleStatus': ['changeSaleStatus'],
  'ready.offeringInline': [],
  'ready.saving': ['saveDeposit'],
  'ready.savingAdmin': ['saveAdminOnly'],
  'ready.refreshing': ['reloadDeposit'],
  'ready.failed': [],
  'ready.stale': [],
};

function check(snapshot: Snapshot, { where, started }: StepInfo<Snapshot>): void {
  const { context } = snapshot;
  // A refused move always reloads the deposit, and says why above it once reloaded.
  if (snapshot.matches({ ready: 'refreshing' })) {
    expect(context.refusal, where).not.toBeNull();
    const { rule, code } = context.refusal!;
    expect(isRuleCode(rule) || code === 'changedBySomeoneElse', where).toBe(true);
  }
  if (context.refusal)
    expect(
      snapshot.matches({ ready: 'refreshing' }) || snapshot.matches({ ready: 'idle' }),
      where,
    ).toBe(true);
  if (snapshot.hasTag('stale')) expect(context.error?.code, where).toBe('changedBySomeoneElse');
  if (snapshot.hasTag('askingReason')) expect(NEEDS_REASON, where).toContain(context.pending?.to);
  if (snapshot.hasTag('askingIdDocument')) {
    expect(context.pending?.to, where).toBe('RECEIVED');
    expect(context.pending?.idDocument?.number, where).toBe('X4RTBPFW4');
  }
  // A professional's reception is only sent with a complete document, never issued after today.
  for (const { id, input } of started)
    if (id === 'changeStatus' && (input as ChangeStatusInput).change.to === 'RECEIVED') {
      const doc = (input as ChangeStatusInput).change.idDocument;
      expect(doc, where).not.toBeNull();
      expect(idDocumentProblems(doc!, context.today), where).toEqual({});
    }
  if (snapshot.hasTag('offeringInline'))
    expect(currentStatus(context.deposit!), where).toBe('DEPOSIT_VALIDATED');
  if (!context.deposit) return;
  const from = currentStatus(context.deposit);
  // The machine never allows a move the shared rules refuse.
  for (const to of DEPOSIT_STATUSES) {
    if (!snapshot.can({ type: 'deposit.changeStatus', to })) continue;
    const reason = NEEDS_REASON.includes(to) ? 'DONT_ANSWER' : undefined;
    expect(
      checkStatusChange({ from, to, products: context.counts, reason }),
      `${where} → ${to}`,
    ).toEqual({ ok: true });
  }
  for (const to of SALE_STATUSES) {
    if (!snapshot.can({ type: 'deposit.changeSaleStatus', to })) continue;
    expect(checkBulkSaleStatus(from, to, context.counts).verdict, `${where} ⇒ ${to}`).toEqual({
      ok: true,
    });
  }
}

function label(event: EventObject): string {
  const e = event as { type: string; to?: string; error?: Error };
  const detail = e.to ?? (e.error instanceof ConnectError ? Code[e.error.code] : undefined);
  return `${e.type.replace(/^xstate\./, '')}${detail ? `(${detail})` : ''}`;
}

/** The real product list, with a loader that never answers (its own tests cover it). */
const quietProducts = depositProductsMachine.provide({
  actors: {
    loadProducts: fromPromise<ProductPage, { deposit: string; page: number }>(
      () => new Promise(() => undefined),
    ),
  },
});

const events = (s: Snapshot) => [...USER_EVENTS, ...actorEvents(s)];

const walk = walkPaths({
  machine: depositMachine,
  input: INPUT,
  events,
  provide: { products: quietProducts },
  serializeState,
  errorOf: (s) => s.context.error,
  children: CHILDREN,
  ignoredChildren: ['products'],
  check,
  label,
});

describePaths('depositMachine', walk, {
  title: 'of the lifecycle without editing',
  events: (s) => events(s).filter((e) => !/edit|save|discardDraft/i.test(e.type)),
  limit: 5000,
  atLeast: () => 21,
  timeout: 120_000,
});
