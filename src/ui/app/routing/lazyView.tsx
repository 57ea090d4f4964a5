import { Button, ButtonGroup, Intent, Spinner } from '@blueprintjs/core';
import { Component, lazy, Suspense, useState, type ComponentType, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { PageState } from '../../components/PageState.tsx';
import { ChunkLoadError, loadChunk } from './chunks.ts';

function ChunkLoading() {
  const { t } = useTranslation();
  return (
    <PageState
      testId="chunk-loading"
      icon={<Spinner aria-label={t('publicPages.chunkLoading')} />}
      title={t('publicPages.chunkLoading')}
    />
  );
}

function ChunkFailed({ timedOut, onRetry }: { timedOut: boolean; onRetry: () => void }) {
  const { t } = useTranslation();
  return (
    <PageState
      testId="chunk-failed"
      icon="offline"
      title={t('publicPages.chunkFailedTitle')}
      description={t(
        timedOut ? 'publicPages.chunkTimedOutDescription' : 'publicPages.chunkFailedDescription',
      )}
      action={
        <ButtonGroup>
          <Button
            intent={Intent.PRIMARY}
            icon="refresh"
            text={t('publicPages.chunkRetry')}
            onClick={onRetry}
          />
          <Button
            icon="repeat"
            text={t('publicPages.chunkReload')}
            onClick={() => window.location.reload()}
          />
        </ButtonGroup>
      }
    />
  );
}

interface BoundaryProps {
  readonly onRetry: () => void;
  readonly children: ReactNode;
}

/** Catches a chunk that did not load; anything else goes on to the route's error page. */
class ChunkBoundary extends Component<BoundaryProps, { error: unknown }> {
  override state: { error: unknown } = { error: null };

  static getDerivedStateFromError(error: unknown) {
    return { error };
  }

  override render() {
    const { error } = this.state;
    if (error === null) return this.props.children;
    if (!(error instanceof ChunkLoadError)) throw error;
    return <ChunkFailed timedOut={error.timedOut} onRetry={this.props.onRetry} />;
  }
}

/**
 * A screen loaded as its own chunk: a spinner while it comes, and if it fails or takes over
 * 120 s, a translated page offering to try again or reload, never a blank page. Retrying imports
 * the chunk again.
 */
export function lazyView(load: () => Promise<ComponentType>): ComponentType {
  const make = () => lazy(() => loadChunk(load).then((View) => ({ default: View })));
  let Lazy = make();
  function LazyView() {
    const [attempt, setAttempt] = useState(0);
    const retry = () => {
      Lazy = make();
      setAttempt((n) => n + 1);
    };
    return (
      <ChunkBoundary key={attempt} onRetry={retry}>
        <Suspense fallback={<ChunkLoading />}>
          <Lazy />
        </Suspense>
      </ChunkBoundary>
    );
  }
  return LazyView;
}
