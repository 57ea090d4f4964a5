import { Button, Classes, HTMLTable, Tag } from '@blueprintjs/core';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import {
  channelI18nKey,
  errorCodeI18nKey,
  missingI18nKeys,
  resultRows,
  type ResultLink,
} from '../../machines/publish/publishSelectors.ts';
import { TablePager } from '../components/TablePager.tsx';
import { usePublish, usePublishThrottled } from './publishContext.ts';

/** Rows per page: 1,000 products stay 20 light pages, never 1,000 rows in the DOM. */
const PAGE_SIZE = 50;
/** While the publication runs the table is redrawn this often at most; the progress bar, each frame. */
const REDRAW_EVERY_MS = 1000;

type Snapshot = Parameters<Parameters<typeof usePublish>[0]>[0];
const selectListings = (s: Snapshot) => s.context.listings;
const selectErrors = (s: Snapshot) => s.context.errors;
const isStreaming = (s: Snapshot) => s.hasTag('streaming');

/** The result per product: a link per channel, or the error; paginated. */
export function PublishResults() {
  const { t } = useTranslation();
  const products = usePublish((s) => s.context.products);
  const connectors = usePublish((s) => s.context.connectors);
  // Kept out of the per-frame path: redrawn about once a second while streaming, at once after.
  const listings = usePublishThrottled(selectListings, isStreaming, REDRAW_EVERY_MS);
  const errors = usePublishThrottled(selectErrors, isStreaming, REDRAW_EVERY_MS);
  const [page, setPage] = useState(1);
  const pages = Math.max(1, Math.ceil(products.length / PAGE_SIZE));
  const current = Math.min(page, pages);
  // Only the shown page's rows are built.
  const shown = useMemo(
    () =>
      resultRows(
        products.slice((current - 1) * PAGE_SIZE, current * PAGE_SIZE),
        connectors,
        listings,
        errors,
      ),
    [products, connectors, listings, errors, current],
  );
  if (listings.length + errors.length === 0) return null;
  return (
    <section aria-label={t('publishing.resultsTitle')} className="seconde-publish-results">
      <HTMLTable compact striped className="seconde-publish-table" data-testid="publish-results">
        <thead>
          <tr>
            <th scope="col">{t('publishing.product')}</th>
            <th scope="col">{t('publishing.result')}</th>
          </tr>
        </thead>
        <tbody>
          {shown.map((row) => (
            <tr key={row.uuid} data-testid="publish-result" data-product={row.uuid}>
              <th scope="row">
                <Link to={`/product/${row.uuid}`}>
                  {[row.reference, row.name].filter(Boolean).join(' · ') || row.uuid}
                </Link>
              </th>
              <td>
                {row.links.length + row.errors.length === 0 && (
                  <span className={Classes.TEXT_MUTED}>{t('publishing.pending')}</span>
                )}
                <ul className="seconde-publish-outcomes">
                  {row.links.map((l) => (
                    <li key={`${l.publisherName}${l.url}`} data-testid="publish-link">
                      <ListingLink link={l} />
                    </li>
                  ))}
                  {row.errors.map((e, i) => (
                    <li key={i} data-testid="publish-error" data-code={e.code}>
                      <Tag intent="danger" minimal>
                        {t('publishing.failedOn', {
                          channel: t(channelI18nKey(e.publisherName)),
                          reason: t(errorCodeI18nKey(e.code)),
                        })}
                      </Tag>{' '}
                      {[e.message, ...missingI18nKeys(e.missing).map((k) => t(k))]
                        .filter(Boolean)
                        .join(' · ')}
                    </li>
                  ))}
                </ul>
              </td>
            </tr>
          ))}
        </tbody>
      </HTMLTable>
      <TablePager
        page={current}
        pages={pages}
        onPage={setPage}
        labels={{
          pageOf: 'publishing.page',
          previous: 'publishing.previousPage',
          next: 'publishing.nextPage',
          navigation: 'publishing.pagesNavigation',
        }}
        testId="publish-pager"
      />
    </section>
  );
}

type Copy = 'idle' | 'copied' | 'failed';

/** A listing's link with a copy button; a refused clipboard leaves the link selected to copy. */
function ListingLink({ link }: { link: ResultLink }) {
  const { t } = useTranslation();
  const [copy, setCopy] = useState<Copy>('idle');
  const channel = t(channelI18nKey(link.publisherName));
  return (
    <>
      <a href={link.url} target="_blank" rel="noreferrer">
        {t(link.alreadyListed ? 'publishing.alreadyOn' : 'publishing.listedOn', { channel })}
      </a>{' '}
      <Button
        size="small"
        variant="minimal"
        icon={copy === 'copied' ? 'tick' : 'clipboard'}
        aria-label={t('publishing.copyLink')}
        onClick={() =>
          void navigator.clipboard.writeText(link.url).then(
            () => setCopy('copied'),
            () => setCopy('failed'),
          )
        }
      />
      <span aria-live="polite" className={Classes.TEXT_MUTED}>
        {copy === 'copied' && t('publishing.copied')}
        {copy === 'failed' && (
          <>
            {t('publishing.copyFailed')} <input readOnly value={link.url} aria-label={channel} />
          </>
        )}
      </span>
    </>
  );
}
