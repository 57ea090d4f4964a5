import { Button, NonIdealState, type NonIdealStateProps } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';

/** A full-page NonIdealState (loading, empty, failed) with a stable test id. */
export function PageState({ testId, ...props }: NonIdealStateProps & { testId: string }) {
  return (
    <div className="seconde-page-state" data-testid={testId}>
      <NonIdealState {...props} />
    </div>
  );
}

export interface FailedStateProps {
  readonly testId: string;
  /** What could not be loaded, already translated. */
  readonly title: string;
  /** The machine's error code; its text is `errors.<code>`. */
  readonly errorCode: string | null | undefined;
  readonly retryText: string;
  readonly onRetry: () => void;
}

/** A load that failed: what, why (the error code's text), and a button to try again. */
export function FailedState({ testId, title, errorCode, retryText, onRetry }: FailedStateProps) {
  const { t } = useTranslation();
  return (
    <PageState
      testId={testId}
      icon="error"
      title={title}
      description={t(`errors.${errorCode ?? 'unexpected'}`)}
      action={<Button icon="refresh" text={retryText} onClick={onRetry} />}
    />
  );
}
