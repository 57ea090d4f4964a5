import { Code, ConnectError } from '@connectrpc/connect';
import { describe, expect, it } from 'vitest';
import type { SnapshotFrom } from 'xstate';
import { describePaths, done, failure, walkPaths, type StepInfo } from '../testing/walkPaths.ts';
import {
  canCredit,
  canMove,
  invoiceActionsMachine,
  type ActionInvoice,
  type InvoiceActionsEvent,
} from './invoiceActionsMachine.ts';

type Snapshot = SnapshotFrom<typeof invoiceActionsMachine>;

const VENDOR = 'vendor-1';
const UNPAID: ActionInvoice = {
  uuid: 'i1',
  number: 'RV-2026-000001',
  status: 'NOT_PAYED',
  isCreditNote: false,
  remainingCents: 4200,
  issuer: `vendor:${VENDOR}`,
};
const PAID: ActionInvoice = { ...UNPAID, uuid: 'i2', number: 'RV-2026-000002', status: 'PAYED' };
const CREDIT_NOTE: ActionInvoice = {
  ...UNPAID,
  uuid: 'i3',
  number: 'AV-2026-000001',
  isCreditNote: true,
  remainingCents: 0,
};
const PLATFORM: ActionInvoice = { ...UNPAID, uuid: 'i4', issuer: 'platform' };
const refused = (reason: string, code = Code.FailedPrecondition) =>
  new ConnectError(JSON.stringify({ code: reason, message: 'no' }), code);

const USER_EVENTS: InvoiceActionsEvent[] = [
  { type: 'invoice.download', invoice: UNPAID },
  { type: 'invoice.markPaid', invoice: UNPAID },
  { type: 'invoice.markPaid', invoice: PAID },
  { type: 'invoice.confirmPayment', invoice: PAID },
  { type: 'invoice.confirmPayment', invoice: UNPAID },
  { type: 'invoice.creditNote', invoice: UNPAID },
  { type: 'invoice.creditNote', invoice: CREDIT_NOTE },
  { type: 'invoice.creditNote', invoice: PLATFORM },
  { type: 'invoice.reason', value: 'Article retourné' },
  { type: 'invoice.reason', value: '   ' },
  { type: 'invoice.confirm' },
  { type: 'invoice.cancel' },
];
const EVENTS = [
  ...USER_EVENTS,
  done('downloadInvoice'),
  failure('downloadInvoice', refused('INVOICE_HAS_NO_DOCUMENT')),
  done('updateStatus'),
  failure('updateStatus', refused('INVOICE_STATUS_BACKWARDS')),
  failure('updateStatus', new ConnectError('down', Code.Unavailable)),
  done('createCreditNote'),
  failure('createCreditNote', refused('CREDIT_NOTE_EXCEEDS_INVOICE')),
];

/** The checks shared by the vendor's and the staff's walks. */
const checkFor =
  (isStaff: boolean) =>
  (s: Snapshot, { where, event, previous, started, emitted }: StepInfo<Snapshot>) => {
    const c = s.context;
    // A target exactly while an action is open or running.
    expect(c.target !== null, where).toBe(!s.matches('idle'));
    for (const { id, input } of started) {
      const target = previous?.context.target ?? c.target;
      if (id === 'updateStatus') {
        const { to } = input as { to: 'PAYED' | 'PAYEMENT_CONFIRMED' };
        // Only moves the rules allow: one step forward, confirming by staff only.
        expect(target && canMove(target, to, isStaff), where).toBe(true);
        if (!isStaff) expect(to, where).toBe('PAYED');
      }
      if (id === 'createCreditNote') {
        expect(target && canCredit(target, isStaff, VENDOR), where).toBe(true);
        expect((input as { reason: string }).reason, where).toBe('Article retourné');
      }
    }
    const types = emitted.map((e) => e.type);
    if (event.type === 'xstate.done.actor.downloadInvoice')
      expect(types, where).toEqual(['invoice.downloaded']);
    else if (event.type === 'xstate.error.actor.downloadInvoice') {
      expect(emitted, where).toEqual([
        {
          type: 'invoice.downloadFailed',
          number: UNPAID.number,
          errorKey: 'invoices.reasonInvoiceHasNoDocument',
        },
      ]);
      expect(s.matches('idle'), where).toBe(true);
    } else if (
      event.type === 'xstate.done.actor.updateStatus' ||
      event.type === 'xstate.done.actor.createCreditNote'
    )
      expect(types, where).toEqual(['invoice.changed']);
    else expect(types, where).toEqual([]);
    // Refusals stay in their dialog, with their text.
    if (event.type === 'xstate.error.actor.updateStatus')
      expect(s.matches({ confirmingStatus: 'refused' }) && c.errorKey !== null, where).toBe(true);
    if (event.type === 'xstate.error.actor.createCreditNote') {
      expect(s.matches({ creditNote: 'refused' }), where).toBe(true);
      expect(c.errorKey, where).toBe('invoices.reasonCreditNoteExceedsInvoice');
    }
  };

const walkFor = (isStaff: boolean) =>
  walkPaths({
    machine: invoiceActionsMachine,
    input: { isStaff, vendorUuid: VENDOR },
    events: EVENTS,
    errorOf: (s) => s.context.errorCode,
    check: checkFor(isStaff),
  });

const SIMPLE = {
  events: EVENTS.filter(
    (e) =>
      e.type === 'invoice.markPaid' ||
      e.type === 'invoice.confirmPayment' ||
      e.type === 'invoice.confirm' ||
      e.type === 'xstate.done.actor.updateStatus',
  ),
  atLeast: () => 2,
};

describePaths('invoiceActionsMachine (staff)', walkFor(true), {
  ...SIMPLE,
  title: 'of status moves',
});

describe('invoiceActionsMachine (vendor)', () => {
  const walk = walkFor(false);
  it('never reaches a payment confirmation, and replays every shortest path', async () => {
    const paths = walk.shortest();
    for (const path of paths) {
      await walk.replay(path);
      expect(
        path.steps.some(
          (step) =>
            step.event.type === 'invoice.confirmPayment' && step.state.matches('confirmingStatus'),
        ),
      ).toBe(false);
    }
  });
});

describe('invoice action rules', () => {
  it('offer paying one step at a time and credit notes to the issuer only', () => {
    expect(canMove(UNPAID, 'PAYED', false)).toBe(true);
    expect(canMove(UNPAID, 'PAYEMENT_CONFIRMED', true)).toBe(false);
    expect(canMove(PAID, 'PAYEMENT_CONFIRMED', false)).toBe(false);
    expect(canMove(PAID, 'PAYEMENT_CONFIRMED', true)).toBe(true);
    expect(canMove(PAID, 'PAYED', true)).toBe(false);
    expect(canCredit(UNPAID, false, VENDOR)).toBe(true);
    expect(canCredit(UNPAID, false, 'someone-else')).toBe(false);
    expect(canCredit(PLATFORM, false, VENDOR)).toBe(false);
    expect(canCredit(PLATFORM, true, null)).toBe(true);
    expect(canCredit(CREDIT_NOTE, true, null)).toBe(false);
    expect(canCredit({ ...UNPAID, remainingCents: 0 }, true, null)).toBe(false);
  });
});
