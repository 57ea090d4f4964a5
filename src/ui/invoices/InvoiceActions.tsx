import {
  Button,
  Callout,
  Dialog,
  DialogBody,
  DialogFooter,
  FormGroup,
  Intent,
  TextArea,
} from '@blueprintjs/core';
import { useSelector } from '@xstate/react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { ActorRefFrom } from 'xstate';
import {
  CREDIT_NOTE_REASON_MAX,
  canCredit,
  canMove,
  type invoiceActionsMachine,
} from '../../machines/invoices/invoiceActionsMachine.ts';
import type { InvoiceLine } from '../../machines/invoices/invoiceLogic.ts';
import { FormDialogFooter } from '../components/FormDialogFooter.tsx';
import { formatPrice } from '../components/format.ts';

type ActionsActor = ActorRefFrom<typeof invoiceActionsMachine>;

/** The PDF of an invoice the app issued, fetched on click; busy while it comes. */
export function InvoiceDownload({ actor, invoice }: { actor: ActionsActor; invoice: InvoiceLine }) {
  const { t } = useTranslation();
  const downloading = useSelector(
    actor,
    (s) => s.matches('downloading') && s.context.target?.uuid === invoice.uuid,
  );
  const idle = useSelector(actor, (s) => s.matches('idle'));
  return (
    <Button
      variant="minimal"
      icon="download"
      text={t('invoices.download')}
      aria-label={t('invoices.downloadInvoice', { number: invoice.number })}
      loading={downloading}
      disabled={!idle && !downloading}
      data-testid="invoice-download"
      onClick={() => actor.send({ type: 'invoice.download', invoice })}
    />
  );
}

/**
 * A row's status and credit-note buttons: each offered when the invoicing rules allow it for the
 * caller (confirming a payment: staff only), usable while no other action runs.
 */
export function InvoiceRowActions({
  actor,
  invoice,
}: {
  actor: ActionsActor;
  invoice: InvoiceLine;
}) {
  const { t } = useTranslation();
  const isStaff = useSelector(actor, (s) => s.context.isStaff);
  const vendorUuid = useSelector(actor, (s) => s.context.vendorUuid);
  const idle = useSelector(actor, (s) => s.matches('idle'));
  const offers = {
    markPaid: canMove(invoice, 'PAYED', isStaff),
    confirmPayment: canMove(invoice, 'PAYEMENT_CONFIRMED', isStaff),
    creditNote: canCredit(invoice, isStaff, vendorUuid),
  };
  const label = t('invoices.rowActions', { number: invoice.number });
  return (
    <div role="group" aria-label={label} className="seconde-row-actions">
      {offers.markPaid && (
        <Button
          variant="minimal"
          icon="tick"
          text={t('invoices.markPaid')}
          disabled={!idle}
          data-testid="invoice-mark-paid"
          onClick={() => actor.send({ type: 'invoice.markPaid', invoice })}
        />
      )}
      {offers.confirmPayment && (
        <Button
          variant="minimal"
          icon="tick-circle"
          text={t('invoices.confirmPayment')}
          disabled={!idle}
          data-testid="invoice-confirm-payment"
          onClick={() => actor.send({ type: 'invoice.confirmPayment', invoice })}
        />
      )}
      {offers.creditNote && (
        <Button
          variant="minimal"
          icon="undo"
          text={t('invoices.creditNote')}
          disabled={!idle}
          data-testid="invoice-credit-note"
          onClick={() => actor.send({ type: 'invoice.creditNote', invoice })}
        />
      )}
    </div>
  );
}

/** The confirmation of a status change, and the credit note's reason, as dialogs. */
export function InvoiceActionDialogs({ actor }: { actor: ActionsActor }) {
  const { t, i18n } = useTranslation();
  const id = useId();
  const target = useSelector(actor, (s) => s.context.target);
  const to = useSelector(actor, (s) => s.context.to);
  const reason = useSelector(actor, (s) => s.context.reason);
  const errorKey = useSelector(actor, (s) => s.context.errorKey);
  const asking = useSelector(actor, (s) => s.matches('confirmingStatus'));
  const updating = useSelector(actor, (s) => s.matches('updatingStatus'));
  const crediting = useSelector(actor, (s) => s.matches('creditNote'));
  const creating = useSelector(actor, (s) => s.matches('creatingCreditNote'));
  const reasonMissing = useSelector(actor, (s) => s.matches({ creditNote: 'missing' }));
  const cancel = () => actor.send({ type: 'invoice.cancel' });
  const number = target?.number ?? '';
  const error = errorKey && (
    <Callout intent={Intent.DANGER} role="alert" data-testid="invoice-action-error">
      {t(errorKey)}
    </Callout>
  );
  const confirming = to === 'PAYEMENT_CONFIRMED';
  return (
    <>
      <Dialog
        isOpen={asking || updating}
        onClose={updating ? undefined : cancel}
        title={t(confirming ? 'invoices.confirmPaymentTitle' : 'invoices.markPaidTitle')}
      >
        <DialogBody>
          {error}
          <p>
            {t(confirming ? 'invoices.confirmPaymentText' : 'invoices.markPaidText', { number })}
          </p>
        </DialogBody>
        <DialogFooter
          actions={
            <>
              <Button text={t('invoices.cancel')} disabled={updating} onClick={cancel} />
              <Button
                intent={Intent.PRIMARY}
                text={t('invoices.confirm')}
                loading={updating}
                data-testid="invoice-status-confirm"
                onClick={() => actor.send({ type: 'invoice.confirm' })}
              />
            </>
          }
        />
      </Dialog>
      <Dialog
        isOpen={crediting || creating}
        onClose={creating ? undefined : cancel}
        title={t('invoices.creditNoteTitle')}
      >
        <form
          noValidate
          aria-label={t('invoices.creditNoteTitle')}
          onSubmit={(e) => {
            e.preventDefault();
            actor.send({ type: 'invoice.confirm' });
          }}
        >
          <DialogBody>
            {error}
            <p>
              {t('invoices.creditNoteText', {
                number,
                amount: formatPrice((target?.remainingCents ?? 0) / 100, i18n.language),
              })}
            </p>
            <FormGroup
              label={t('invoices.creditNoteReason')}
              labelFor={`${id}-reason`}
              intent={reasonMissing ? Intent.DANGER : Intent.NONE}
              helperText={
                <span id={`${id}-reason-help`}>
                  {t(
                    reasonMissing
                      ? 'invoices.errorReasonRequired'
                      : 'invoices.creditNoteReasonHelp',
                  )}
                </span>
              }
            >
              <TextArea
                id={`${id}-reason`}
                fill
                required
                maxLength={CREDIT_NOTE_REASON_MAX}
                inputRef={(el) => {
                  if (el && reasonMissing) el.focus();
                }}
                intent={reasonMissing ? Intent.DANGER : Intent.NONE}
                aria-invalid={reasonMissing ? true : undefined}
                aria-describedby={`${id}-reason-help`}
                value={reason}
                onChange={(e) => actor.send({ type: 'invoice.reason', value: e.target.value })}
              />
            </FormGroup>
          </DialogBody>
          <FormDialogFooter
            cancelText={t('invoices.cancel')}
            submitText={t('invoices.creditNoteSubmit')}
            busy={creating}
            onCancel={cancel}
            submitTestId="invoice-credit-note-submit"
          />
        </form>
      </Dialog>
    </>
  );
}
