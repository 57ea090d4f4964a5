import { Button, Callout, Classes, H2, H3, HTMLTable, Intent, Spinner } from '@blueprintjs/core';
import { useActorRef, useSelector } from '@xstate/react';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDate } from '../../domain/dates.ts';
import { referralsLogic } from '../../machines/referral/referralsLogic.ts';
import { useAppServices } from '../app/servicesContext.ts';
import { FailedState, PageState } from '../components/PageState.tsx';

const STATUS_KEYS = {
  PENDING: 'referral.statusPending',
  EARNED: 'referral.statusEarned',
  APPLIED: 'referral.statusApplied',
} as const;

/**
 * The vendor's sponsor code with a copy button (its outcome announced), who sponsored them, and
 * the vendors they sponsored with where each free month stands.
 */
export function ReferralsPanel() {
  const { t, i18n } = useTranslation();
  const { clients } = useAppServices();
  const logic = useMemo(
    () => referralsLogic(clients, () => globalThis.navigator?.clipboard),
    [clients],
  );
  const actor = useActorRef(logic);
  const loading = useSelector(actor, (s) => s.matches('loading'));
  const failed = useSelector(actor, (s) => s.matches('failed'));
  const errorCode = useSelector(actor, (s) => s.context.errorCode);
  const code = useSelector(actor, (s) => s.context.code);
  const sponsoredBy = useSelector(actor, (s) => s.context.sponsoredBy);
  const referrals = useSelector(actor, (s) => s.context.referrals);
  const copy = useSelector(actor, (s) => s.context.copy);
  const copying = useSelector(actor, (s) => s.matches('copying'));
  const canCopy = useSelector(actor, (s) => s.can({ type: 'referrals.copy' }));

  return (
    <section
      aria-labelledby="referrals-title"
      className="seconde-referrals"
      data-testid="referrals"
    >
      <H2 id="referrals-title">{t('referral.title')}</H2>
      {loading && (
        <PageState testId="referrals-loading" icon={<Spinner />} title={t('referral.loading')} />
      )}
      {failed && (
        <FailedState
          testId="referrals-failed"
          title={t('referral.loadFailed')}
          errorCode={errorCode}
          retryText={t('referral.retry')}
          onRetry={() => actor.send({ type: 'referrals.retry' })}
        />
      )}
      {!loading && !failed && (
        <>
          <p className={Classes.TEXT_MUTED}>{t('referral.intro')}</p>
          <p>
            <span>{t('referral.codeLabel')}</span>{' '}
            <strong className={Classes.MONOSPACE_TEXT} data-testid="referral-code">
              {code}
            </strong>{' '}
            <Button
              icon="duplicate"
              text={t('referral.copy')}
              loading={copying}
              disabled={!canCopy && !copying}
              onClick={() => actor.send({ type: 'referrals.copy' })}
              data-testid="referral-copy"
            />
          </p>
          <p role="status" data-testid="referral-copy-status">
            {copy === 'copied' && t('referral.copied')}
            {copy === 'failed' && t('referral.copyFailed')}
          </p>
          {sponsoredBy && (
            <Callout intent={Intent.PRIMARY} data-testid="referral-sponsored-by">
              {t('referral.sponsoredBy', { name: sponsoredBy })}
            </Callout>
          )}
          <H3 id="referrals-list-title">{t('referral.listTitle')}</H3>
          {referrals.length === 0 ? (
            <p className={Classes.TEXT_MUTED} data-testid="referrals-empty">
              {t('referral.empty')}
            </p>
          ) : (
            <HTMLTable
              compact
              striped
              aria-labelledby="referrals-list-title"
              data-testid="referrals-list"
            >
              <thead>
                <tr>
                  <th scope="col">{t('referral.columnWho')}</th>
                  <th scope="col">{t('referral.columnWhen')}</th>
                  <th scope="col">{t('referral.columnReward')}</th>
                </tr>
              </thead>
              <tbody>
                {referrals.map((r) => (
                  <tr key={r.uuid} data-testid="referral-row">
                    <td>{r.name}</td>
                    <td>{formatDate(r.createdAt, i18n.language)}</td>
                    <td>{t(STATUS_KEYS[r.status])}</td>
                  </tr>
                ))}
              </tbody>
            </HTMLTable>
          )}
        </>
      )}
    </section>
  );
}
