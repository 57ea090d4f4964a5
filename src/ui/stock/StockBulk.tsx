import {
  Button,
  Dialog,
  DialogBody,
  DialogFooter,
  FormGroup,
  HTMLSelect,
  ProgressBar,
} from '@blueprintjs/core';
import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SALE_STATUSES, type SaleStatus } from '../../domain/deposit/statuses.ts';
import { saleStatusI18nKey } from '../../machines/deposit/enums.ts';
import { reasonI18nKey, type BulkInput } from '../../machines/stock/stockBulk.ts';
import { stockBulkLogic } from '../../machines/stock/stockBulkActors.ts';
import { useAppServices } from '../app/servicesContext.ts';
import { PublishButton } from '../publishing/PublishButton.tsx';
import { LabelBatchButton } from '../shipping/LabelBatch.tsx';
import type { StockWindow } from './useStockWindow.ts';

/** The selection bar: how many are selected, select all matching, clear, change the status. */
export function StockBulkBar({ list }: { list: StockWindow }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const count = list.count ?? 0;
  return (
    <div className="seconde-stock-bulk" data-testid="stock-bulk">
      <span aria-live="polite" data-testid="stock-selected">
        {list.selectedCount > 0 && t('stockView.selected', { count: list.selectedCount })}
      </span>
      {count > 0 && !list.allMatching && (
        <Button
          variant="minimal"
          onClick={() => list.selectAll(true)}
          data-testid="stock-select-all"
        >
          {t('stockView.selectAll', { count })}
        </Button>
      )}
      {list.selectedCount > 0 && (
        <>
          <Button variant="minimal" onClick={() => list.selectAll(false)}>
            {t('stockView.clearSelection')}
          </Button>
          <Button icon="exchange" onClick={() => setOpen(true)} data-testid="stock-bulk-open">
            {t('stockView.changeStatus')}
          </Button>
          <PublishButton
            testId="stock-publish"
            onDone={list.reload}
            selection={() =>
              list.allMatching
                ? { kind: 'matching', filters: list.filters }
                : { kind: 'products', uuids: Object.keys(list.selected) }
            }
          />
          <LabelBatchButton
            selectedCount={list.selectedCount}
            selection={() =>
              list.allMatching
                ? { kind: 'matching', filters: list.filters }
                : { kind: 'products', uuids: Object.keys(list.selected) }
            }
          />
        </>
      )}
      {open && <BulkDialog list={list} onClose={() => setOpen(false)} />}
    </div>
  );
}

function BulkDialog({ list, onClose }: { list: StockWindow; onClose: () => void }) {
  const { t } = useTranslation();
  const [target, setTarget] = useState<SaleStatus>('ONLINE');
  const [run, setRun] = useState<BulkInput | null>(null);
  return (
    <Dialog
      isOpen
      onClose={onClose}
      title={t('stockView.bulkTitle', { count: list.selectedCount })}
    >
      <DialogBody>
        {run ? (
          <BulkRun input={run} onDone={list.reload} />
        ) : (
          <FormGroup label={t('stockView.bulkTarget')} labelFor="stock-bulk-target">
            <HTMLSelect
              id="stock-bulk-target"
              value={target}
              data-testid="stock-bulk-target"
              onChange={(e) => setTarget(e.currentTarget.value as SaleStatus)}
            >
              {SALE_STATUSES.map((s) => (
                <option key={s} value={s}>
                  {t(saleStatusI18nKey(s))}
                </option>
              ))}
            </HTMLSelect>
          </FormGroup>
        )}
      </DialogBody>
      <DialogFooter
        actions={
          run ? (
            <Button onClick={onClose} data-testid="stock-bulk-close">
              {t('stockView.close')}
            </Button>
          ) : (
            <Button
              intent="primary"
              data-testid="stock-bulk-apply"
              onClick={() =>
                setRun({
                  target,
                  selected: list.selected,
                  allMatching: list.allMatching,
                  filters: list.filters,
                })
              }
            >
              {t('stockView.apply')}
            </Button>
          )
        }
      />
    </Dialog>
  );
}

/** One run of the bulk machine: progress, then the report by reason; the list reloads after. */
function BulkRun({ input, onDone }: { input: BulkInput; onDone: () => void }) {
  const { t } = useTranslation();
  const { clients } = useAppServices();
  const logic = useMemo(() => stockBulkLogic(clients), [clients]);
  const actor = useActorRef(logic, { input });
  const report = useSelector(actor, (s) => s.context.report);
  const finished = useSelector(actor, (s) => s.hasTag('finished'));
  const working = useSelector(actor, (s) => s.hasTag('busy') || s.hasTag('updating'));
  const cancelled = useSelector(actor, (s) => s.context.cancelled);
  const failed = useSelector(actor, (s) => s.hasTag('error'));
  useEffect(() => {
    if (finished) onDone();
  }, [finished, onDone]);
  const reason = (code: string) => t(reasonI18nKey(code));
  return (
    <div data-testid="stock-bulk-report" data-finished={finished}>
      {working && (
        <>
          <ProgressBar value={report.total ? report.done / report.total : undefined} />
          <p>{t('stockView.progress', { done: report.done, total: report.total })}</p>
          <Button onClick={() => actor.send({ type: 'bulk.cancel' })}>{t('stockView.stop')}</Button>
        </>
      )}
      {failed && (
        <p role="alert">
          {t('stockView.collectFailed')}{' '}
          <Button onClick={() => actor.send({ type: 'bulk.retry' })}>{t('stockView.retry')}</Button>
        </p>
      )}
      <ul aria-live="polite">
        {finished && (
          <li data-testid="stock-bulk-updated">
            {t('stockView.updated', { count: report.updated })}
          </li>
        )}
        {finished &&
          Object.entries(report.skipped).map(([code, n]) => (
            <li key={code} data-testid="stock-bulk-skipped" data-reason={code}>
              {t('stockView.skipped', { count: n, reason: reason(code) })}
            </li>
          ))}
        {finished &&
          Object.entries(report.refused).map(([code, n]) => (
            <li key={code} data-testid="stock-bulk-refused" data-reason={code}>
              {t('stockView.refused', { count: n, reason: reason(code) })}
            </li>
          ))}
        {finished && cancelled && <li>{t('stockView.stopped')}</li>}
      </ul>
    </div>
  );
}
