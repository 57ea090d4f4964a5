import {
  Button,
  ButtonGroup,
  Callout,
  Card,
  Classes,
  FormGroup,
  H1,
  H3,
  InputGroup,
  Intent,
  Spinner,
} from '@blueprintjs/core';
import { useActorRef, useSelector } from '@xstate/react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { plansLogic } from '../../machines/billing/billingLogic.ts';
import type { PlanOffer } from '../../machines/billing/plansMachine.ts';
import { labelKey } from '../../machines/people/labels.ts';
import { useAppServices } from '../app/servicesContext.ts';
import { PageState } from '../components/PageState.tsx';

const leave = (url: string) => window.location.assign(url);
const PLANS_GRID = {
  display: 'grid',
  gridTemplateColumns: 'repeat(auto-fill, minmax(14rem, 1fr))',
  gap: '1rem',
  margin: '1rem 0',
} as const;

function price(plan: PlanOffer, language: string): string {
  return new Intl.NumberFormat(language, { style: 'currency', currency: plan.currency }).format(
    plan.amountCents / 100,
  );
}

/**
 * `/edit-profile/plans`: the plans side by side (monthly or yearly), each subscribed to through
 * the payment provider's checkout page; "manage my billing" opens the provider's portal.
 */
export function PlansView() {
  const { t, i18n } = useTranslation();
  const { clients } = useAppServices();
  const logic = useMemo(() => plansLogic(clients, leave), [clients]);
  const actor = useActorRef(logic);
  const plans = useSelector(actor, (s) => s.context.plans);
  const loading = useSelector(actor, (s) => s.matches('loading'));
  const loadFailed = useSelector(actor, (s) => s.matches('loadFailed'));
  const busy = useSelector(actor, (s) => s.hasTag('busy'));
  const leaving = useSelector(actor, (s) => s.matches('leaving'));
  const errorKey = useSelector(actor, (s) => (s.matches('refused') ? s.context.errorKey : null));
  const chosen = useSelector(actor, (s) => s.context.chosen);
  const preview = useSelector(actor, (s) =>
    s.matches('confirmingChange') ? s.context.preview : null,
  );
  const changed = useSelector(actor, (s) => s.matches('changed'));
  const money = (cents: number, currency: string) =>
    new Intl.NumberFormat(i18n.language, { style: 'currency', currency }).format(cents / 100);
  const [interval, setInterval] = useState<'month' | 'year'>('month');
  const [couponCode, setCouponCode] = useState('');
  const shown = plans.filter(
    (p) =>
      p.interval === interval || !plans.some((q) => q.type === p.type && q.interval !== p.interval),
  );

  let body;
  if (loading)
    body = <PageState testId="plans-loading" icon={<Spinner />} title={t('billing.loading')} />;
  else if (loadFailed)
    body = (
      <PageState
        testId="plans-failed"
        icon="error"
        title={t('billing.loadFailed')}
        action={
          <Button
            icon="refresh"
            text={t('billing.retry')}
            onClick={() => actor.send({ type: 'plans.retry' })}
          />
        }
      />
    );
  else
    body = (
      <>
        <ButtonGroup>
          {(['month', 'year'] as const).map((i) => (
            <Button
              key={i}
              active={interval === i}
              onClick={() => setInterval(i)}
              text={t(`billing.${i}`)}
            />
          ))}
        </ButtonGroup>
        <FormGroup
          label={t('billing.couponLabel')}
          labelFor="plans-coupon"
          helperText={t('billing.couponHelp')}
          style={{ maxWidth: '22rem', marginTop: '1rem' }}
        >
          <InputGroup
            id="plans-coupon"
            data-testid="plans-coupon"
            value={couponCode}
            maxLength={64}
            autoComplete="off"
            onValueChange={setCouponCode}
          />
        </FormGroup>
        <div className="seconde-plans" data-testid="plans" style={PLANS_GRID}>
          {shown.map((plan) => {
            const name = t(labelKey('profile.type', plan.type));
            const opening = busy && chosen?.type === plan.type && chosen.interval === plan.interval;
            return (
              <Card key={`${plan.type}-${plan.interval}`} data-testid={`plan-${plan.type}`}>
                <H3>{name}</H3>
                <p className={Classes.TEXT_LARGE}>
                  {t(plan.interval === 'year' ? 'billing.perYear' : 'billing.perMonth', {
                    price: price(plan, i18n.language),
                  })}
                </p>
                <p>
                  {plan.productLimit
                    ? t('billing.productLimit', {
                        limit: new Intl.NumberFormat(i18n.language).format(plan.productLimit),
                      })
                    : t('billing.noProductLimit')}
                </p>
                {plan.trialDays > 0 && (
                  <p className={Classes.TEXT_MUTED}>
                    {t('billing.trialDays', { count: plan.trialDays })}
                  </p>
                )}
                <Button
                  intent={Intent.PRIMARY}
                  loading={opening}
                  disabled={busy}
                  aria-label={t('billing.subscribeTo', {
                    plan: name,
                    interval: t(`billing.${plan.interval}`),
                  })}
                  text={t('billing.subscribe')}
                  onClick={() =>
                    actor.send({
                      type: 'plans.choose',
                      planType: plan.type,
                      interval: plan.interval,
                      couponCode,
                    })
                  }
                />
              </Card>
            );
          })}
        </div>
      </>
    );

  return (
    <section aria-labelledby="plans-title" className="seconde-page" data-testid="plans-page">
      <H1 id="plans-title">{t('billing.plansTitle')}</H1>
      <p>
        <Link to="/edit-profile/subscription">{t('profile.subscriptionLink')}</Link>
      </p>
      <p>{t('billing.plansIntro')}</p>
      {errorKey && (
        <Callout intent={Intent.DANGER} data-testid="plans-error" role="alert">
          {t(errorKey)}
        </Callout>
      )}
      {leaving && <Callout intent={Intent.PRIMARY}>{t('billing.leaving')}</Callout>}
      {changed && (
        <Callout intent={Intent.SUCCESS} role="status" data-testid="plan-changed">
          {t('billing.changed')}
        </Callout>
      )}
      {preview && chosen && (
        <Callout
          intent={Intent.PRIMARY}
          title={t('billing.changeTitle')}
          data-testid="plan-change"
          role="region"
          aria-label={t('billing.changeTitle')}
        >
          <p data-testid="plan-change-amount">
            {t('billing.changeAmount', {
              plan: t(labelKey('profile.type', chosen.type)),
              amount: money(preview.amountDueCents, preview.currency),
            })}
          </p>
          <p>
            {t('billing.changeCredit', {
              proration: money(preview.prorationCents, preview.currency),
            })}
          </p>
          <ButtonGroup>
            <Button
              intent={Intent.PRIMARY}
              text={t('billing.confirmChange')}
              onClick={() => actor.send({ type: 'plans.confirmChange' })}
            />
            <Button
              text={t('billing.cancelChange')}
              onClick={() => actor.send({ type: 'plans.cancelChange' })}
            />
          </ButtonGroup>
        </Callout>
      )}
      {body}
      <p>
        <Button
          icon="credit-card"
          disabled={busy}
          text={t('billing.manageBilling')}
          onClick={() => actor.send({ type: 'plans.openPortal' })}
        />
      </p>
    </section>
  );
}
