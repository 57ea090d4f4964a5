import './publishing.css';
import { Dialog, DialogBody, DialogFooter, H4 } from '@blueprintjs/core';
import { useActorRef } from '@xstate/react';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { selectProductCount, selectStep } from '../../machines/publish/publishSelectors.ts';
import type { PublishSelection } from '../../machines/publish/publishTypes.ts';
import { useAppServices } from '../app/servicesContext.ts';
import { PublishActions } from './PublishActions.tsx';
import { PublishChoose, PublishConfirm, PublishReview } from './PublishSteps.tsx';
import { PublishProgress } from './PublishProgress.tsx';
import { PublishResults } from './PublishResults.tsx';
import { PublishActorContext, usePublish } from './publishContext.ts';

export interface PublishDialogProps {
  readonly selection: PublishSelection;
  readonly onClose: () => void;
  /** The publication finished: the page reloads what it shows. */
  readonly onDone?: () => void;
}

/**
 * The publish dialog over one publish machine. Closing it stops following the publication (the
 * worker stops); a publication already sent goes on on the server and shows in the task panel.
 */
export function PublishDialog({ selection, onClose, onDone }: PublishDialogProps) {
  const { publishLogic } = useAppServices();
  const actor = useActorRef(publishLogic, { input: { selection } });
  useEffect(() => {
    // The page reloads what it shows once the finished step is drawn, in a task of its own:
    // both in one task would hold a frame back.
    const sub = actor.on('publish.done', () =>
      requestAnimationFrame(() => setTimeout(() => onDone?.(), 0)),
    );
    return () => sub.unsubscribe();
  }, [actor, onDone]);
  return (
    <PublishActorContext.Provider value={actor}>
      <PublishFrame onClose={onClose} />
    </PublishActorContext.Provider>
  );
}

function PublishFrame({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const step = usePublish(selectStep);
  const count = usePublish(selectProductCount);
  const heading = useRef<HTMLHeadingElement>(null);
  // Each step moves the focus to its heading, so a screen reader reads where the vendor is and
  // the keyboard starts from the top of the new content.
  useEffect(() => {
    heading.current?.focus();
  }, [step]);
  return (
    <Dialog
      isOpen
      onClose={onClose}
      title={t('publishing.title', { count })}
      className="seconde-publish-dialog"
      canOutsideClickClose={false}
    >
      <DialogBody>
        <div data-testid="publish-dialog" data-step={step}>
          <H4 ref={heading} tabIndex={-1} className="seconde-publish-step">
            {t(STEP_TITLES[step] ?? 'publishing.channels')}
          </H4>
          <StepBody step={step} />
        </div>
      </DialogBody>
      <DialogFooter actions={<PublishActions step={step} onClose={onClose} />} />
    </Dialog>
  );
}

const STEP_TITLES: Readonly<Record<string, string>> = {
  preparing: 'publishing.preparing',
  prepareFailed: 'publishing.prepareFailed',
  choosing: 'publishing.channels',
  checking: 'publishing.checking',
  checkFailed: 'publishing.checkFailed',
  reviewing: 'publishing.check',
  confirming: 'publishing.start',
  streaming: 'publishing.progressLabel',
  finished: 'publishing.resultsTitle',
  movingInline: 'publishing.resultsTitle',
  inlineFailed: 'publishing.resultsTitle',
  cancelled: 'publishing.progressLabel',
  failed: 'publishing.failed',
};

function StepBody({ step }: { step: string }) {
  switch (step) {
    case 'choosing':
      return <PublishChoose />;
    case 'reviewing':
      return <PublishReview />;
    case 'confirming':
      return <PublishConfirm />;
    case 'streaming':
    case 'cancelled':
    case 'failed':
    case 'finished':
    case 'movingInline':
    case 'inlineFailed':
      return (
        <>
          <PublishProgress />
          <PublishResults />
        </>
      );
    default:
      return null;
  }
}
