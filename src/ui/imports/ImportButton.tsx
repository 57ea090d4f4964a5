import { Button } from '@blueprintjs/core';
import { useActorRef } from '@xstate/react';
import { useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { sheetImportLogic } from '../../machines/sheetImport/sheetImportActors.ts';
import type { ImportTarget } from '../../machines/sheetImport/sheetImportTypes.ts';
import { useAppServices } from '../app/servicesContext.ts';
import { showToast } from '../components/toaster.ts';
import { ImportDialog } from './ImportDialog.tsx';

export interface ImportButtonProps {
  /** Products into a deposit ('' makes one from the sheet), or contacts of a vendor ('' = mine). */
  readonly target: ImportTarget;
  /** Told once the server has accepted the sheet (the task runs on). */
  readonly onSubmitted?: (deposit: string) => void;
  readonly disabled?: boolean;
}

/**
 * The Import button of a page and its dialog. Once the server takes the sheet, the dialog closes
 * and the background task panel shows the import's progress.
 */
export function ImportButton({ target, onSubmitted, disabled = false }: ImportButtonProps) {
  const { t } = useTranslation();
  const { clients } = useAppServices();
  const logic = useMemo(() => sheetImportLogic(clients), [clients]);
  const actor = useActorRef(logic);

  useEffect(() => {
    const sub = actor.on('import.submitted', (event) => {
      showToast('success', t('imports.started'));
      onSubmitted?.(event.deposit);
    });
    return () => sub.unsubscribe();
  }, [actor, t, onSubmitted]);

  const kind = target.kind === 'products' ? 'Products' : 'Customers';
  return (
    <>
      <Button
        icon="import"
        text={t(`imports.open${kind}`)}
        disabled={disabled}
        onClick={() => actor.send({ type: 'import.open', target })}
        data-testid={`import-open-${target.kind}`}
      />
      <ImportDialog actor={actor} />
    </>
  );
}
