import { Button, Callout, FormGroup, H2, HTMLSelect, Intent, Spinner } from '@blueprintjs/core';
import { useActorRef, useSelector } from '@xstate/react';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import './buyers.css';
import { saleBuyerLogic } from '../../machines/buyers/buyersLogic.ts';
import { buyerName } from '../../machines/buyers/buyerTypes.ts';
import { SALE_PLATFORM_OPTIONS, platformKey } from '../../machines/buyers/platforms.ts';
import { useAppServices } from '../app/servicesContext.ts';
import { FailedState } from '../components/PageState.tsx';

/**
 * The buyer of the sale, on a product's page: who bought the item (each recorded sale), and one of
 * the vendor's buyers linked to it with the marketplace it sold on.
 */
export function SaleBuyerSection({ product, sellOn }: { product: string; sellOn: number }) {
  const { t } = useTranslation();
  const { clients } = useAppServices();
  const logic = useMemo(() => saleBuyerLogic(clients), [clients]);
  const actor = useActorRef(logic, { input: { product, platform: sellOn } });
  const loading = useSelector(actor, (s) => s.matches('loading'));
  const failed = useSelector(actor, (s) => s.hasTag('error'));
  const errorCode = useSelector(actor, (s) => s.context.errorCode);
  const links = useSelector(actor, (s) => s.context.links);
  const buyers = useSelector(actor, (s) => s.context.buyers);
  const chosen = useSelector(actor, (s) => s.context.chosen);
  const platform = useSelector(actor, (s) => s.context.platform);
  const refusal = useSelector(actor, (s) => s.context.refusal);
  const linking = useSelector(actor, (s) => s.matches('linking'));
  const canLink = useSelector(actor, (s) => s.can({ type: 'sale.link' }));

  return (
    <section aria-labelledby="sale-buyer-title" data-testid="sale-buyer">
      <H2 id="sale-buyer-title">{t('buyers.saleTitle')}</H2>
      {failed ? (
        <FailedState
          testId="sale-buyer-failed"
          title={t('buyers.saleLoadFailed')}
          errorCode={errorCode}
          retryText={t('buyers.retry')}
          onRetry={() => actor.send({ type: 'sale.retry' })}
        />
      ) : loading && buyers.length === 0 ? (
        <Spinner size={20} aria-label={t('buyers.saleTitle')} />
      ) : (
        <>
          {links.length === 0 ? (
            <p data-testid="sale-buyer-none">{t('buyers.saleNone')}</p>
          ) : (
            <ul data-testid="sale-buyer-links">
              {links.map((l) => {
                const where = platformKey(l.buyOn);
                return (
                  <li key={l.uuid} data-testid="sale-buyer-link">
                    {l.buyerName || t('buyers.unnamed')}
                    {where && ` · ${t(where)}`}
                  </li>
                );
              })}
            </ul>
          )}
          {buyers.length === 0 ? (
            <p className="seconde-sale-buyer-hint">
              {t('buyers.saleNoBuyers')} <Link to="/buyers">{t('buyers.goToBuyers')}</Link>
            </p>
          ) : (
            <form
              className="seconde-sale-buyer-form"
              onSubmit={(e) => {
                e.preventDefault();
                actor.send({ type: 'sale.link' });
              }}
            >
              <FormGroup label={t('buyers.saleChoose')} labelFor="sale-buyer-choice">
                <HTMLSelect
                  id="sale-buyer-choice"
                  value={chosen}
                  disabled={linking}
                  onChange={(e) => actor.send({ type: 'sale.choose', buyer: e.target.value })}
                  options={[
                    { value: '', label: t('buyers.saleChooseNone') },
                    ...buyers.map((b) => ({
                      value: b.uuid,
                      label: [buyerName(b), b.city].filter(Boolean).join(' · '),
                    })),
                  ]}
                  data-testid="sale-buyer-choice"
                />
              </FormGroup>
              <FormGroup label={t('buyers.salePlatform')} labelFor="sale-buyer-platform">
                <HTMLSelect
                  id="sale-buyer-platform"
                  value={platform}
                  disabled={linking}
                  onChange={(e) =>
                    actor.send({ type: 'sale.platform', platform: Number(e.target.value) })
                  }
                  options={[
                    { value: 0, label: t('buyers.salePlatformNone') },
                    ...SALE_PLATFORM_OPTIONS.map((c) => ({ value: c.value, label: t(c.labelKey) })),
                  ]}
                />
              </FormGroup>
              <Button
                type="submit"
                icon="link"
                text={t('buyers.saleLink')}
                loading={linking}
                disabled={!canLink && !linking}
                data-testid="sale-buyer-submit"
              />
              {refusal && (
                <Callout intent={Intent.DANGER} role="alert">
                  {t(refusal.i18nKey)}
                </Callout>
              )}
            </form>
          )}
        </>
      )}
    </section>
  );
}
