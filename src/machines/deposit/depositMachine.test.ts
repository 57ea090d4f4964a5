import { describe, expect, it } from 'vitest';
import { createActor, waitFor } from 'xstate';
import type { DepositStatus, SaleStatus } from '../../domain/deposit/statuses.ts';
import {
  AbandonReason,
  DepositStatus as PbStatus,
  type Deposit,
} from '../../rpc/gen/seconde/v1/deposit_pb.ts';
import { createDepositActors } from './depositActors.ts';
import { fakeBackend, type FakeBackend } from './depositFixtures.ts';
import { depositMachine } from './depositMachine.ts';
import { createDepositProductsActors, depositProductsMachine } from './depositProductsMachine.ts';
import {
  selectErrorKey,
  selectFieldValues,
  selectIdDocumentProblems,
  selectIsAskingIdDocument,
  selectPendingIdDocument,
  selectStatus,
  selectRefusalRuleKey,
  selectSaleStatusOptions,
  selectStatusOptions,
  selectWasRefreshed,
} from './depositSelectors.ts';
import type { DepositViewer } from './depositTypes.ts';

const OWNER: DepositViewer = { isAdminLevel: false, vendorUuid: 'vendor-1' };
const ADMIN: DepositViewer = { isAdminLevel: true, vendorUuid: null };
const CUSTOMER: DepositViewer = { isAdminLevel: false, vendorUuid: null };

async function open(backend: FakeBackend, viewer: DepositViewer = OWNER) {
  const machine = depositMachine.provide({
    actors: {
      ...createDepositActors(backend.clients),
      products: depositProductsMachine.provide({
        actors: createDepositProductsActors(backend.clients),
      }),
    },
  });
  const actor = createActor(machine, { input: { uuid: backend.deposit.uuid, viewer } }).start();
  await waitFor(actor, (s) => !s.hasTag('busy'));
  return actor;
}

type Actor = Awaited<ReturnType<typeof open>>;
const settled = (actor: Actor) => waitFor(actor, (s) => !s.hasTag('busy'));

function backendWith(status: keyof typeof PbStatus, products: SaleStatus[] = [], extra = {}) {
  return fakeBackend(
    { status: PbStatus[status], vendor: 'vendor-1', ...extra } as Partial<Deposit>,
    products,
  );
}

async function move(actor: Actor, to: DepositStatus) {
  actor.send({ type: 'deposit.changeStatus', to });
  return settled(actor);
}

