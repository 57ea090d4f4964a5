import { Button, Callout, Dialog, DialogBody, DialogFooter, Intent } from '@blueprintjs/core';
import { useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import {
  formatCents,
  rowReasonKey,
} from '../../machines/marketplaceTransactions/transactionTypes.ts';
import type { TransactionsActor } from './TransactionsView.tsx';

/** What the export holds before anything is written: the good lines and each bad one, with why. */
export function CsvPreviewDialog({ actor }: { actor: TransactionsActor }) {
  const { t, i18n } = useTranslation();
  const csv = useSelector(actor, (s) => s.context.csv);
  const preview = useSelector(actor, (s) => s.context.preview);
  const importing = useSelector(actor, (s) => s.matches('importingCsv'));
  const refusal = useSelector(actor, (s) => (s.matches('previewed') ? s.context.refusal : null));
  const outcome = preview?.outcome;
  const good = outcome?.rows.length ?? 0;
  return (
    <Dialog
      isOpen={preview !== null}
      title={t('transactions.previewTitle', { name: csv?.name ?? '' })}
      onClose={() => actor.send({ type: 'transactions.cancel' })}
    >
      <DialogBody>
        {refusal && (
          <Callout intent={Intent.DANGER} role="alert">
            {t(refusal.i18nKey)}
          </Callout>
        )}
        <p data-testid="transactions-preview-summary">
          {t('transactions.previewSummary', { good, total: outcome?.total ?? 0 })}
        </p>
        <ul data-testid="transactions-preview-rows">
          {outcome?.rows.slice(0, 10).map((r) => (
            <li key={r.id}>
              {r.title} · {formatCents(r.priceCents, i18n.language)}
            </li>
          ))}
        </ul>
        {outcome && outcome.errors.length > 0 && (
          <Callout intent={Intent.WARNING} title={t('transactions.previewErrors')}>
            <ul className="seconde-transactions-errors" data-testid="transactions-preview-errors">
              {outcome.errors.map((e) => (
                <li key={`${e.line}-${e.column}`}>
                  {t('transactions.previewLine', {
                    line: e.line,
                    column: e.column,
                    reason: t(rowReasonKey(e.reason), { value: e.value }),
                  })}
                </li>
              ))}
            </ul>
          </Callout>
        )}
      </DialogBody>
      <DialogFooter
        actions={
          <>
            <Button
              text={t('transactions.cancel')}
              onClick={() => actor.send({ type: 'transactions.cancel' })}
            />
            <Button
              intent={Intent.PRIMARY}
              text={t('transactions.confirmImport', { count: good })}
              loading={importing}
              disabled={good === 0}
              onClick={() => actor.send({ type: 'transactions.confirmCsv' })}
              data-testid="transactions-confirm-import"
            />
          </>
        }
      />
    </Dialog>
  );
}
