import { Button, Callout, H3, NonIdealState, Spinner } from '@blueprintjs/core';
import { useActorRef, useSelector } from '@xstate/react';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { clusterModeLogic } from '../../machines/depositPhotos/depositPhotosLogic.ts';
import { mediaUrl, type ImageItem } from '../../machines/imageList/imageItem.ts';
import { errorI18nKey } from '../../machines/imageList/imageListErrors.ts';
import { useAppServices } from '../app/servicesContext.ts';
import { MakeProductButton, ProductMade } from './MakeProduct.tsx';

const sameList = (a: readonly ImageItem[], b: readonly ImageItem[]) =>
  a.length === b.length && a.every((item, i) => item === b[i]);

/**
 * The deposit's photo groups one at a time: make the group on screen a product, skip it, or move
 * a photo to the previous or next group when the automatic grouping got it wrong.
 */
export function ClusterWalk({ deposit, onClose }: { deposit: string; onClose: () => void }) {
  const { t } = useTranslation();
  const { clients } = useAppServices();
  const logic = useMemo(() => clusterModeLogic(clients), [clients]);
  const actor = useActorRef(logic, { input: { deposit } });
  const loading = useSelector(actor, (s) => s.matches('loading'));
  const failed = useSelector(actor, (s) => s.matches('failed'));
  const finished = useSelector(actor, (s) => s.matches('finished'));
  const busy = useSelector(actor, (s) => s.hasTag('busy'));
  const index = useSelector(actor, (s) => s.context.index);
  const total = useSelector(actor, (s) => s.context.groups.length);
  const photos = useSelector(
    actor,
    (s) => {
      const byUuid = new Map(s.context.photos.map((p) => [p.uuid, p]));
      return (s.context.groups[s.context.index] ?? []).flatMap((uuid) => byUuid.get(uuid) ?? []);
    },
    sameList,
  );
  const lastProduct = useSelector(actor, (s) => s.context.created.at(-1) ?? null);
  const madeCount = useSelector(actor, (s) => s.context.created.length);
  const errorCode = useSelector(actor, (s) => s.context.errorCode);
  const canBack = useSelector(actor, (s) => s.can({ type: 'cluster.back' }));
  const editable = useSelector(actor, (s) => s.hasTag('editable'));

  const created = lastProduct && (
    <ProductMade
      testId="cluster-created"
      text={t('photos.clusterMade', { count: madeCount })}
      product={lastProduct}
    />
  );

  if (failed)
    return (
      <NonIdealState
        icon="error"
        description={t(errorI18nKey(errorCode ?? 'unexpected'))}
        action={
          <Button text={t('photos.retry')} onClick={() => actor.send({ type: 'cluster.retry' })} />
        }
      />
    );
  if (loading && total === 0) return <Spinner aria-label={t('photos.loading')} />;
  if (finished)
    return (
      <div data-testid="cluster-walk" aria-live="polite">
        {created}
        <NonIdealState
          icon="tick-circle"
          title={t(total === 0 && madeCount === 0 ? 'photos.clusterNone' : 'photos.clusterDone')}
          action={
            <div className="seconde-photos-actions">
              {canBack && (
                <Button
                  text={t('photos.clusterBack')}
                  onClick={() => actor.send({ type: 'cluster.back' })}
                />
              )}
              {total > 0 && (
                <Button
                  text={t('photos.clusterRestart')}
                  onClick={() => actor.send({ type: 'cluster.restart' })}
                />
              )}
              <Button intent="primary" text={t('photos.clusterClose')} onClick={onClose} />
            </div>
          }
        />
      </div>
    );

  return (
    <section data-testid="cluster-walk" aria-labelledby="cluster-title">
      <div aria-live="polite">
        {created}
        <H3 id="cluster-title" data-testid="cluster-position">
          {t('photos.clusterPosition', { position: index + 1, total })}
        </H3>
      </div>
      {errorCode && (
        <Callout intent="danger" role="alert">
          {t(errorI18nKey(errorCode))}{' '}
          <Button
            variant="minimal"
            size="small"
            text={t('photos.dismiss')}
            onClick={() => actor.send({ type: 'cluster.dismiss' })}
          />
        </Callout>
      )}
      <ul
        className="seconde-cluster-photos"
        aria-label={t('photos.clusterPhotos')}
        aria-busy={busy}
      >
        {photos.map((photo, i) => (
          <li key={photo.uuid} data-testid="cluster-photo" data-uuid={photo.uuid}>
            <img
              src={mediaUrl(photo.image256 || photo.image, photo.rotation)}
              alt={t('photos.clusterPhotoAlt', { position: i + 1 })}
            />
            <div className="seconde-tile-tools">
              <Button
                variant="minimal"
                icon="arrow-left"
                disabled={!editable || index === 0}
                aria-label={t('photos.toPreviousGroup', { position: i + 1 })}
                onClick={() =>
                  actor.send({ type: 'cluster.movePhoto', uuid: photo.uuid, direction: -1 })
                }
              />
              <Button
                variant="minimal"
                icon="arrow-right"
                disabled={!editable || index >= total - 1}
                aria-label={t('photos.toNextGroup', { position: i + 1 })}
                onClick={() =>
                  actor.send({ type: 'cluster.movePhoto', uuid: photo.uuid, direction: 1 })
                }
              />
            </div>
          </li>
        ))}
      </ul>
      <div className="seconde-photos-actions">
        <MakeProductButton
          testId="cluster-create"
          text={t('photos.clusterCreate', { count: photos.length })}
          busy={busy}
          disabled={!editable}
          onClick={() => actor.send({ type: 'cluster.create' })}
        />
        <Button
          icon="arrow-right"
          disabled={!editable}
          data-testid="cluster-skip"
          text={t('photos.clusterSkip')}
          onClick={() => actor.send({ type: 'cluster.skip' })}
        />
        <Button
          icon="arrow-left"
          disabled={!editable || !canBack}
          text={t('photos.clusterBack')}
          onClick={() => actor.send({ type: 'cluster.back' })}
        />
        <Button variant="minimal" text={t('photos.clusterClose')} onClick={onClose} />
      </div>
    </section>
  );
}
