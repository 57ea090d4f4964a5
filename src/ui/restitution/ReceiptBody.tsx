import { Button, Callout, Classes, H2, HTMLTable, Intent, Spinner, Tag } from '@blueprintjs/core';
import { useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import type { ActorRefFrom } from 'xstate';
import { formatDate } from '../../domain/dates.ts';
import type { restitutionReceiptMachine } from '../../machines/restitution/restitutionReceiptMachine.ts';

type ReceiptActor = ActorRefFrom<typeof restitutionReceiptMachine>;

const CONDITION_KEYS: Record<string, string> = {
  NEW_WITH_TICKET: 'restitutionReceipt.conditionNewWithTicket',
  NEW_WITHOUT_TICKET: 'restitutionReceipt.conditionNewWithoutTicket',
  VERY_GOOD: 'restitutionReceipt.conditionVeryGood',
  GOOD: 'restitutionReceipt.conditionGood',
  SATISFYING: 'restitutionReceipt.conditionSatisfying',
  REFUSED: 'restitutionReceipt.conditionRefused',
};

const ms = (iso: string | null) => (iso ? new Date(iso).getTime() : null);

/**
 * A restitution receipt as both screens show it: its status (waiting, or accepted on a date and
 * how), the day, both parties, the items with their condition, and the accept, download and
 * refresh buttons the machine allows.
 */
export function ReceiptBody({ actor, headingLevel }: { actor: ReceiptActor; headingLevel: 1 | 2 }) {
  const { t, i18n } = useTranslation();
  const receipt = useSelector(actor, (s) => s.context.receipt);
  const loading = useSelector(actor, (s) => s.matches('loading'));
  const failed = useSelector(actor, (s) => s.hasTag('error'));
  const errorCode = useSelector(actor, (s) => s.context.errorCode);
  const refusalKey = useSelector(actor, (s) => s.context.refusalKey);
  const accepting = useSelector(actor, (s) => s.matches('accepting'));
  const downloading = useSelector(actor, (s) => s.matches('downloading'));
  const canAccept = useSelector(actor, (s) => s.can({ type: 'receipt.accept' }));
  const canDownload = useSelector(actor, (s) => s.can({ type: 'receipt.download' }));
  const canRefresh = useSelector(actor, (s) => s.can({ type: 'receipt.refresh' }));
  const date = (iso: string | null) => formatDate(ms(iso), i18n.language);
  if (loading && !receipt)
    return <Spinner size={20} aria-label={t('restitutionReceipt.loading')} />;
  if (failed)
    return (
      <div data-testid="restitution-receipt-failed">
        <Callout
          intent={Intent.DANGER}
          role="alert"
          title={t(
            headingLevel === 1 ? 'restitutionReceipt.pageFailed' : 'restitutionReceipt.loadFailed',
          )}
        >
          {t(refusalKey ?? `errors.${errorCode ?? 'unexpected'}`)}
        </Callout>
        <Button
          icon="refresh"
          text={t('restitutionReceipt.retry')}
          onClick={() => actor.send({ type: 'receipt.retry' })}
        />
      </div>
    );
  if (!receipt) return <p className={Classes.TEXT_MUTED}>{t('restitutionReceipt.none')}</p>;
  const status = receipt.accepted
    ? t(
        receipt.acceptedThrough === 'EMAIL_LINK'
          ? 'restitutionReceipt.acceptedByLink'
          : 'restitutionReceipt.acceptedOnScreen',
        { date: date(receipt.acceptedAt) },
      )
    : t('restitutionReceipt.waiting');
  const Heading = headingLevel === 1 ? H2 : 'h3';
  return (
    <div className="seconde-receipt" data-testid="restitution-receipt">
      <p>
        <Tag
          large
          intent={receipt.accepted ? Intent.SUCCESS : Intent.WARNING}
          data-testid="restitution-receipt-status"
        >
          {status}
        </Tag>
      </p>
      <p>{t('restitutionReceipt.restitutedOn', { date: date(receipt.restitutedAt) })}</p>
      <dl className="seconde-receipt-parties">
        <dt>{t('restitutionReceipt.holder')}</dt>
        <dd>{receipt.holderName}</dd>
        <dt>{t('restitutionReceipt.depositor')}</dt>
        <dd>{receipt.depositorName}</dd>
      </dl>
      <Heading className={Classes.HEADING}>
        {t('restitutionReceipt.itemCount', { count: receipt.items.length })}
      </Heading>
      <HTMLTable compact striped data-testid="restitution-receipt-items">
        <thead>
          <tr>
            <th scope="col">{t('restitutionReceipt.colReference')}</th>
            <th scope="col">{t('restitutionReceipt.colItem')}</th>
            <th scope="col">{t('restitutionReceipt.colCondition')}</th>
          </tr>
        </thead>
        <tbody>
          {receipt.items.map((item, index) => (
            <tr key={`${item.reference}-${index}`}>
              <td>{item.reference}</td>
              <td>{item.name}</td>
              <td>{t(CONDITION_KEYS[item.condition] ?? 'restitutionReceipt.conditionUnknown')}</td>
            </tr>
          ))}
        </tbody>
      </HTMLTable>
      {refusalKey && (
        <Callout intent={Intent.DANGER} role="alert" data-testid="restitution-receipt-refusal">
          {t(refusalKey)}
        </Callout>
      )}
      {(canAccept || accepting) && (
        <>
          <p>{t('restitutionReceipt.acceptIntro')}</p>
          <Button
            icon="tick"
            intent={Intent.PRIMARY}
            loading={accepting}
            text={t('restitutionReceipt.accept')}
            onClick={() => actor.send({ type: 'receipt.accept' })}
            data-testid="restitution-receipt-accept"
          />
        </>
      )}
      <div className="seconde-receipt-actions">
        {(canDownload || downloading) && (
          <Button
            icon="download"
            loading={downloading}
            text={t('restitutionReceipt.download')}
            onClick={() => actor.send({ type: 'receipt.download' })}
            data-testid="restitution-receipt-download"
          />
        )}
        {canRefresh && (
          <Button
            icon="refresh"
            variant="minimal"
            text={t('restitutionReceipt.refresh')}
            onClick={() => actor.send({ type: 'receipt.refresh' })}
            data-testid="restitution-receipt-refresh"
          />
        )}
      </div>
    </div>
  );
}
