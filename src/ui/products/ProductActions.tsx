import {
  Alert,
  Button,
  Checkbox,
  Dialog,
  DialogBody,
  DialogFooter,
  FormGroup,
  H2,
  HTMLSelect,
} from '@blueprintjs/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  selectActiveTask,
  selectTransferTargets,
} from '../../machines/product/productSelectors.ts';
import { sameJson, useProduct, useProductActor } from './productContext.ts';

type Open = 'duplicate' | 'transfer' | 'destroy' | null;

/** Duplicate, transfer to another deposit of the vendor, destroy; each asks first. */
export function ProductActions() {
  const { t } = useTranslation();
  const actor = useProductActor();
  const task = useProduct(selectActiveTask);
  const busy = useProduct((s) => s.hasTag('busy'));
  const canDuplicate = useProduct((s) =>
    s.can({ type: 'product.duplicate', copyImages: false, copyAnnouncement: false }),
  );
  const canDestroy = useProduct((s) => s.can({ type: 'product.destroy' }));
  const targets = useProduct(selectTransferTargets, sameJson);
  const [open, setOpen] = useState<Open>(null);
  const [copyImages, setCopyImages] = useState(true);
  const [copyAnnouncement, setCopyAnnouncement] = useState(true);
  const [target, setTarget] = useState('');
  const close = () => setOpen(null);
  if (!canDuplicate && !canDestroy) return null;
  return (
    <section aria-labelledby="product-actions-title" data-testid="product-actions">
      <H2 id="product-actions-title">{t('products.sectionActions')}</H2>
      <div className="seconde-product-helpers">
        {canDuplicate && (
          <Button
            icon="duplicate"
            text={t('products.duplicate')}
            disabled={busy}
            loading={task === 'duplicating'}
            onClick={() => setOpen('duplicate')}
            data-testid="duplicate"
          />
        )}
        {canDestroy && (
          <>
            <Button
              icon="exchange"
              text={t('products.transfer')}
              disabled={busy}
              loading={task === 'transferring'}
              onClick={() => setOpen('transfer')}
              data-testid="transfer"
            />
            <Button
              icon="trash"
              intent="danger"
              text={t('products.destroy')}
              disabled={busy}
              loading={task === 'destroying'}
              onClick={() => setOpen('destroy')}
              data-testid="destroy"
            />
          </>
        )}
      </div>
      <Dialog isOpen={open === 'duplicate'} onClose={close} title={t('products.duplicateTitle')}>
        <DialogBody>
          <Checkbox
            label={t('products.copyImages')}
            checked={copyImages}
            onChange={(e) => setCopyImages(e.currentTarget.checked)}
          />
          <Checkbox
            label={t('products.copyAnnouncement')}
            checked={copyAnnouncement}
            onChange={(e) => setCopyAnnouncement(e.currentTarget.checked)}
          />
        </DialogBody>
        <DialogFooter
          actions={
            <>
              <Button text={t('products.cancel')} onClick={close} />
              <Button
                intent="primary"
                text={t('products.duplicate')}
                data-testid="duplicate-confirm"
                onClick={() => {
                  close();
                  actor.send({ type: 'product.duplicate', copyImages, copyAnnouncement });
                }}
              />
            </>
          }
        />
      </Dialog>
      <Dialog isOpen={open === 'transfer'} onClose={close} title={t('products.transferTitle')}>
        <DialogBody>
          {targets.length === 0 ? (
            <p>{t('products.noOtherDeposit')}</p>
          ) : (
            <FormGroup label={t('products.transferTarget')} labelFor="product-transfer-target">
              <HTMLSelect
                id="product-transfer-target"
                fill
                value={target}
                onChange={(e) => setTarget(e.currentTarget.value)}
              >
                <option value="">{t('products.transferNone')}</option>
                {targets.map((d) => (
                  <option key={d.uuid} value={d.uuid}>
                    {d.name}
                  </option>
                ))}
              </HTMLSelect>
            </FormGroup>
          )}
        </DialogBody>
        <DialogFooter
          actions={
            <>
              <Button text={t('products.cancel')} onClick={close} />
              <Button
                intent="primary"
                text={t('products.confirm')}
                disabled={target === ''}
                data-testid="transfer-confirm"
                onClick={() => {
                  close();
                  actor.send({ type: 'product.transfer', deposit: target });
                }}
              />
            </>
          }
        />
      </Dialog>
      <Alert
        isOpen={open === 'destroy'}
        intent="danger"
        icon="trash"
        confirmButtonText={t('products.destroy')}
        cancelButtonText={t('products.cancel')}
        onCancel={close}
        onConfirm={() => {
          close();
          actor.send({ type: 'product.destroy' });
        }}
      >
        <p>
          <strong>{t('products.destroyTitle')}</strong>
        </p>
        <p>{t('products.destroyBody')}</p>
      </Alert>
    </section>
  );
}
