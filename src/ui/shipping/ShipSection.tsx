import {
  Button,
  Callout,
  Classes,
  Dialog,
  DialogBody,
  DialogFooter,
  FormGroup,
  H2,
  InputGroup,
  Intent,
  Radio,
  RadioGroup,
  Spinner,
} from '@blueprintjs/core';
import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { ActorRefFrom } from 'xstate';
import { deliveryServiceOf } from '../../domain/shipping/deliveryServices.ts';
import type {
  ProductLabel,
  productLabelMachine,
} from '../../machines/shipping/productLabelMachine.ts';
import { productLabelLogic, shipLogic } from '../../machines/shipping/shipLogic.ts';
import { canMakeLabel, placeOf, type shipMachine } from '../../machines/shipping/shipMachine.ts';
import {
  isPostalCode,
  isShippable,
  shippingStatusKey,
  shipRefusalKey,
} from '../../machines/shipping/shipTypes.ts';
import { useAppServices } from '../app/servicesContext.ts';
import { FailedState, PageState } from '../components/PageState.tsx';
import './shipping.css';

type ShipActor = ActorRefFrom<typeof shipMachine>;
type LabelActor = ActorRefFrom<typeof productLabelMachine>;

/**
 * The Shipping section of a sold product's page: the item's label when it has one (carrier, relay
 * point, tracking number, status with its date, PDF, cancel before it leaves), otherwise "Ship it",
 * which opens the label dialog. Nothing for an unsold product.
 */
export function ShipSection({ product, saleStatus }: { product: string; saleStatus: number }) {
  const { t } = useTranslation();
  const { clients } = useAppServices();
  const logic = useMemo(() => shipLogic(clients), [clients]);
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

function LabelShown({ actor, label }: { actor: LabelActor; label: ProductLabel }) {
  const { t, i18n } = useTranslation();
  const busy = useSelector(actor, (s) => s.hasTag('busy'));
  const downloading = useSelector(actor, (s) => s.matches('downloading'));
  const confirming = useSelector(actor, (s) => s.matches('confirming'));
  const cancelling = useSelector(actor, (s) => s.matches('cancelling'));
  const refusal = useSelector(actor, (s) => s.context.refusal);
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
        <dd data-testid="product-label-tracking">{label.trackingNumber}</dd>
        <dt>{t('shipping.deliveryStatus')}</dt>
        <dd data-testid="product-label-status">
          {t(shippingStatusKey(label.status))}
          {date && ` (${date})`}
        </dd>
      </dl>
      {refusal && (
        <Callout intent={Intent.DANGER} role="alert" data-testid="product-label-refusal">
          {t(shipRefusalKey(refusal))}
        </Callout>
      )}
      <div className="seconde-ship-label-actions">
        <Button
          icon="download"
          text={t('shipping.download')}
          loading={downloading}
          disabled={busy}
          onClick={() => actor.send({ type: 'label.download' })}
          data-testid="product-label-download"
        />
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

function ShipDialog({ actor }: { actor: ShipActor }) {
  const { t } = useTranslation();
  const open = useSelector(actor, (s) => !s.matches('closed'));
  const loading = useSelector(actor, (s) => s.matches({ open: 'loading' }));
  const failed = useSelector(actor, (s) => s.hasTag('error'));
  const errorCode = useSelector(actor, (s) => s.context.errorCode);
  const creating = useSelector(actor, (s) => s.matches({ open: 'creating' }));
  const close = () => actor.send({ type: 'ship.close' });
  return (
    <Dialog
      isOpen={open}
      onClose={close}
      title={t('shipping.shipTitle')}
      icon="box"
      canEscapeKeyClose={!creating}
      canOutsideClickClose={false}
      isCloseButtonShown={!creating}
      style={{ maxWidth: 'calc(100vw - 16px)' }}
    >
      {loading ? (
        <DialogBody>
          <PageState testId="ship-loading" icon={<Spinner />} title={t('shipping.loading')} />
        </DialogBody>
      ) : failed ? (
        <DialogBody>
          <FailedState
            testId="ship-failed"
            title={t('shipping.loadFailed')}
            errorCode={errorCode}
            retryText={t('shipping.retry')}
            onRetry={() => actor.send({ type: 'ship.retry' })}
          />
        </DialogBody>
      ) : (
        <ShipBody actor={actor} />
      )}
    </Dialog>
  );
}

function ShipBody({ actor }: { actor: ShipActor }) {
  const { t } = useTranslation();
  const context = useSelector(actor, (s) => s.context);
  const busy = useSelector(actor, (s) => s.hasTag('busy'));
  const searching = useSelector(actor, (s) => s.matches({ open: 'searching' }));
  const creating = useSelector(actor, (s) => s.matches({ open: 'creating' }));
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
        {context.freeRemaining <= 0 && (
          <Callout intent={Intent.WARNING} data-testid="ship-no-free-label">
            {t('shipping.noFreeLabel')}
          </Callout>
        )}
        <p>
          {t('shipping.leavesFrom', {
            place: place.name,
            carrier: deliveryServiceOf(place.deliveryService)?.name ?? '',
          })}
        </p>
        <FormGroup
          label={t('shipping.buyerPostalCode')}
          labelFor="ship-postal-code"
          helperText={t('shipping.postalCodeHelp')}
        >
          <div className="seconde-ship-search">
            <InputGroup
              id="ship-postal-code"
              inputMode="numeric"
              autoComplete="postal-code"
              value={context.postalCode}
              onValueChange={(value) => actor.send({ type: 'ship.postalCode', value })}
              onKeyDown={(e) => {
                if (e.key === 'Enter') {
                  e.preventDefault();
                  actor.send({ type: 'ship.search' });
                }
              }}
              data-testid="ship-postal-code"
            />
            <Button
              icon="search"
              text={t('shipping.search')}
              loading={searching}
              disabled={busy || !isPostalCode(context.postalCode)}
              onClick={() => actor.send({ type: 'ship.search' })}
              data-testid="ship-search"
            />
          </div>
        </FormGroup>
        {context.searched &&
          (context.points.length === 0 ? (
            <p data-testid="ship-no-points">{t('shipping.noPoints')}</p>
          ) : (
            <RadioGroup
              label={t('shipping.points')}
              selectedValue={context.pointId ?? undefined}
              onChange={(e) => actor.send({ type: 'ship.pickPoint', id: e.currentTarget.value })}
              disabled={busy}
              className="seconde-ship-points"
            >
              {context.points.map((p) => (
                <Radio
                  key={p.id}
                  value={p.id}
                  data-testid={`ship-point-${p.id}`}
                  labelElement={
                    <span>
                      <strong>{p.name}</strong>, {p.address}, {p.postalCode} {p.city}{' '}
                      <span className={Classes.TEXT_MUTED}>
                        ({t('shipping.distance', { distance: Math.round(p.distance) })})
                      </span>
                    </span>
                  }
                />
              ))}
            </RadioGroup>
          ))}
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
      </DialogBody>
      <DialogFooter
        actions={
          <>
            <Button text={t('shipping.close')} onClick={close} disabled={creating} />
            <Button
              type="submit"
              intent={Intent.PRIMARY}
              icon="tag"
              text={t('shipping.makeLabel')}
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