describe('depositMachine', () => {
  it('loads a deposit with its sale-status counts and its first product page', async () => {
    const backend = backendWith('RECEIVED', ['OFFLINE', 'OFFLINE', 'READY']);
    const actor = await open(backend);
    const snapshot = actor.getSnapshot();
    expect(snapshot.value).toEqual({ ready: 'idle' });
    expect(snapshot.context.counts).toEqual({ OFFLINE: 2, READY: 1 });
    expect(backend.filtersSeen).toContainEqual({ deposit: 'd-1', sale_status: 'ONLINE' });
    const products = await waitFor(snapshot.children.products!, (s) => s.matches('ready'));
    expect(products.context.count).toBe(3);
    expect(products.context.rows.map((p) => p.saleStatus)).toEqual(['OFFLINE', 'OFFLINE', 'READY']);
  });

  it('offers only the moves the rules allow, with the refusal of the others', async () => {
    const actor = await open(backendWith('RECEIVED'));
    const options = selectStatusOptions(actor.getSnapshot());
    const byStatus = Object.fromEntries(options.map((o) => [o.status, o]));
    expect(byStatus.TODO).toMatchObject({ enabled: true, reasonKey: null });
    expect(byStatus.PROGRESS).toMatchObject({ enabled: true });
    expect(byStatus.CUSTOMER_WAITING).toMatchObject({
      enabled: false,
      reasonKey: 'depositRule.requiredStepSkipped',
    });
    expect(byStatus.RECEIVED).toMatchObject({ current: true, enabled: false });
    expect(byStatus.ABANDONED).toMatchObject({ enabled: true, reasonKey: null });
  });

  it('walks a deposit from RECEIVED to INLINE, offering INLINE when its first product goes online', async () => {
    const backend = backendWith('RECEIVED', ['OFFLINE', 'READY', 'FACTURED']);
    const actor = await open(backend);
    for (const to of ['TODO', 'PROGRESS', 'CUSTOMER_WAITING', 'DEPOSIT_VALIDATED'] as const) {
      const snapshot = await move(actor, to);
      expect(snapshot.value, to).toEqual({ ready: 'idle' });
      expect(backend.deposit.status).toBe(PbStatus[to]);
      expect(snapshot.context.deposit?.rowVersion).toBe(backend.deposit.rowVersion);
    }
    const online = selectSaleStatusOptions(actor.getSnapshot()).find((o) => o.status === 'ONLINE');
    expect(online).toMatchObject({ enabled: true });
    actor.send({ type: 'deposit.changeSaleStatus', to: 'ONLINE' });
    let snapshot = await settled(actor);
    expect(snapshot.hasTag('offeringInline')).toBe(true);
    expect(snapshot.context.bulk).toEqual({ to: 'ONLINE', updated: 2, skipped: 1 });
    expect(snapshot.context.counts).toEqual({ ONLINE: 2, FACTURED: 1 });
    actor.send({ type: 'deposit.acceptInline' });
    snapshot = await settled(actor);
    expect(snapshot.value).toEqual({ ready: 'idle' });
    expect(backend.deposit.status).toBe(PbStatus.INLINE);
  });

  it('asks why before abandoning, and sends the reason with the move', async () => {
    const backend = backendWith('TODO', ['OFFLINE']);
    const actor = await open(backend);
    actor.send({ type: 'deposit.changeStatus', to: 'ABANDONED' });
    expect(actor.getSnapshot().hasTag('askingReason')).toBe(true);
    expect(actor.getSnapshot().can({ type: 'deposit.confirmReason' })).toBe(false);
    actor.send({ type: 'deposit.setReason', reason: 'NOT_SET' });
    expect(actor.getSnapshot().can({ type: 'deposit.confirmReason' })).toBe(false);
    actor.send({ type: 'deposit.setReason', reason: 'DONT_ANSWER', comment: 'Trois appels' });
    actor.send({ type: 'deposit.confirmReason' });
    const snapshot = await settled(actor);
    expect(snapshot.value).toEqual({ ready: 'idle' });
    expect(backend.deposit.status).toBe(PbStatus.ABANDONED);
    expect(backend.deposit.abandonReason).toBe(AbandonReason.DONT_ANSWER);
    expect(backend.deposit.abandonReasonComment).toBe('Trois appels');
    expect(selectStatusOptions(snapshot).every((o) => !o.enabled)).toBe(true);
  });

  it('closes the reason step without sending anything', async () => {
    const backend = backendWith('TODO');
    const actor = await open(backend);
    actor.send({ type: 'deposit.changeStatus', to: 'CANCELED' });
    actor.send({ type: 'deposit.closeReason' });
    expect(actor.getSnapshot().value).toEqual({ ready: 'idle' });
    expect(actor.getSnapshot().context.pending).toBeNull();
    expect(backend.deposit.rowVersion).toBe(1);
  });

  it('refuses to abandon while products are online, naming the rule', async () => {
    const actor = await open(backendWith('INLINE', ['ONLINE', 'OFFLINE']));
    const abandon = selectStatusOptions(actor.getSnapshot()).find((o) => o.status === 'ABANDONED');
    expect(abandon).toMatchObject({
      enabled: false,
      reasonKey: 'depositRule.abandonWithProductsOnline',
    });
    actor.send({ type: 'deposit.changeStatus', to: 'ABANDONED' });
    expect(actor.getSnapshot().value).toEqual({ ready: 'idle' });
  });

  it('reloads the deposit after a server refusal and shows it with the rule named', async () => {
    const backend = backendWith('INLINE', ['OFFLINE']);
    const actor = await open(backend);
    // Someone put a product online since the page loaded: the server refuses the move back.
    backend.products[0]!.saleStatus = 4;
    const snapshot = await move(actor, 'PROGRESS');
    expect(snapshot.value).toEqual({ ready: 'idle' });
    expect(snapshot.hasTag('error')).toBe(false);
    expect(snapshot.context.refusal).toEqual({
      code: 'invalidRequest',
      rule: 'STATUS_TOO_EARLY_PRODUCTS_ONLINE_OR_SOLD',
    });
    expect(selectRefusalRuleKey(snapshot)).toBe('depositRule.statusTooEarlyProductsOnlineOrSold');
    // The reloaded counts judge every move again: the refused one is no longer offered, with why.
    expect(snapshot.context.counts).toEqual({ ONLINE: 1 });
    const progress = selectStatusOptions(snapshot).find((o) => o.status === 'PROGRESS');
    expect(progress).toMatchObject({
      enabled: false,
      reasonKey: 'depositRule.statusTooEarlyProductsOnlineOrSold',
    });
    expect(selectStatusOptions(snapshot).every((o) => o.enabled || o.current || o.reasonKey)).toBe(
      true,
    );
    actor.send({ type: 'deposit.dismiss' });
    expect(selectWasRefreshed(actor.getSnapshot())).toBe(false);
  });

  it('reloads the deposit when someone else changed it, keeping unsaved edits', async () => {
    const backend = backendWith('RECEIVED');
    const actor = await open(backend);
    actor.send({ type: 'deposit.editField', name: 'gamme', value: 'LUXURY' });
    backend.deposit = {
      ...backend.deposit,
      rowVersion: 5,
      name: 'Renommé ailleurs',
      status: PbStatus.TODO,
    };
    let snapshot = await move(actor, 'TODO');
    expect(snapshot.value).toEqual({ ready: 'idle' });
    expect(snapshot.context.refusal?.code).toBe('changedBySomeoneElse');
    expect(selectWasRefreshed(snapshot)).toBe(true);
    expect(selectRefusalRuleKey(snapshot)).toBeNull();
    expect(snapshot.context.deposit?.name).toBe('Renommé ailleurs');
    expect(snapshot.context.draft).toEqual({ gamme: 'LUXURY' });
    const options = selectStatusOptions(snapshot);
    expect(options.find((o) => o.current)?.status).toBe('TODO');
    expect(options.every((o) => o.enabled || o.current || o.reasonKey)).toBe(true);
    snapshot = await move(actor, 'PROGRESS');
    expect(snapshot.value).toEqual({ ready: 'idle' });
    expect(selectWasRefreshed(snapshot)).toBe(false);
    expect(backend.deposit.status).toBe(PbStatus.PROGRESS);
  });

  it('asks for a reload when a field save meets someone else’s change', async () => {
    const backend = backendWith('RECEIVED');
    const actor = await open(backend);
    backend.deposit = { ...backend.deposit, rowVersion: 5, name: 'Renommé ailleurs' };
    actor.send({ type: 'deposit.editField', name: 'gamme', value: 'LUXURY' });
    actor.send({ type: 'deposit.save' });
    let snapshot = await settled(actor);
    expect(snapshot.value).toEqual({ ready: 'stale' });
    expect(snapshot.context.error?.code).toBe('changedBySomeoneElse');
    actor.send({ type: 'deposit.reload' });
    snapshot = await settled(actor);
    expect(snapshot.context.deposit?.name).toBe('Renommé ailleurs');
  });

  it('saves edited fields through a partial update carrying the version', async () => {
    const backend = backendWith('RECEIVED');
    const actor = await open(backend);
    expect(actor.getSnapshot().can({ type: 'deposit.save' })).toBe(false);
    actor.send({ type: 'deposit.editField', name: 'name', value: 'Dépôt Dupont' });
    actor.send({ type: 'deposit.editField', name: 'gamme', value: 'LUXURY' });
    expect(selectFieldValues(actor.getSnapshot()).gamme).toBe('LUXURY');
    actor.send({ type: 'deposit.save' });
    const snapshot = await settled(actor);
    expect(snapshot.context.draft).toEqual({});
    expect(backend.deposit.name).toBe('Dépôt Dupont');
    expect(snapshot.context.deposit?.rowVersion).toBe(2);
    expect(selectFieldValues(snapshot)).toMatchObject({ name: 'Dépôt Dupont', gamme: 'LUXURY' });
  });

  it('keeps customers read only', async () => {
    const actor = await open(backendWith('RECEIVED', ['OFFLINE']), CUSTOMER);
    const snapshot = actor.getSnapshot();
    expect(selectStatusOptions(snapshot).some((o) => o.enabled)).toBe(false);
    expect(selectSaleStatusOptions(snapshot).some((o) => o.enabled)).toBe(false);
    actor.send({ type: 'deposit.editField', name: 'name', value: 'x' });
    expect(actor.getSnapshot().context.draft).toEqual({});
    expect(snapshot.context.adminOnly).toBeNull();
  });

  it('loads and saves the admin-only data for admin-level users', async () => {
    const backend = backendWith('RECEIVED');
    const actor = await open(backend, ADMIN);
    expect(actor.getSnapshot().context.adminOnly).toEqual({
      adminNotes: '',
      qualification: 'ACTION_REQUIRED',
    });
    actor.send({ type: 'deposit.editAdmin', adminNotes: 'Client rappelé' });
    actor.send({ type: 'deposit.editAdmin', qualification: 'QUALIFIED' });
    actor.send({ type: 'deposit.saveAdmin' });
    const snapshot = await settled(actor);
    expect(snapshot.context.adminOnly).toEqual({
      adminNotes: 'Client rappelé',
      qualification: 'QUALIFIED',
    });
    expect(backend.adminNotes).toBe('Client rappelé');
  });

  it('asks a professional for the depositor’s identity document, prefilled, and sends it with the reception', async () => {
    const backend = backendWith('SEND', [], {
      customer: 'customer-1',
      receptionIdDocumentType: 'Passeport',
      receptionIdDocumentNumber: '18AB12345',
    });
    backend.selfEmployed = true;
    const actor = await open(backend);
    actor.send({ type: 'deposit.changeStatus', to: 'RECEIVED' });
    let snapshot = actor.getSnapshot();
    expect(selectIsAskingIdDocument(snapshot)).toBe(true);
    expect(selectPendingIdDocument(snapshot)).toEqual({
      type: 'Passeport',
      number: '18AB12345',
      authority: '',
      date: '',
    });
    expect(selectIdDocumentProblems(snapshot)).toEqual({ authority: 'required', date: 'required' });
    actor.send({ type: 'deposit.confirmIdDocument' });
    expect(selectIsAskingIdDocument(actor.getSnapshot())).toBe(true);
    actor.send({
      type: 'deposit.setIdDocument',
      field: 'authority',
      value: ' Préfecture du Rhône ',
    });
    actor.send({ type: 'deposit.setIdDocument', field: 'date', value: '2999-01-01' });
    expect(selectIdDocumentProblems(actor.getSnapshot())).toEqual({ date: 'dateInFuture' });
    actor.send({ type: 'deposit.setIdDocument', field: 'date', value: '2021-03-15' });
    actor.send({ type: 'deposit.confirmIdDocument' });
    snapshot = await settled(actor);
    expect(selectStatus(snapshot)).toBe('RECEIVED');
    expect(backend.deposit.receptionIdDocumentAuthority).toBe('Préfecture du Rhône');
    expect(backend.deposit.receptionIdDocumentDate).toBe('2021-03-15');
  });

  it('closes the identity step without sending anything, and moves a non-professional straight on', async () => {
    const backend = backendWith('SEND', [], { customer: 'customer-1' });
    backend.selfEmployed = true;
    const actor = await open(backend);
    actor.send({ type: 'deposit.changeStatus', to: 'RECEIVED' });
    actor.send({ type: 'deposit.closeIdDocument' });
    expect(actor.getSnapshot().context.pending).toBeNull();
    expect(selectStatus(actor.getSnapshot())).toBe('SEND');
    const plain = backendWith('SEND', [], { customer: 'customer-1' });
    const snapshot = await move(await open(plain), 'RECEIVED');
    expect(selectStatus(snapshot)).toBe('RECEIVED');
  });

  it('asks for the document on the next try once the server said it is required', async () => {
    const backend = backendWith('SEND', [], { customer: 'customer-1' });
    const actor = await open(backend);
    // Became self-employed after the page loaded: the server is the judge.
    backend.selfEmployed = true;
    let snapshot = await move(actor, 'RECEIVED');
    expect(selectRefusalRuleKey(snapshot)).toBe('depositRule.idDocumentRequired');
    actor.send({ type: 'deposit.changeStatus', to: 'RECEIVED' });
    snapshot = actor.getSnapshot();
    expect(selectIsAskingIdDocument(snapshot)).toBe(true);
  });

  it('fails to load an unknown deposit and retries', async () => {
    const backend = backendWith('RECEIVED');
    backend.deposit = { ...backend.deposit, uuid: 'other' };
    const machine = depositMachine.provide({ actors: createDepositActors(backend.clients) });
    const actor = createActor(machine, { input: { uuid: 'd-1', viewer: OWNER } }).start();
    const snapshot = await waitFor(actor, (s) => !s.hasTag('busy'));
    expect(snapshot.value).toBe('loadFailed');
    expect(selectErrorKey(snapshot)).toBe('errors.notFound');
  });
});
