import { Button } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { selectIsBusy } from '../../machines/publish/publishSelectors.ts';
import type { PublishEvent } from '../../machines/publish/publishTypes.ts';
import { usePublish, usePublishActor } from './publishContext.ts';

type Intent = Extract<
  PublishEvent['type'],
  | 'publish.check'
  | 'publish.completeOnly'
  | 'publish.back'
  | 'publish.start'
  | 'publish.cancel'
  | 'publish.retry'
>;

/** The buttons each step offers besides Close, the main one last. */
const STEP_ACTIONS: Readonly<Record<string, readonly { event: Intent; key: string }[]>> = {
  prepareFailed: [{ event: 'publish.retry', key: 'publishing.retry' }],
  choosing: [{ event: 'publish.check', key: 'publishing.check' }],
  checkFailed: [
    { event: 'publish.back', key: 'publishing.back' },
    { event: 'publish.retry', key: 'publishing.retry' },
  ],
  reviewing: [
    { event: 'publish.back', key: 'publishing.back' },
    { event: 'publish.completeOnly', key: 'publishing.completeOnly' },
  ],
  confirming: [
    { event: 'publish.back', key: 'publishing.back' },
    { event: 'publish.start', key: 'publishing.start' },
  ],
  streaming: [{ event: 'publish.cancel', key: 'publishing.cancel' }],
  cancelled: [{ event: 'publish.retry', key: 'publishing.resume' }],
  failed: [{ event: 'publish.retry', key: 'publishing.retry' }],
  inlineFailed: [
    { event: 'publish.back', key: 'publishing.back' },
    { event: 'publish.retry', key: 'publishing.retry' },
  ],
};

/** The dialog's footer: what the machine accepts now (asked with `can`), and Close. */
export function PublishActions({ step, onClose }: { step: string; onClose: () => void }) {
  const { t } = useTranslation();
  const actor = usePublishActor();
  const busy = usePublish(selectIsBusy);
  const complete = usePublish((s) => s.context.check?.complete ?? 0);
  const enabled = usePublish(
    (s) => (STEP_ACTIONS[step] ?? []).map((a) => s.can({ type: a.event } as PublishEvent)),
    (a, b) => a.join() === b.join(),
  );
  const actions = STEP_ACTIONS[step] ?? [];
  return (
    <>
      {step !== 'streaming' && (
        <Button onClick={onClose} data-testid="publish-close">
          {t('publishing.close')}
        </Button>
      )}
      {actions.map((a, i) => (
        <Button
          key={a.event}
          intent={i === actions.length - 1 && a.event !== 'publish.cancel' ? 'primary' : 'none'}
          disabled={busy || !enabled[i]}
          onClick={() => actor.send({ type: a.event } as PublishEvent)}
          data-testid={`publish-${a.event.slice('publish.'.length)}`}
        >
          {t(a.key, { count: complete })}
        </Button>
      ))}
    </>
  );
}
