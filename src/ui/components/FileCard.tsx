import { Button, Card, Classes, Icon } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import './form/form.css';
import { fileSize } from './fileSize.ts';

export interface FileCardProps {
  readonly name: string;
  /** In bytes. */
  readonly size: number;
  /** Shows a remove button when given. */
  readonly onRemove?: () => void;
}

/** A chosen file: its name and size (KB under 1 MB, else MB with 2 decimals), and a way to drop it. */
export function FileCard({ name, size, onRemove }: FileCardProps) {
  const { t, i18n } = useTranslation();
  const shown = fileSize(size, i18n.language);
  return (
    <Card className="seconde-file-card" data-testid="file-card">
      <Icon icon="document" aria-hidden />
      <span className="seconde-file-card-name">
        <span className={Classes.TEXT_OVERFLOW_ELLIPSIS} title={name}>
          {name}
        </span>
        <span className={Classes.TEXT_MUTED} data-testid="file-size">
          {t(shown.key, { size: shown.size })}
        </span>
      </span>
      {onRemove && (
        <Button
          minimal
          icon="cross"
          aria-label={t('forms.removeFile', { name })}
          onClick={onRemove}
        />
      )}
    </Card>
  );
}
