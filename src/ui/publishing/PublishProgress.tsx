import { Callout, ProgressBar } from '@blueprintjs/core';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  hasUnknownError,
  selectCounts,
  selectErrorCode,
  selectReason,
  selectSpecial,
  selectStep,
} from '../../machines/publish/publishSelectors.ts';
import { InlineOffers } from './InlineOffers.tsx';
import { usePublish } from './publishContext.ts';

/** A screen reader hears the progress this often at most, not at every frame. */
const ANNOUNCE_EVERY_MS = 3000;

/**
 * The text of a polite live region, refreshed at most every `every` ms (and at once when the
 * publication stops), so assistive technology is not flooded by per-frame progress.
 */
function useThrottledText(text: string, every: number, immediate: boolean): string {
  const [shown, setShown] = useState(text);
  const last = useRef(0);
  useEffect(() => {
    const wait = immediate ? 0 : Math.max(0, last.current + every - Date.now());
    const timer = setTimeout(() => {
      last.current = Date.now();
      setShown(text);
    }, wait);
    return () => clearTimeout(timer);
  }, [text, every, immediate]);
  return shown;
}

/** The progress bar with "n / total", then how the publication ended. */
export function PublishProgress() {
  const { t } = useTranslation();
  const step = usePublish(selectStep);
  const counts = usePublish(selectCounts);
  const special = usePublish(selectSpecial);
  const errorCode = usePublish(selectErrorCode);
  const listed = usePublish((s) => s.context.listings.length);
  const failed = usePublish((s) => s.context.errors.length);
  const unknown = usePublish((s) => hasUnknownError(s.context.errors, s.context.reason));
  const reason = usePublish(selectReason);
  const streaming = step === 'streaming';
  const started = counts.total > 0;
  const announced = useThrottledText(
    started ? t('publishing.announce', { ...counts }) : t('publishing.waiting'),
    ANNOUNCE_EVERY_MS,
    !streaming,
  );
  return (
    <div className="seconde-publish-progress" data-testid="publish-progress" data-step={step}>
      <ProgressBar
        value={started ? counts.progress / counts.total : undefined}
        // Moving stripes only while the total is unknown: once counting, the bar's own growth
        // shows the work, and an animated background would repaint every frame.
        animate={streaming && !started}
        stripes={streaming}
        intent={step === 'failed' ? 'danger' : step === 'streaming' ? 'primary' : 'success'}
        aria-label={t('publishing.progressLabel')}
      />
      <p data-testid="publish-count" aria-hidden="true">
        {started ? t('publishing.progress', { ...counts }) : t('publishing.waiting')}
      </p>
      <p className="seconde-visually-hidden" aria-live="polite" data-testid="publish-announce">
        {announced}
      </p>
      {special && <Callout intent="primary">{special}</Callout>}
      {step === 'cancelled' && (
        <Callout intent="primary" data-testid="publish-background">
          {t('publishing.background')}
        </Callout>
      )}
      {step === 'failed' && errorCode && (
        <Callout intent="danger" role="alert" data-testid="publish-failed">
          {t('publishing.failed')} {reason !== 'PUBLISH_UNKNOWN_ERROR' && t(`errors.${errorCode}`)}
        </Callout>
      )}
      {unknown && (
        <Callout intent="danger" data-testid="publish-unknown-error">
          {t('publishing.unknownError')}
        </Callout>
      )}
      {step !== 'streaming' && step !== 'cancelled' && step !== 'failed' && (
        <p role="status" data-testid="publish-finished">
          {t('publishing.finished', { listed, failed })}
        </p>
      )}
      <InlineOffers />
    </div>
  );
}
