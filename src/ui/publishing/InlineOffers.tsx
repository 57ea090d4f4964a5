import { Button, Callout } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { selectInlineOffers, selectStep } from '../../machines/publish/publishSelectors.ts';
import { usePublish, usePublishActor } from './publishContext.ts';

const sameJson = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/** Deposits whose first product went online: move them to INLINE, or open them. */
export function InlineOffers() {
  const { t } = useTranslation();
  const actor = usePublishActor();
  const offers = usePublish(selectInlineOffers, sameJson);
  const step = usePublish(selectStep);
  const canMove = usePublish((s) => s.matches('finished'));
  if (offers.length === 0) return null;
  return (
    <div data-testid="publish-inline-offers">
      {step === 'inlineFailed' && (
        <Callout intent="danger" role="alert">
          {t('publishing.inlineFailed')}
        </Callout>
      )}
      {offers.map((o) => (
        <Callout key={o.deposit} intent={o.moved ? 'success' : 'primary'}>
          <p>{o.moved ? t('publishing.movedInline') : t('publishing.inlineOffer')}</p>
          {!o.moved && (
            <Button
              loading={o.moving}
              disabled={!canMove}
              onClick={() => actor.send({ type: 'publish.moveInline', deposit: o.deposit })}
              data-testid="publish-move-inline"
            >
              {t('publishing.moveInline')}
            </Button>
          )}{' '}
          <Link to={`/deposit/${o.deposit}`}>{t('publishing.openDeposit')}</Link>
        </Callout>
      ))}
    </div>
  );
}
