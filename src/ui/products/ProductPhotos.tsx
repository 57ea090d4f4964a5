import { H2 } from '@blueprintjs/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ImageList } from '../images/ImageList.tsx';
import { UploadZone } from '../upload/UploadZone.tsx';

/** The product's photos: the shared sortable list and, when editable, the shared upload zone. */
export function ProductPhotos({
  uuid,
  readOnly,
}: {
  readonly uuid: string;
  readonly readOnly: boolean;
}) {
  const { t } = useTranslation();
  // Each stored upload bumps the key so the list shows the new photo.
  const [reloadKey, setReloadKey] = useState(0);
  return (
    <section aria-labelledby="product-photos-title" data-testid="product-photos">
      <H2 id="product-photos-title">{t('products.sectionPhotos')}</H2>
      <ImageList owner={{ kind: 'product', uuid }} readOnly={readOnly} reloadKey={reloadKey} />
      {!readOnly && (
        <UploadZone
          target={{ kind: 'product', product: uuid }}
          onUploaded={() => setReloadKey((k) => k + 1)}
        />
      )}
    </section>
  );
}
