import { H3 } from '@blueprintjs/core';
import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import {
  PRODUCT_STRIPS_PAGE_SIZE,
  productStripsLogic,
} from '../../machines/depositPhotos/depositPhotosLogic.ts';
import { pageCount } from '../../machines/shared/pagedListMachine.ts';
import { useAppServices } from '../app/servicesContext.ts';
import { TablePager } from '../components/TablePager.tsx';
import { ImageList } from './ImageList.tsx';

const PAGER = {
  pageOf: 'photos.pageOf',
  previous: 'photos.previousProducts',
  next: 'photos.nextProducts',
  navigation: 'photos.productsPager',
};

/**
 * The deposit's products, a few at a time, each with its photos: drop targets for the deposit's
 * photos and for each other's. Invoiced products are shown read-only.
 */
export function ProductStrips(props: {
  readonly deposit: string;
  readonly canEdit: boolean;
  readonly reloadKey: number;
}) {
  const { deposit, canEdit, reloadKey } = props;
  const { t } = useTranslation();
  const { clients } = useAppServices();
  const logic = useMemo(() => productStripsLogic(clients, deposit), [clients, deposit]);
  const actor = useActorRef(logic, { input: { pageSize: PRODUCT_STRIPS_PAGE_SIZE } });
  const rows = useSelector(actor, (s) => s.context.rows);
  const page = useSelector(actor, (s) => s.context.page);
  const count = useSelector(actor, (s) => s.context.count);
  const shownKey = useRef(reloadKey);
  useEffect(() => {
    if (shownKey.current === reloadKey) return;
    shownKey.current = reloadKey;
    actor.send({ type: 'list.reload' });
  }, [actor, reloadKey]);
  if (count === 0) return null;
  return (
    <section
      className="seconde-product-strips"
      aria-labelledby="product-strips-title"
      data-testid="product-strips"
    >
      <H3 id="product-strips-title">{t('photos.productsTitle', { count })}</H3>
      {canEdit && <p>{t('photos.productsHint')}</p>}
      {rows.map((row) => {
        const name = row.name || t('photos.untitled', { reference: row.reference });
        return (
          <div
            key={row.uuid}
            className="seconde-product-strip"
            data-testid="product-strip"
            data-product={row.uuid}
          >
            <Link to={`/product/${row.uuid}`}>{name}</Link>
            <ImageList
              owner={{ kind: 'product', uuid: row.uuid }}
              readOnly={!canEdit || row.invoiced}
              label={t('photos.productPhotos', { name })}
              reloadKey={reloadKey}
            />
          </div>
        );
      })}
      <TablePager
        page={page}
        pages={pageCount(count, PRODUCT_STRIPS_PAGE_SIZE)}
        onPage={(next) => actor.send({ type: 'list.page', page: next })}
        labels={PAGER}
      />
    </section>
  );
}
