import {
  Button,
  Callout,
  Classes,
  Dialog,
  DialogBody,
  DialogFooter,
  Intent,
} from '@blueprintjs/core';
import { useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { ActorRefFrom } from 'xstate';
import { deliveryServiceOf } from '../../domain/shipping/deliveryServices.ts';
import type {
  ProductLabel,
  productLabelMachine,
} from '../../machines/shipping/productLabelMachine.ts';
import { shippingStatusKey, shipRefusalKey } from '../../machines/shipping/shipTypes.ts';
import { ChangePointDialog } from './ChangePointDialog.tsx';

type LabelActor = ActorRefFrom<typeof productLabelMachine>;

/**
 * A product's label: carrier, relay point, tracking number, status with its date; the PDF, a
 * payment still to make, a paid label to make again, "change relay point" and cancel.
 */
export function LabelShown({ actor, label }: { actor: LabelActor; label: ProductLabel }) {
  const { t, i18n } = useTranslation();
  const busy = useSelector(actor, (s) => s.hasTag('busy'));
  const downloading = useSelector(actor, (s) => s.matches('downloading'));
  const confirming = useSelector(actor, (s) => s.matches('confirming'));
  const cancelling = useSelector(actor, (s) => s.matches('cancelling'));
  const remaking = useSelector(actor, (s) => s.matches('remaking'));
  const refusal = useSelector(actor, (s) => s.context.refusal);
  const unmade = label.awaitingPayment !== null || label.paidNotMade;
  const date = label.statusAt
    ? new Date(label.statusAt).toLocaleString(i18n.language, {
        dateStyle: 'medium',
        timeStyle: 'short',
      })
    : '';
  return (
    <div data-testid="product-label">
      <dl className="seconde-ship-label">
        <dt>{t('shipping.carrier')}</dt>
        <dd>{deliveryServiceOf(label.deliveryService)?.name ?? ''}</dd>
        <dt>{t('shipping.relayPoint')}</dt>
        <dd>{t('shipping.relayPointNumber', { id: label.servicePointId })}</dd>
        <dt>{t('shipping.trackingNumber')}</dt>
        <dd data-testid="product-label-tracking">
          {label.trackingNumber || t('shipping.noTracking')}
        </dd>
        <dt>{t('shipping.deliveryStatus')}</dt>
        <dd data-testid="product-label-status">
          {label.awaitingPayment
            ? t('shipping.statusAwaitingPayment')
            : t(shippingStatusKey(label.status))}
          {date && ` (${date})`}
        </dd>
      </dl>
      {label.paidNotMade && (
        <Callout intent={Intent.WARNING} data-testid="product-label-paid-not-made">
          {t('shipping.paidNotMade')}
        </Callout>
      )}
      {refusal && (
        <Callout intent={Intent.DANGER} role="alert" data-testid="product-label-refusal">
          {t(shipRefusalKey(refusal))}
        </Callout>
      )}
      <div className="seconde-ship-label-actions">
        {label.awaitingPayment && (
          <Link
            to={`/payments/${label.awaitingPayment}`}
            className={`${Classes.BUTTON} ${Classes.INTENT_PRIMARY}`}
            data-testid="product-label-pay"
          >
            {t('shipping.payLabel')}
          </Link>
        )}
        {label.paidNotMade && (
          <Button
            icon="refresh"
            intent={Intent.PRIMARY}
            text={t('shipping.remake')}
            loading={remaking}
            disabled={busy}
            onClick={() => actor.send({ type: 'label.remake' })}
            data-testid="product-label-remake"
          />
        )}
        {!unmade && (
          <Button
            icon="download"
            text={t('shipping.download')}
            loading={downloading}
            disabled={busy}
            onClick={() => actor.send({ type: 'label.download' })}
            data-testid="product-label-download"
          />
        )}
        {label.regenerable && !label.paidNotMade && (
          <Button
            icon="map-marker"
            text={t('shipping.changePoint')}
            disabled={busy}
            onClick={() => actor.send({ type: 'label.changePoint' })}
            data-testid="product-label-change-point"
          />
        )}
        {label.cancellable && (
          <Button
            icon="cross"
            intent={Intent.DANGER}
            text={t('shipping.cancelLabel')}
            loading={cancelling}
            disabled={busy}
            onClick={() => actor.send({ type: 'label.cancel' })}
            data-testid="product-label-cancel"
          />
        )}
      </div>
      <ChangePointDialog actor={actor} />
      <Dialog
        isOpen={confirming}
        onClose={() => actor.send({ type: 'label.keep' })}
        title={t('shipping.cancelTitle')}
        icon="trash"
        style={{ maxWidth: 'calc(100vw - 16px)' }}
      >
        <DialogBody>
          <p>{t('shipping.cancelQuestion', { tracking: label.trackingNumber })}</p>
        </DialogBody>
        <DialogFooter
          actions={
            <>
              <Button
                text={t('shipping.cancelKeep')}
                onClick={() => actor.send({ type: 'label.keep' })}
              />
              <Button
                intent={Intent.DANGER}
                text={t('shipping.cancelConfirm')}
                onClick={() => actor.send({ type: 'label.confirmCancel' })}
                data-testid="product-label-cancel-confirm"
              />
            </>
          }
        />
      </Dialog>
    </div>
  );
}
