import {
  Button,
  Callout,
  Classes,
  Dialog,
  DialogBody,
  DialogFooter,
  Intent,
  Spinner,
  SpinnerSize,
} from '@blueprintjs/core';
import { useSelector } from '@xstate/react';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { ActorRefFrom } from 'xstate';
import type { sheetImportMachine } from '../../machines/sheetImport/sheetImportMachine.ts';
import {
  selectCanSubmit,
  selectFailure,
  selectFileIssue,
  selectFileName,
  selectIsBusy,
  selectIsOpen,
  selectPreview,
  selectServerIssues,
  selectStep,
  selectTarget,
  summaryOf,
} from '../../machines/sheetImport/sheetImportSelectors.ts';
import { DropZone, SheetFileInput } from './DropZone.tsx';
import { ImportSummary } from './ImportSummary.tsx';
import { issueText } from './issueText.ts';
import { PreviewTable } from './PreviewTable.tsx';
import './imports.css';

type ImportActor = ActorRefFrom<typeof sheetImportMachine>;

/**
 * The import dialog: a drop zone, then the preview (what will be imported, what is refused and
 * why), then Import. It renders the machine and sends its events; nothing else.
 */
export function ImportDialog({ actor }: { readonly actor: ImportActor }) {
  const { t } = useTranslation();
  const isOpen = useSelector(actor, selectIsOpen);
  const busy = useSelector(actor, selectIsBusy);
  const step = useSelector(actor, selectStep);
  const target = useSelector(actor, selectTarget);
  const preview = useSelector(actor, selectPreview);
  const fileName = useSelector(actor, selectFileName);
  const fileIssue = useSelector(actor, selectFileIssue);
  const failure = useSelector(actor, selectFailure);
  const serverIssues = useSelector(actor, selectServerIssues);
  const canSubmit = useSelector(actor, selectCanSubmit);
  const summary = useMemo(() => summaryOf(preview, target), [preview, target]);
  const kind = target.kind === 'products' ? 'Products' : 'Customers';
  const choose = (file: File) => actor.send({ type: 'import.choose', file });
  const cancel = () => actor.send({ type: 'import.cancel' });

  return (
    <Dialog
      isOpen={isOpen}
      title={t(`imports.title${kind}`)}
      icon="import"
      onClose={cancel}
      canOutsideClickClose={false}
      canEscapeKeyClose={!busy}
      className="seconde-import-dialog"
    >
      <DialogBody>
        <div aria-live="polite" aria-busy={busy} data-testid="import-status">
          {step === 'parsing' && (
            <p className="seconde-import-busy">
              <Spinner size={SpinnerSize.SMALL} /> {t('imports.reading', { name: fileName })}
            </p>
          )}
          {step === 'submitting' && (
            <p className="seconde-import-busy">
              <Spinner size={SpinnerSize.SMALL} /> {t('imports.sending')}
            </p>
          )}
          {fileIssue && (
            <Callout intent={Intent.DANGER} role="alert" data-testid="import-file-refused">
              {issueText(t, fileIssue)}
            </Callout>
          )}
          {failure && (
            <Callout intent={Intent.DANGER} role="alert" data-testid="import-failed">
              {failure.reason === 'DEPOSIT_NAME_EXISTS' ? (
                <>
                  <p>{t('imports.depositNameExists')}</p>
                  <p>{t('imports.depositNameHint', { name: summary?.sheetName ?? '' })}</p>
                </>
              ) : failure.reason === 'SHEET_INVALID' ? (
                <p>{t('imports.sheetRefused')}</p>
              ) : (
                <>
                  <p>{t('imports.failed')}</p>
                  <p>{t(`errors.${failure.code}`)}</p>
                </>
              )}
            </Callout>
          )}
          {serverIssues.length > 0 && (
            <Callout
              intent={step === 'submitted' ? Intent.WARNING : Intent.DANGER}
              data-testid="import-server-refused"
            >
              {step === 'submitted' && <p>{t('imports.serverRefused')}</p>}
              <ul>
                {serverIssues.map((issue) => (
                  <li key={`${issue.row}-${issue.code}`}>
                    {t('imports.rowIssue', { row: issue.row, text: issueText(t, issue) })}
                  </li>
                ))}
              </ul>
            </Callout>
          )}
          {summary && step !== 'submitted' && (
            <ImportSummary summary={summary} fileName={fileName} />
          )}
        </div>
        {(step === 'choosing' || step === 'fileRefused') && (
          <DropZone onFile={choose} expectedKey={`imports.expected${kind}`} />
        )}
        {step === 'choosing' && <p className={Classes.TEXT_MUTED}>{t('imports.safety')}</p>}
        {preview && step !== 'submitted' && <PreviewTable key={fileName} preview={preview} />}
      </DialogBody>
      <DialogFooter
        actions={
          step === 'submitted' ? (
            <Button text={t('imports.close')} onClick={cancel} data-testid="import-close" />
          ) : (
            <>
              <Button
                text={t('imports.cancel')}
                disabled={step === 'submitting'}
                onClick={cancel}
                data-testid="import-cancel"
              />
              {(step === 'preview' || step === 'failed') && (
                <SheetFileInput
                  onFile={choose}
                  labelKey="imports.chooseAnother"
                  testId="import-another-input"
                />
              )}
              {summary && (
                <Button
                  intent={Intent.PRIMARY}
                  icon="import"
                  text={t('imports.submit', { count: summary.validCount })}
                  disabled={!canSubmit}
                  loading={step === 'submitting'}
                  onClick={() => actor.send({ type: 'import.submit' })}
                  data-testid="import-submit"
                />
              )}
            </>
          )
        }
      />
    </Dialog>
  );
}
