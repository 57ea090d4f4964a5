import { Classes, FileInput, Icon } from '@blueprintjs/core';
import { useState, type DragEvent } from 'react';
import { useTranslation } from 'react-i18next';

/** The files the import reads; anything else is still handed over and refused with a reason. */
export const ACCEPTED_FILES =
  '.xlsx,.csv,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

export interface DropZoneProps {
  readonly onFile: (file: File) => void;
  readonly disabled?: boolean;
  /** Translation key of what the file must hold. */
  readonly expectedKey: string;
}

/**
 * Where a sheet is dropped, or picked with the file input inside it (keyboard users tab to it):
 * the first file is taken.
 */
export function DropZone({ onFile, disabled = false, expectedKey }: DropZoneProps) {
  const { t } = useTranslation();
  const [over, setOver] = useState(false);
  const take = (files: FileList | null | undefined) => {
    const file = files?.[0];
    if (file && !disabled) onFile(file);
  };
  const onDrag = (e: DragEvent<HTMLDivElement>, entering: boolean) => {
    e.preventDefault();
    setOver(entering && !disabled);
  };
  return (
    <div
      role="group"
      aria-label={t('imports.dropZoneLabel')}
      aria-describedby="import-formats import-expected"
      className={`seconde-drop-zone${over ? ' seconde-drop-zone-over' : ''}`}
      data-testid="import-drop-zone"
      onDragEnter={(e) => onDrag(e, true)}
      onDragOver={(e) => onDrag(e, true)}
      onDragLeave={(e) => onDrag(e, false)}
      onDrop={(e) => {
        onDrag(e, false);
        take(e.dataTransfer?.files);
      }}
    >
      <Icon icon="th-derived" size={32} aria-hidden className={Classes.TEXT_MUTED} />
      <p>{t('imports.dropZone')}</p>
      <SheetFileInput
        onFile={onFile}
        disabled={disabled}
        labelKey="imports.choose"
        testId="import-file-input"
      />
      <p id="import-formats" className={Classes.TEXT_MUTED}>
        {t('imports.formats')}
      </p>
      <p id="import-expected" className={Classes.TEXT_MUTED}>
        {t(expectedKey)}
      </p>
    </div>
  );
}

/** A file picker for sheets, reachable with the keyboard; the same file may be picked again. */
export function SheetFileInput({
  onFile,
  disabled = false,
  labelKey,
  testId,
}: {
  readonly onFile: (file: File) => void;
  readonly disabled?: boolean;
  readonly labelKey: string;
  readonly testId: string;
}) {
  const { t } = useTranslation();
  return (
    <FileInput
      text={t(labelKey)}
      buttonText={t(labelKey)}
      // The text is an invitation, not a muted placeholder (contrast).
      hasSelection
      disabled={disabled}
      inputProps={{
        accept: ACCEPTED_FILES,
        'aria-label': t(labelKey),
        ...({ 'data-testid': testId } as object),
      }}
      onInputChange={(e) => {
        const input = e.currentTarget as HTMLInputElement;
        const file = input.files?.[0];
        // A file fixed and picked again must be read again.
        input.value = '';
        if (file && !disabled) onFile(file);
      }}
    />
  );
}
