import { Button } from '@blueprintjs/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { PublishSelection } from '../../machines/publish/publishTypes.ts';
import { PublishDialog } from './PublishDialog.tsx';

export interface PublishButtonProps {
  /** Read when the button is pressed: the selection as it is then. */
  readonly selection: () => PublishSelection;
  readonly onDone?: () => void;
  readonly disabled?: boolean;
  readonly testId?: string;
}

/** "Publier", opening the publish dialog on the selection; focus returns to it on close. */
export function PublishButton({ selection, onDone, disabled, testId }: PublishButtonProps) {
  const { t } = useTranslation();
  const [open, setOpen] = useState<PublishSelection | null>(null);
  return (
    <>
      <Button
        icon="globe-network"
        disabled={disabled}
        onClick={() => setOpen(selection())}
        data-testid={testId ?? 'publish-open'}
      >
        {t('publishing.open')}
      </Button>
      {open && <PublishDialog selection={open} onClose={() => setOpen(null)} onDone={onDone} />}
    </>
  );
}
