import {
  Button,
  Callout,
  Classes,
  DialogBody,
  DialogFooter,
  FormGroup,
  H2,
  HTMLSelect,
  InputGroup,
  Intent,
  Spinner,
} from '@blueprintjs/core';
import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { ActorRefFrom, SnapshotFrom } from 'xstate';
import { deliveryServiceOf } from '../../domain/shipping/deliveryServices.ts';
import { productLabelLogic, shipLogic } from '../../machines/shipping/shipLogic.ts';
import {
  canMakeLabel,
  isPaidLabel,
  placeOf,
  type shipMachine,
} from '../../machines/shipping/shipMachine.ts';
import { isShippable, shipRefusalKey } from '../../machines/shipping/shipTypes.ts';
import { useAppServices } from '../app/servicesContext.ts';
import { RelayPointPicker } from './RelayPointPicker.tsx';
import { formatPrice } from '../components/format.ts';
import { LoadingDialog } from '../components/LoadingDialog.tsx';
import { FailedState } from '../components/PageState.tsx';
import { LabelShown } from './LabelPanel.tsx';
import './shipping.css';

type ShipActor = ActorRefFrom<typeof shipMachine>;

/** A paid label's checkout page is the provider's: the browser leaves for it. */
const leave = (url: string) => window.location.assign(url);

/**
 * The Shipping section of a sold product's page: the item's label when it has one (carrier, relay
 * point, tracking number, status with its date, PDF, cancel before it leaves), otherwise "Ship it",
 * which opens the label dialog. Nothing for an unsold product.
 */
export function ShipSection({ product, saleStatus }: { product: string; saleStatus: number }) {
  const { t } = useTranslation();
  const { clients } = useAppServices();
  const logic = useMemo(() => shipLogic(clients, leave), [clients]);
  const actor = useActorRef(logic, { input: { product } });
  const labelLogic = useMemo(() => productLabelLogic(clients), [clients]);
  const labelActor = useActorRef(labelLogic, { input: { product } });
  useEffect(() => {
    const made = actor.on('ship.labelMade', () => labelActor.send({ type: 'label.reload' }));
    return () => made.unsubscribe();
  }, [actor, labelActor]);
  const loading = useSelector(labelActor, (s) => s.matches('loading'));
  const failed = useSelector(labelActor, (s) => s.hasTag('error'));
  const errorCode = useSelector(labelActor, (s) => s.context.errorCode);
  const label = useSelector(labelActor, (s) => s.context.label);
  if (!isShippable(saleStatus)) return null;
  return (
    <section aria-labelledby="product-ship-title" data-testid="product-ship">
      <H2 id="product-ship-title">{t('shipping.shipSection')}</H2>
      {label ? (
        <LabelShown actor={labelActor} label={label} />
      ) : loading ? (
        <Spinner size={20} aria-label={t('shipping.loading')} />
      ) : failed ? (
        <FailedState
          testId="product-label-failed"
          title={t('shipping.labelLoadFailed')}
          errorCode={errorCode}
          retryText={t('shipping.retry')}
          onRetry={() => labelActor.send({ type: 'label.retry' })}
        />
      ) : (
        <>
          <p className={Classes.TEXT_MUTED}>{t('shipping.shipSectionHelp')}</p>
          <Button
            icon="box"
            intent={Intent.PRIMARY}
            text={t('shipping.shipIt')}
            onClick={() => actor.send({ type: 'ship.open' })}
            data-testid="ship-open"
          />
        </>
      )}
      <ShipDialog actor={actor} />
    </section>
  );
}

/** Making a label (free, or paid and leaving for its checkout page) cannot be walked away from. */
const isCreating = (s: SnapshotFrom<typeof shipMachine>) =>
  s.matches({ open: 'creating' }) ||
  s.matches({ open: 'creatingPaid' }) ||
  s.matches({ open: 'leaving' });

function ShipDialog({ actor }: { actor: ShipActor }) {
  const { t } = useTranslation();
  const open = useSelector(actor, (s) => !s.matches('closed'));
  const loading = useSelector(actor, (s) => s.matches({ open: 'loading' }));
  const failed = useSelector(actor, (s) => s.hasTag('error'));
  const errorCode = useSelector(actor, (s) => s.context.errorCode);
  const creating = useSelector(actor, isCreating);
  const close = () => actor.send({ type: 'ship.close' });
  return (
    <LoadingDialog
      isOpen={open}
      onClose={close}
      title={t('shipping.shipTitle')}
      icon="box"
      locked={creating}
      testId="ship"
      loading={loading}
      loadingTitle={t('shipping.loading')}
      failed={failed}
      failedTitle={t('shipping.loadFailed')}
      errorCode={errorCode}
      retryText={t('shipping.retry')}
      onRetry={() => actor.send({ type: 'ship.retry' })}
    >
      <ShipBody actor={actor} />
    </LoadingDialog>
  );
}

