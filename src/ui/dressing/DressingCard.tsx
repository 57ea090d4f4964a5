import { Card, Classes, H3, Tag } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { formatDate } from '../../domain/dates.ts';
import type { DressingItemRow } from '../../machines/dressing/depositorDressingMachine.ts';
import { labelKey } from '../../machines/people/labels.ts';
import { euros } from '../payouts/money.ts';

/** The channels named in the texts; any other reads as "other channel". */
const CHANNELS = new Set(['SECONDE_STOREFRONT', 'EBAY', 'SHOPIFY', 'MAIN_MARKETPLACE']);
const channelKey = (publisher: string) =>
  labelKey('dressing.channel', CHANNELS.has(publisher) ? publisher : 'OTHER');

/** One item of the dressing: where it is live, what happened to it, what it earns. */
export function DressingCard({ item }: { item: DressingItemRow }) {
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  const titleId = `dressing-item-${item.uuid}`;
  return (
    <Card className="seconde-dressing-card" data-testid="dressing-card" aria-labelledby={titleId}>
      <div className="seconde-dressing-card-head">
        {item.photoUrl ? (
          <img src={item.photoUrl} alt="" width={64} height={64} loading="lazy" />
        ) : (
          <span
            className="seconde-dressing-nophoto"
            role="img"
            aria-label={t('dressing.noPhoto')}
          />
        )}
        <div className="seconde-dressing-card-title">
          <H3 id={titleId}>{item.title}</H3>
          {item.reference && (
            <p className={Classes.TEXT_MUTED}>
              {t('dressing.reference', { reference: item.reference })}
            </p>
          )}
          <Tag minimal>{t(labelKey('peopleEnum.saleStatus', item.saleStatus))}</Tag>
        </div>
      </div>
      <dl className="seconde-dressing-figures">
        <div>
          <dt>{t('dressing.price')}</dt>
          <dd>{euros(item.priceCents, language)}</dd>
        </div>
        <div>
          <dt>{t('dressing.earning')}</dt>
          <dd data-testid="dressing-earning">
            {item.earningSource === 'NONE'
              ? t('dressing.earningNone')
              : euros(item.earningCents, language)}
            {item.earningSource === 'STORED_INCOME' && (
              <span className={Classes.TEXT_MUTED}> ({t('dressing.earningStored')})</span>
            )}
          </dd>
        </div>
      </dl>
      <div className="seconde-dressing-channels" data-testid="dressing-channels">
        {item.channels.length === 0 ? (
          <p className={Classes.TEXT_MUTED}>{t('dressing.noChannel')}</p>
        ) : (
          <>
            <span>{t('dressing.channels')}</span>
            <ul>
              {item.channels.map((c) => {
                const channel = t(channelKey(c.publisherName));
                return (
                  <li key={`${c.publisherName}-${c.url}`}>
                    <a
                      href={c.url}
                      target="_blank"
                      rel="noopener noreferrer"
                      aria-label={t('dressing.channelLink', { channel })}
                    >
                      {channel}
                    </a>
                  </li>
                );
              })}
            </ul>
          </>
        )}
      </div>
      {item.timeline.length > 0 && (
        <ol
          className="seconde-dressing-timeline"
          aria-label={t('dressing.timeline', { title: item.title })}
          data-testid="dressing-timeline"
        >
          {item.timeline.map((e) => (
            <li key={e.step}>
              <span>{t(labelKey('dressing.step', e.step))}</span>{' '}
              <time dateTime={new Date(e.at).toISOString()}>{formatDate(e.at, language)}</time>
            </li>
          ))}
        </ol>
      )}
    </Card>
  );
}
