import { Button, Classes } from '@blueprintjs/core';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { selectActiveTask, selectCanSave } from '../../machines/product/productSelectors.ts';
import { useProduct, useProductActor } from './productContext.ts';

/**
 * The save button, kept in view at the bottom of the form on phones. After a save the focus goes
 * to the announcement; a save refused by the field rules focuses the first field in error.
 */
export function SaveBar() {
  const { t } = useTranslation();
  const actor = useProductActor();
  const canSave = useProduct(selectCanSave);
  const saving = useProduct(selectActiveTask) === 'saving';
  const dirty = useProduct(
    (s) => s.can({ type: 'product.save' }) || Object.keys(s.context.fieldErrors).length > 0,
  );

  useEffect(() => {
    const sub = actor.on('product.saved', () =>
      requestAnimationFrame(() => document.getElementById('product-status')?.focus()),
    );
    return () => sub.unsubscribe();
  }, [actor]);

  const save = () => {
    actor.send({ type: 'product.save' });
    if (Object.keys(actor.getSnapshot().context.fieldErrors).length > 0)
      requestAnimationFrame(() => focusFirstInvalid());
  };

  return (
    <div className="seconde-product-savebar">
      <Button
        intent="primary"
        icon="floppy-disk"
        type="submit"
        text={t('products.save')}
        loading={saving}
        disabled={!dirty}
        onClick={save}
        data-testid="product-save"
      />
      {!canSave && !saving && !dirty && (
        <span className={Classes.TEXT_MUTED}>{t('products.nothingToSave')}</span>
      )}
    </div>
  );
}

const CONTROL = 'input, select, textarea';

/** The first control in error; a group in error (checkboxes) gives its first box. */
function focusFirstInvalid() {
  const invalid = document.querySelector<HTMLElement>(
    '.seconde-product-page [aria-invalid="true"]',
  );
  const control = invalid?.matches(CONTROL)
    ? invalid
    : invalid?.querySelector<HTMLElement>(CONTROL);
  control?.focus();
}
