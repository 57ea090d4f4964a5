import { Dialog, DialogBody, Spinner, type IconName } from '@blueprintjs/core';
import type { ReactNode } from 'react';
import { FailedState, PageState } from './PageState.tsx';

export interface LoadingDialogProps {
  readonly isOpen: boolean;
  readonly onClose: () => void;
  readonly title: string;
  readonly icon: IconName;
  /** A step that cannot be walked away from is running: no Escape, no close button. */
  readonly locked: boolean;
  /** `<testId>-loading` and `<testId>-failed` name the two states below. */
  readonly testId: string;
  readonly loading: boolean;
  readonly loadingTitle: string;
  readonly failed: boolean;
  readonly failedTitle: string;
  readonly errorCode: string | null | undefined;
  readonly retryText: string;
  readonly onRetry: () => void;
  /** What the dialog shows once its machine has loaded. */
  readonly children: ReactNode;
}

/**
 * A dialog whose machine loads what it needs first: a spinner while it loads, the failure with
 * its retry, then the dialog's own body. Blueprint's dialog keeps the focus inside and gives it
 * back to the button that opened it; a click outside never closes it.
 */
export function LoadingDialog({
  isOpen,
  onClose,
  title,
  icon,
  locked,
  testId,
  loading,
  loadingTitle,
  failed,
  failedTitle,
  errorCode,
  retryText,
  onRetry,
  children,
}: LoadingDialogProps) {
  return (
    <Dialog
      isOpen={isOpen}
      onClose={onClose}
      title={title}
      icon={icon}
      canEscapeKeyClose={!locked}
      canOutsideClickClose={false}
      isCloseButtonShown={!locked}
      style={{ maxWidth: 'calc(100vw - 16px)' }}
    >
      {loading ? (
        <DialogBody>
          <PageState testId={`${testId}-loading`} icon={<Spinner />} title={loadingTitle} />
        </DialogBody>
      ) : failed ? (
        <DialogBody>
          <FailedState
            testId={`${testId}-failed`}
            title={failedTitle}
            errorCode={errorCode}
            retryText={retryText}
            onRetry={onRetry}
          />
        </DialogBody>
      ) : (
        children
      )}
    </Dialog>
  );
}
