import {
  Button,
  Callout,
  Dialog,
  DialogBody,
  DialogFooter,
  Intent,
  Radio,
  RadioGroup,
  Spinner,
} from '@blueprintjs/core';
import { useActorRef, useSelector } from '@xstate/react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { MAX_BATCH_ITEMS } from '../../domain/shipping/labelBatch.ts';
import type { PublishSelection } from '../../machines/publish/publishTypes.ts';
import { labelBatchLogic } from '../../machines/shipping/labelBatchLogic.ts';
import {
  batchReasonKey,
  type BatchFormat,
  type LabelBatchInput,
} from '../../machines/shipping/labelBatchMachine.ts';
import { useAppServices } from '../app/servicesContext.ts';

export interface LabelBatchButtonProps {
  /** Read when the button is pressed: the selection as it is then. */
  readonly selection: () => PublishSelection;
  readonly selectedCount: number;
}

/** "Imprimer les étiquettes": one PDF of the selected sold items' labels. */
export function LabelBatchButton({ selection, selectedCount }: LabelBatchButtonProps) {
  const { t } = useTranslation();
  const [open, setOpen] = useState<LabelBatchInput | null>(null);
  return (
    <>
      <Button
        icon="print"
        onClick={() => setOpen({ selection: selection(), selectedCount })}
        data-testid="label-batch-open"
      >
        {t('labelBatch.open')}
      </Button>
      {open && <LabelBatchDialog input={open} onClose={() => setOpen(null)} />}
    </>
  );
}

function LabelBatchDialog({ input, onClose }: { input: LabelBatchInput; onClose: () => void }) {
  const { t } = useTranslation();
  const { clients } = useAppServices();
  const logic = useMemo(() => labelBatchLogic(clients), [clients]);
  const actor = useActorRef(logic, { input });
  const format = useSelector(actor, (s) => s.context.format);
  const choosing = useSelector(actor, (s) => s.hasTag('editable'));
  const canStart = useSelector(actor, (s) => s.can({ type: 'batch.start' }));
  const starting = useSelector(actor, (s) => s.matches('starting'));
  const printing = useSelector(actor, (s) => s.hasTag('printing'));
  const ready = useSelector(actor, (s) => s.matches('ready') || s.matches('downloading'));
  const downloading = useSelector(actor, (s) => s.matches('downloading'));
  const nothing = useSelector(actor, (s) => s.matches('nothing'));
  const count = useSelector(actor, (s) => s.context.count);
  const printed = useSelector(actor, (s) => s.context.printed);
  const skipped = useSelector(actor, (s) => s.context.skipped);
  const failedAt = useSelector(actor, (s) =>
    s.matches('startFailed')
      ? 'startFailed'
      : s.matches('failed')
        ? 'failed'
        : s.matches('downloadFailed')
          ? 'downloadFailed'
          : null,
  );
  const canRetry = useSelector(actor, (s) => s.can({ type: 'batch.retry' }));
  const canRestart = useSelector(actor, (s) => s.can({ type: 'batch.restart' }));
  const canDownload = useSelector(actor, (s) => s.can({ type: 'batch.download' }));

  return (
    <Dialog isOpen onClose={onClose} title={t('labelBatch.title', { count: input.selectedCount })}>
      <DialogBody>
        <div data-testid="label-batch" aria-live="polite">
          {choosing && (
            <>
              <RadioGroup
                label={t('labelBatch.format')}
                selectedValue={format}
                onChange={(e) =>
                  actor.send({
                    type: 'batch.format',
                    format: e.currentTarget.value as BatchFormat,
                  })
                }
              >
                <Radio value="LABEL_PRINTER" label={t('labelBatch.formatLabelPrinter')} />
                <Radio
                  value="A4"
                  label={t('labelBatch.formatOfficeSheet')}
                  data-testid="label-batch-a4"
                />
              </RadioGroup>
              {!canStart && (
                <Callout intent={Intent.WARNING} compact>
                  {t('labelBatch.tooMany', { max: MAX_BATCH_ITEMS })}
                </Callout>
              )}
            </>
          )}
          {starting && <Spinner size={20} aria-label={t('labelBatch.starting')} />}
          {printing && (
            <p data-testid="label-batch-printing">
              <Spinner size={16} /> {t('labelBatch.printing', { count })}
            </p>
          )}
          {ready && <p data-testid="label-batch-ready">{t('labelBatch.ready')}</p>}
          {printed !== null && (
            <p data-testid="label-batch-printed">
              {t('labelBatch.downloaded', { count: printed })}
            </p>
          )}
          {nothing && (
            <Callout intent={Intent.WARNING} compact>
              {t('labelBatch.nothing')}
            </Callout>
          )}
          {failedAt && (
            <Callout intent={Intent.DANGER} compact role="alert">
              {t(`labelBatch.${failedAt}`)}
            </Callout>
          )}
          {skipped.length > 0 && (
            <section aria-labelledby="label-batch-skipped">
              <h3 id="label-batch-skipped">{t('labelBatch.skippedTitle')}</h3>
              <ul>
                {skipped.map((s) => (
                  <li key={s.product} data-testid="label-batch-skipped" data-reason={s.reason}>
                    {t('labelBatch.skippedLine', {
                      name: s.name,
                      reason: t(batchReasonKey(s.reason)),
                    })}
                  </li>
                ))}
              </ul>
            </section>
          )}
        </div>
      </DialogBody>
      <DialogFooter
        actions={
          <>
            <Button onClick={onClose} data-testid="label-batch-close">
              {t('labelBatch.close')}
            </Button>
            {canRetry && (
              <Button onClick={() => actor.send({ type: 'batch.retry' })}>
                {t('labelBatch.retry')}
              </Button>
            )}
            {canRestart && (
              <Button onClick={() => actor.send({ type: 'batch.restart' })}>
                {t('labelBatch.restart')}
              </Button>
            )}
            {choosing && (
              <Button
                intent={Intent.PRIMARY}
                disabled={!canStart}
                onClick={() => actor.send({ type: 'batch.start' })}
                data-testid="label-batch-start"
              >
                {t('labelBatch.start')}
              </Button>
            )}
            {(canDownload || downloading) && (
              <Button
                intent={Intent.PRIMARY}
                icon="download"
                loading={downloading}
                onClick={() => actor.send({ type: 'batch.download' })}
                data-testid="label-batch-download"
              >
                {t('labelBatch.download')}
              </Button>
            )}
          </>
        }
      />
    </Dialog>
  );
}
