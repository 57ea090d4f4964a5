import { Alert, Button, Callout, Intent, Tag } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import type { ListingRow } from '../../machines/listings/listingsTypes.ts';
import { labelKey } from '../../machines/people/labels.ts';
import { useReasonText } from '../connectors/ConnectorCard.tsx';
import { channelName } from '../connectors/channelNames.ts';
import { formatDate } from '../../domain/dates.ts';
import { useListings, useListingsActor } from './listingsContext.ts';

const STATUS_INTENT: Readonly<Record<string, Intent>> = {
  LISTED: Intent.SUCCESS,
  PENDING: Intent.PRIMARY,
  FAILED: Intent.DANGER,
  WITHDRAWN: Intent.NONE,
};

function ListingItem({ listing }: { listing: ListingRow }) {
  const { t, i18n } = useTranslation();
  const actor = useListingsActor();
  const canWithdraw = useListings((s) => s.can({ type: 'listings.withdraw', uuid: listing.uuid }));
  const withdrawing = useListings(
    (s) => s.matches('withdrawing') && s.context.withdrawing === listing.uuid,
  );
  const name = channelName(listing.publisherName, t);
  const status = listing.status ?? 'UNKNOWN';
  return (
    <li data-testid="listing-row" data-channel={listing.publisherName}>
      <span className="seconde-listing-channel">
        {listing.url ? (
          <a
            href={listing.url}
            target="_blank"
            rel="noopener noreferrer"
            aria-label={t('listings.open', { channel: name })}
          >
            {name}
          </a>
        ) : (
          name
        )}
      </span>
      <Tag minimal intent={STATUS_INTENT[status] ?? Intent.NONE} data-testid="listing-status">
        {t(labelKey('listings.status', listing.status))}
      </Tag>
      <span className="seconde-listing-dates">
        {listing.listedAt !== null &&
          t('listings.listedOn', { date: formatDate(listing.listedAt, i18n.language, true) })}
        {listing.withdrawnAt !== null && (
          <>
            {listing.listedAt !== null && ' · '}
            {t('listings.withdrawnOn', {
              date: formatDate(listing.withdrawnAt, i18n.language, true),
            })}
            {listing.withdrawReason &&
              ` (${t(labelKey('listings.withdrawReason', listing.withdrawReason))})`}
          </>
        )}
      </span>
      {(listing.status === 'LISTED' || listing.status === 'PENDING') && (
        <Button
          icon="remove"
          variant="outlined"
          intent={Intent.DANGER}
          text={t('listings.withdraw')}
          aria-label={t('listings.withdrawChannel', { channel: name })}
          disabled={!canWithdraw}
          loading={withdrawing}
          data-testid="listing-withdraw"
          onClick={() => actor.send({ type: 'listings.withdraw', uuid: listing.uuid })}
        />
      )}
    </li>
  );
}

/** The channels' refusals and the product's last publishing error, in words. */
export function PublishErrors({ productError }: { productError: string }) {
  const { t } = useTranslation();
  const reasonText = useReasonText();
  const listings = useListings((s) => s.context.listings);
  const failed = listings.filter((l) => l.status === 'FAILED');
  const lines = failed.map((l) =>
    t('listings.publishError', {
      channel: channelName(l.publisherName, t),
      error: reasonText(l.error) || t('connectors.reasonPublishUnknownError'),
    }),
  );
  const productText = productError ? reasonText(productError) : '';
  const showProduct =
    productText !== '' && !failed.some((l) => reasonText(l.error) === productText);
  if (lines.length === 0 && !showProduct) return null;
  return (
    <Callout
      intent={Intent.DANGER}
      title={t('listings.publishErrorTitle')}
      data-testid="listing-publish-error"
    >
      <ul>
        {lines.map((line, i) => (
          <li key={failed[i]!.uuid}>{line}</li>
        ))}
        {showProduct && <li>{t('listings.productPublishError', { error: productText })}</li>}
      </ul>
    </Callout>
  );
}

/** Where the product is listed, each with its link, status, dates and a withdrawal. */
export function ListingList() {
  const { t } = useTranslation();
  const actor = useListingsActor();
  const listings = useListings((s) => s.context.listings);
  const confirming = useListings((s) => s.hasTag('confirming'));
  const pendingChannel = useListings(
    (s) => s.context.listings.find((l) => l.uuid === s.context.withdrawing)?.publisherName ?? '',
  );
  return (
    <>
      <h3 id="listing-list-title">{t('listings.listTitle')}</h3>
      {listings.length === 0 ? (
        <p data-testid="listing-empty">{t('listings.empty')}</p>
      ) : (
        <ul className="seconde-listing-list" aria-labelledby="listing-list-title">
          {listings.map((listing) => (
            <ListingItem key={listing.uuid} listing={listing} />
          ))}
        </ul>
      )}
      <Alert
        isOpen={confirming}
        intent={Intent.DANGER}
        icon="remove"
        confirmButtonText={t('listings.withdraw')}
        cancelButtonText={t('listings.cancel')}
        onConfirm={() => actor.send({ type: 'listings.confirm' })}
        onCancel={() => actor.send({ type: 'listings.cancel' })}
      >
        <p>{t('listings.withdrawConfirm', { channel: channelName(pendingChannel, t) })}</p>
      </Alert>
    </>
  );
}
