import { useTranslation } from 'react-i18next';
import { labelKey } from '../../machines/people/labels.ts';
import { useReasonText } from '../connectors/ConnectorCard.tsx';
import { channelName } from '../connectors/channelNames.ts';
import { formatDate } from '../../domain/dates.ts';
import { useListings } from './listingsContext.ts';

/**
 * The product's story on its channels, oldest first: where it was listed and when, where it was
 * reserved or sold, when it was withdrawn. An ordered list, each line with its machine-readable
 * date, so a screen reader reads it in order.
 */
export function ListingTimeline() {
  const { t, i18n } = useTranslation();
  const timeline = useListings((s) => s.context.timeline);
  const reasonText = useReasonText();
  return (
    <>
      <h3 id="listing-timeline-title">{t('listings.timelineTitle')}</h3>
      {timeline.length === 0 ? (
        <p>{t('listings.timelineEmpty')}</p>
      ) : (
        <ol
          className="seconde-timeline"
          aria-labelledby="listing-timeline-title"
          data-testid="listing-timeline"
        >
          {timeline.map((event) => {
            const channel = channelName(event.publisherName, t);
            const shipping = event.kind === 'SHIPPING';
            return (
              <li key={event.uuid} data-testid="timeline-row" data-kind={event.kind ?? ''}>
                <time
                  dateTime={
                    event.occurredAt === null ? undefined : new Date(event.occurredAt).toISOString()
                  }
                >
                  {formatDate(event.occurredAt, i18n.language, true)}
                </time>
                <span>
                  {t(labelKey('listings.event', event.kind), {
                    channel,
                    // A parcel's step names its delivery status (kept in `detail`).
                    status: shipping ? t(labelKey('shipping.status', event.detail)) : '',
                  })}
                  {event.url && (
                    <>
                      {' '}
                      <a href={event.url} target="_blank" rel="noopener noreferrer">
                        {t('listings.eventLink')}
                      </a>
                    </>
                  )}
                </span>
                {event.detail && !shipping && (
                  <span className="seconde-timeline-detail">{reasonText(event.detail)}</span>
                )}
              </li>
            );
          })}
        </ol>
      )}
    </>
  );
}
