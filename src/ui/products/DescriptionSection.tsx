import { Button, H2 } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { selectActiveTask } from '../../machines/product/productSelectors.ts';
import { DraftInput } from './TextFields.tsx';
import { useProduct, useProductActor } from './productContext.ts';

/** Name (with the AI name helper) and the marketplace listing title. */
export function DescriptionSection({ readOnly }: { readonly readOnly: boolean }) {
  const { t } = useTranslation();
  const actor = useProductActor();
  const task = useProduct(selectActiveTask);
  const busy = useProduct((s) => s.hasTag('busy'));
  return (
    <section aria-labelledby="product-description-title" data-testid="product-description">
      <H2 id="product-description-title">{t('products.sectionDescription')}</H2>
      <DraftInput field="name" labelKey="products.name" required readOnly={readOnly} />
      {!readOnly && (
        <Button
          icon="predictive-analysis"
          text={t('products.generateName')}
          loading={task === 'generatingName'}
          disabled={busy}
          onClick={() => actor.send({ type: 'product.generateName' })}
          data-testid="generate-name"
        />
      )}
      <DraftInput
        field="marketplaceTitle"
        labelKey="products.marketplaceTitle"
        readOnly={readOnly}
      />
    </section>
  );
}
