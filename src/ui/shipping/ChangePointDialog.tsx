import { Button, Callout, Dialog, DialogBody, DialogFooter, Intent } from '@blueprintjs/core';
import { useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import type { ActorRefFrom } from 'xstate';
import type { productLabelMachine } from '../../machines/shipping/productLabelMachine.ts';
import { shipRefusalKey } from '../../machines/shipping/shipTypes.ts';
import { RelayPointPicker } from './RelayPointPicker.tsx';

type LabelActor = ActorRefFrom<typeof productLabelMachine>;

/**
 * "Change relay point" on a label not yet left: relay points of the label's carrier around a
 * postal code, one picked, and the label made again for it (the old one cancelled at the carrier).
 */
export function ChangePointDialog({ actor }: { actor: LabelActor }) {
  const { t } = useTranslation();
  const open = useSelector(actor, (s) => s.matches('changing'));
  const change = useSelector(actor, (s) => s.context.change);
  const refusal = useSelector(actor, (s) => s.context.refusal);
  const busy = useSelector(actor, (s) => s.hasTag('busy'));
  const searching = useSelector(actor, (s) => s.matches({ changing: 'searching' }));
  const regenerating = useSelector(actor, (s) => s.matches({ changing: 'regenerating' }));
  const keep = () => actor.send({ type: 'label.keepPoint' });
  return (
    <Dialog
      isOpen={open}
      onClose={keep}
      title={t('shipping.changePointTitle')}
      icon="map-marker"
      canEscapeKeyClose={!regenerating}
      canOutsideClickClose={false}
      isCloseButtonShown={!regenerating}
      style={{ maxWidth: 'calc(100vw - 16px)' }}
    >
      <form
        onSubmit={(e) => {
          e.preventDefault();
          actor.send({ type: 'label.confirmPoint' });
        }}
        noValidate
      >
        <DialogBody>
          <p>{t('shipping.changePointHelp')}</p>
          <RelayPointPicker
            prefix="change"
            postalCode={change.postalCode}
            points={change.points}
            pointId={change.pointId}
            searched={change.searched}
            busy={busy}
            searching={searching}
            onPostalCode={(value) => actor.send({ type: 'label.postalCode', value })}
            onSearch={() => actor.send({ type: 'label.search' })}
            onPick={(id) => actor.send({ type: 'label.pickPoint', id })}
          />
          {refusal && (
            <Callout intent={Intent.DANGER} role="alert" data-testid="change-point-refusal">
              {t(shipRefusalKey(refusal))}
            </Callout>
          )}
        </DialogBody>
        <DialogFooter
          actions={
            <>
              <Button text={t('shipping.changePointKeep')} onClick={keep} disabled={regenerating} />
              <Button
                type="submit"
                intent={Intent.PRIMARY}
                icon="tag"
                text={t('shipping.changePointConfirm')}
                loading={regenerating}
                disabled={busy || change.pointId === null}
                data-testid="change-point-confirm"
              />
            </>
          }
        />
      </form>
    </Dialog>
  );
}
