import { Button, Callout, Classes, Tag } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import {
  selectCanEdit,
  selectIsBusy,
  selectRefusalRuleKey,
  selectStatusOptions,
  selectWasRefreshed,
  type StatusOption,
} from '../../machines/deposit/depositSelectors.ts';
import { depositStatusI18nKey } from '../../machines/deposit/enums.ts';
import { FINAL_STATUSES } from '../../domain/deposit/statuses.ts';
import { useDeposit, useDepositActor } from './depositContext.ts';

const sameOptions = (a: StatusOption[], b: StatusOption[]) =>
  JSON.stringify(a) === JSON.stringify(b);

/**
 * Every deposit status in order: the current one marked, the allowed moves as buttons, the
 * refused ones disabled with the rule's reason next to them.
 */
export function StatusSteps() {
  const { t } = useTranslation();
  const actor = useDepositActor();
  const options = useDeposit(selectStatusOptions, sameOptions);
  const canEdit = useDeposit(selectCanEdit);
  const busy = useDeposit(selectIsBusy);

  return (
    <>
      <RefreshedNotice />
      <ol className="seconde-status-steps" data-testid="status-steps">
        {options.map((o) => {
          const label = t(depositStatusI18nKey(o.status));
          const reasonId = `status-reason-${o.status}`;
          return (
            <li
              key={o.status}
              data-testid={`status-step-${o.status}`}
              aria-current={o.current ? 'step' : undefined}
            >
              {o.current ? (
                <Tag intent="primary" large icon="tick" data-testid="status-current">
                  {t('deposit.currentStatus', { status: label })}
                </Tag>
              ) : canEdit ? (
                <Button
                  size="small"
                  alignText="start"
                  variant={o.enabled ? 'solid' : 'minimal'}
                  intent={
                    !o.enabled ? 'none' : FINAL_STATUSES.includes(o.status) ? 'danger' : 'primary'
                  }
                  icon="arrow-right"
                  text={label}
                  disabled={!o.enabled}
                  loading={busy && o.enabled}
                  aria-describedby={o.reasonKey ? reasonId : undefined}
                  data-testid={`move-${o.status}`}
                  onClick={() => actor.send({ type: 'deposit.changeStatus', to: o.status })}
                />
              ) : (
                <span className={Classes.TEXT_MUTED}>{label}</span>
              )}
              {canEdit && !o.current && o.reasonKey && (
                <small
                  id={reasonId}
                  className={Classes.TEXT_MUTED}
                  data-testid={`reason-${o.status}`}
                >
                  {o.step
                    ? t('depositRule.requiredStepSkippedNamed', {
                        step: t(depositStatusI18nKey(o.step)),
                      })
                    : t(o.reasonKey)}
                </small>
              )}
            </li>
          );
        })}
      </ol>
    </>
  );
}

/**
 * After a move the server refused because this page was out of date: the deposit was reloaded,
 * and this says so (with the rule the server named) above its current state, until dismissed.
 */
function RefreshedNotice() {
  const { t } = useTranslation();
  const actor = useDepositActor();
  const shown = useDeposit(selectWasRefreshed);
  const ruleKey = useDeposit(selectRefusalRuleKey);
  if (!shown) return null;
  return (
    <Callout
      intent="warning"
      role="status"
      title={t('deposit.refreshedTitle')}
      data-testid="deposit-refreshed"
    >
      {ruleKey && <p data-testid="deposit-refreshed-rule">{t(ruleKey)}</p>}
      <p>{t('deposit.refreshedText')}</p>
      <Button
        size="small"
        text={t('deposit.dismiss')}
        onClick={() => actor.send({ type: 'deposit.dismiss' })}
      />
    </Callout>
  );
}
