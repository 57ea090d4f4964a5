import { Button, ButtonGroup, Callout, Card, H2 } from '@blueprintjs/core';
import { useActorRef, useSelector } from '@xstate/react';
import { useCallback, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { depositPhotosLogic } from '../../machines/depositPhotos/depositPhotosLogic.ts';
import { errorI18nKey } from '../../machines/imageList/imageListErrors.ts';
import { useAppServices } from '../app/servicesContext.ts';
import { UploadZone } from '../upload/UploadZone.tsx';
import { ClusterWalk } from './ClusterWalk.tsx';
import { ImageBoard } from './ImageBoard.tsx';
import { ImageList } from './ImageList.tsx';
import { MakeProductButton, ProductMade } from './MakeProduct.tsx';
import { ProductStrips } from './ProductStrips.tsx';

export interface DepositPhotosProps {
  readonly deposit: string;
  /** The viewer may change the deposit (its vendor or staff); otherwise everything is read-only. */
  readonly canEdit: boolean;
}

/**
 * A deposit's photos on its page: upload, sort, choose some and make a product of them, drag them
 * onto the deposit's products, or walk the photo groups one item at a time.
 */
export function DepositPhotos({ deposit, canEdit }: DepositPhotosProps) {
  const { t } = useTranslation();
  const { clients } = useAppServices();
  const logic = useMemo(() => depositPhotosLogic(clients), [clients]);
  const actor = useActorRef(logic, { input: { deposit } });
  const clustering = useSelector(actor, (s) => s.matches('clusters'));
  const selectedList = useSelector(actor, (s) => s.context.selected);
  const selected = useMemo(() => new Set(selectedList), [selectedList]);
  const reloadKey = useSelector(actor, (s) => s.context.reloadKey);
  const created = useSelector(actor, (s) => s.context.created);
  const creating = useSelector(actor, (s) => s.hasTag('busy'));
  const canCreate = useSelector(actor, (s) => s.can({ type: 'photos.create' }));
  const errorCode = useSelector(actor, (s) => s.context.errorCode);
  const onSelectedChange = useCallback(
    (next: ReadonlySet<string>) => actor.send({ type: 'photos.select', uuids: [...next] }),
    [actor],
  );

  return (
    <Card data-testid="deposit-photos" className="seconde-deposit-photos">
      <H2 id="deposit-photos-title">{t('photos.title')}</H2>
      {canEdit && (
        <UploadZone
          target={{ kind: 'deposit', deposit }}
          onUploaded={() => actor.send({ type: 'photos.uploaded' })}
        />
      )}
      {canEdit && (
        <ButtonGroup className="seconde-photos-mode" aria-label={t('photos.modeLabel')}>
          <Button
            icon="grid-view"
            text={t('photos.modeList')}
            active={!clustering}
            aria-pressed={!clustering}
            onClick={() => actor.send({ type: 'photos.list' })}
          />
          <Button
            icon="layers"
            text={t('photos.modeClusters')}
            active={clustering}
            aria-pressed={clustering}
            data-testid="cluster-mode"
            onClick={() => actor.send({ type: 'photos.clusters' })}
          />
        </ButtonGroup>
      )}
      {clustering ? (
        <ClusterWalk deposit={deposit} onClose={() => actor.send({ type: 'photos.list' })} />
      ) : (
        <ImageBoard>
          <ImageList
            owner={{ kind: 'deposit', uuid: deposit }}
            selectable={canEdit}
            selected={selected}
            onSelectedChange={onSelectedChange}
            readOnly={!canEdit}
            reloadKey={reloadKey}
          />
          {canEdit && (
            <div className="seconde-photos-actions">
              <MakeProductButton
                testId="create-from-selection"
                text={t('photos.createFromSelected', { count: selected.size })}
                busy={creating}
                disabled={!canCreate}
                onClick={() => actor.send({ type: 'photos.create' })}
              />
            </div>
          )}
          <div aria-live="polite">
            {created && (
              <ProductMade
                testId="product-created"
                text={t('photos.productCreated')}
                product={created}
              />
            )}
          </div>
          {errorCode && (
            <Callout intent="danger" role="alert">
              {t(errorI18nKey(errorCode))}
            </Callout>
          )}
          <ProductStrips deposit={deposit} canEdit={canEdit} reloadKey={reloadKey} />
        </ImageBoard>
      )}
    </Card>
  );
}