function ShipBody({ actor }: { actor: ShipActor }) {
  const { t, i18n } = useTranslation();
  const context = useSelector(actor, (s) => s.context);
  const busy = useSelector(actor, (s) => s.hasTag('busy'));
  const searching = useSelector(actor, (s) => s.matches({ open: 'searching' }));
  const creating = useSelector(actor, isCreating);
  const leaving = useSelector(actor, (s) => s.matches({ open: 'leaving' }));
  const paid = isPaidLabel(context);
  const price = formatPrice(context.priceCents / 100, i18n.language);
  const downloading = useSelector(actor, (s) => s.matches({ open: 'downloading' }));
  const place = placeOf(context);
  const refusal = context.refusal;
  const close = () => actor.send({ type: 'ship.close' });
  const refusalCallout = refusal && (
    <Callout intent={Intent.DANGER} role="alert" data-testid="ship-refusal">
      {t(shipRefusalKey(refusal))}
    </Callout>
  );

  if (context.label)
    return (
      <>
        <DialogBody>
          <Callout intent={Intent.SUCCESS} role="status" data-testid="ship-made">
            {t('shipping.labelMade', { tracking: context.label.trackingNumber })}
          </Callout>
          {refusalCallout}
        </DialogBody>
        <DialogFooter
          actions={
            <>
              <Button text={t('shipping.close')} onClick={close} disabled={downloading} />
              <Button
                intent={Intent.PRIMARY}
                icon="download"
                text={t('shipping.download')}
                loading={downloading}
                onClick={() => actor.send({ type: 'ship.download' })}
                data-testid="ship-download"
              />
            </>
          }
        />
      </>
    );

  if (!place)
    return (
      <DialogBody>
        <Callout intent={Intent.WARNING} data-testid="ship-no-place">
          <p>{t('shipping.noPlace')}</p>
          <Link to="/edit-profile/delivery-places">{t('shipping.managePlaces')}</Link>
        </Callout>
      </DialogBody>
    );

  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        actor.send({ type: 'ship.submit' });
      }}
      noValidate
    >
      <DialogBody>
        <p data-testid="ship-free-remaining">
          {t('shipping.freeRemaining', { count: context.freeRemaining })}
        </p>
        {paid && (
          <Callout intent={Intent.WARNING} data-testid="ship-no-free-label">
            {t('shipping.noFreeLabel', { price })}
          </Callout>
        )}
        <p>
          {t('shipping.leavesFrom', {
            place: place.name,
            carrier: deliveryServiceOf(place.deliveryService)?.name ?? '',
          })}
        </p>
        <RelayPointPicker
          prefix="ship"
          postalCode={context.postalCode}
          points={context.points}
          pointId={context.pointId}
          searched={context.searched}
          busy={busy}
          searching={searching}
          helperText={t('shipping.postalCodeHelp')}
          onPostalCode={(value) => actor.send({ type: 'ship.postalCode', value })}
          onSearch={() => actor.send({ type: 'ship.search' })}
          onPick={(id) => actor.send({ type: 'ship.pickPoint', id })}
        />
        {context.priceBands.length > 0 && (
          <FormGroup label={t('shipping.parcelWeight')} labelFor="ship-weight">
            <HTMLSelect
              id="ship-weight"
              value={context.weightKg}
              disabled={busy}
              onChange={(e) =>
                actor.send({ type: 'ship.weight', kg: Number(e.currentTarget.value) })
              }
              data-testid="ship-weight"
            >
              {context.priceBands.map((b) => (
                <option key={b.maxKg} value={b.maxKg}>
                  {paid
                    ? t('shipping.weightBandPrice', {
                        kg: b.maxKg,
                        price: formatPrice(b.priceCents / 100, i18n.language),
                      })
                    : t('shipping.weightBand', { kg: b.maxKg })}
                </option>
              ))}
            </HTMLSelect>
          </FormGroup>
        )}
        <FormGroup label={t('shipping.recipientName')} labelFor="ship-recipient-name">
          <InputGroup
            id="ship-recipient-name"
            autoComplete="off"
            value={context.recipientName}
            onValueChange={(value) => actor.send({ type: 'ship.recipientName', value })}
            data-testid="ship-recipient-name"
          />
        </FormGroup>
        {refusalCallout}
        {leaving && (
          <p role="status" data-testid="ship-leaving">
            {t('shipping.leavingForPayment')}
          </p>
        )}
      </DialogBody>
      <DialogFooter
        actions={
          <>
            <Button text={t('shipping.close')} onClick={close} disabled={creating} />
            <Button
              type="submit"
              intent={Intent.PRIMARY}
              icon={paid ? 'credit-card' : 'tag'}
              text={paid ? t('shipping.makePaidLabel', { price }) : t('shipping.makeLabel')}
              loading={creating}
              disabled={busy || !canMakeLabel(context)}
              data-testid="ship-make-label"
            />
          </>
        }
      />
    </form>
  );
}
