import { Button, DialogFooter, Intent } from '@blueprintjs/core';

export interface FormDialogFooterProps {
  readonly cancelText: string;
  readonly submitText: string;
  /** The form is being sent: the submit button spins and cancelling waits for the answer. */
  readonly busy: boolean;
  readonly onCancel: () => void;
  readonly submitTestId?: string;
}

/**
 * The footer of a dialog wrapping a form: Cancel, and the form's own submit button, so Enter in
 * a field sends the form as the button does.
 */
export function FormDialogFooter({
  cancelText,
  submitText,
  busy,
  onCancel,
  submitTestId,
}: FormDialogFooterProps) {
  return (
    <DialogFooter
      actions={
        <>
          <Button text={cancelText} disabled={busy} onClick={onCancel} />
          <Button
            type="submit"
            intent={Intent.PRIMARY}
            text={submitText}
            loading={busy}
            data-testid={submitTestId}
          />
        </>
      }
    />
  );
}
