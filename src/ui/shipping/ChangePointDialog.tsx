import {
  Button,
  Callout,
  Classes,
  Dialog,
  DialogBody,
  DialogFooter,
  FormGroup,
  InputGroup,
  Intent,
  Radio,
  RadioGroup,
} from '@blueprintjs/core';
import { useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import type { ActorRefFrom } from 'xstate';
import type { productLabelMachine } from '../../machines/shipping/productLabelMachine.ts';
import { isPostalCode, shipRefusalKey } from '../../machines/shipping/shipTypes.ts';

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
          <FormGroup label={t('shipping.buyerPostalCode')} labelFor="change-postal-code">
            <div className="seconde-ship-search">
              <InputGroup
                id="change-postal-code"
                inputMode="numeric"
                autoComplete="postal-code"
                value={change.postalCode}
                onValueChange={(value) => actor.send({ type: 'label.postalCode', value })}
                onKeyDown={(e) => {
                  if (e.key === 'Enter') {
                    e.preventDefault();
                    actor.send({ type: 'label.search' });
                  }
                }}
                data-testid="change-postal-code"
              />
              <Button
                icon="search"
                text={t('shipping.search')}
                loading={searching}
                disabled={busy || !isPostalCode(change.postalCode)}
                onClick={() => actor.send({ type: 'label.search' })}
                data-testid="change-search"
              />
            </div>
          </FormGroup>
          {change.searched &&
            (change.points.length === 0 ? (
              <p>{t('shipping.noPoints')}</p>
            ) : (
              <RadioGroup
                label={t('shipping.points')}
                selectedValue={change.pointId ?? undefined}
                onChange={(e) => actor.send({ type: 'label.pickPoint', id: e.currentTarget.value })}
                disabled={busy}
                className="seconde-ship-points"
              >
                {change.points.map((p) => (
                  <Radio
                    key={p.id}
                    value={p.id}
                    data-testid={`change-point-${p.id}`}
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
