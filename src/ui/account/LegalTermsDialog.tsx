import {
  Button,
  Callout,
  Collapse,
  Dialog,
  DialogBody,
  DialogFooter,
  Intent,
} from '@blueprintjs/core';
import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { selectMustAcceptLegalTerms } from '../../machines/legalTerms/legalTermsSelectors.ts';
import { useSession, useSessionActor } from '../app/sessionContext.ts';
import { LegalTermsContext } from './accountContexts.ts';

/**
 * The persistent legal terms dialog: no close button, Escape and outside clicks do nothing, one
 * "accept" action. The full terms open inside it. Accepting reloads the session's user.
 */
export function LegalTermsDialog() {
  const { t } = useTranslation();
  const session = useSessionActor();
  const needed = useSession(selectMustAcceptLegalTerms);
  const actor = LegalTermsContext.useActorRef();
  const isOpen = LegalTermsContext.useSelector((s) => s.hasTag('open'));
  const busy = LegalTermsContext.useSelector((s) => s.hasTag('busy'));
  const failed = LegalTermsContext.useSelector((s) => s.hasTag('error'));
  const [reading, setReading] = useState(false);
  const textId = useId();

  useEffect(() => {
    actor.send({ type: 'legalTerms.checked', needed });
  }, [actor, needed]);
  useEffect(() => {
    const subscription = actor.on('legalTerms.accepted', () =>
      session.send({ type: 'session.reload' }),
    );
    return () => subscription.unsubscribe();
  }, [actor, session]);

  return (
    <Dialog
      isOpen={isOpen}
      title={t('account.legalTitle')}
      icon="document"
      isCloseButtonShown={false}
      canEscapeKeyClose={false}
      canOutsideClickClose={false}
      className="seconde-legal-terms"
    >
      <DialogBody>
        <p>{t('account.legalIntro')}</p>
        <p>{t('account.legalSummary')}</p>
        <Button
          variant="minimal"
          intent={Intent.PRIMARY}
          icon={reading ? 'chevron-up' : 'chevron-down'}
          aria-expanded={reading}
          aria-controls={textId}
          text={t(reading ? 'account.legalHide' : 'account.legalRead')}
          onClick={() => setReading((r) => !r)}
        />
        <Collapse isOpen={reading} keepChildrenMounted>
          <div id={textId} className="seconde-legal-text" tabIndex={0}>
            {t('account.legalText')}
          </div>
        </Collapse>
        {failed && (
          <Callout intent={Intent.DANGER} role="alert">
            {t('account.legalAcceptFailed')}
          </Callout>
        )}
      </DialogBody>
      <DialogFooter
        actions={
          <Button
            intent={Intent.PRIMARY}
            text={t('account.legalAccept')}
            loading={busy}
            onClick={() => actor.send({ type: 'legalTerms.accept' })}
          />
        }
      />
    </Dialog>
  );
}
