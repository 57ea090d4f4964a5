import { Button, Spinner } from '@blueprintjs/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { PageState } from './PageState.tsx';

export interface PageLoadProps {
  /** Test ids `<testId>-failed` and `<testId>-loading`. */
  readonly testId: string;
  /** The i18n area whose `failedTitle`, `retry` and `loading` texts are shown. */
  readonly area: string;
  readonly failed: boolean;
  readonly loading: boolean;
  /** The failure's text key, or null to say no more than the title. */
  readonly errorKey: string | null;
  readonly onRetry: () => void;
  /** The page, once loaded. */
  readonly children: ReactNode;
}

/** A one-record page's shell: its load failure with a retry, a spinner while it loads, the page. */
export function PageLoad({
  testId,
  area,
  failed,
  loading,
  errorKey,
  onRetry,
  children,
}: PageLoadProps) {
  const { t } = useTranslation();
  if (failed)
    return (
      <PageState
        testId={`${testId}-failed`}
        icon="error"
        title={t(`${area}.failedTitle`)}
        description={errorKey ? t(errorKey) : undefined}
        action={<Button icon="refresh" text={t(`${area}.retry`)} onClick={onRetry} />}
      />
    );
  if (loading)
    return (
      <PageState testId={`${testId}-loading`} icon={<Spinner />} title={t(`${area}.loading`)} />
    );
  return children;
}
