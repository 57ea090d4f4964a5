import {
  Button,
  Callout,
  Card,
  Dialog,
  DialogBody,
  DialogFooter,
  H2,
  Intent,
} from '@blueprintjs/core';
import { useActorRef, useSelector } from '@xstate/react';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import {
  keptKey,
  maskedKey,
  personalDataLogic,
  privacyRefusalKey,
  whyKey,
} from '../../machines/personalData/personalDataLogic.ts';
import { useAppServices } from '../app/servicesContext.ts';

/** The customer's own data: download it as JSON, or erase it and read what was kept and why. */
export function PersonalDataPanel({ customer }: { customer: string }) {
  const { t } = useTranslation();
  const { clients } = useAppServices();
  const logic = useMemo(() => personalDataLogic(clients), [clients]);
  const actor = useActorRef(logic, { input: { customer } });
  const exporting = useSelector(actor, (s) => s.matches('exporting'));
  const confirming = useSelector(actor, (s) => s.matches('confirming') || s.matches('erasing'));
  const erasing = useSelector(actor, (s) => s.matches('erasing'));
  const canExport = useSelector(actor, (s) => s.can({ type: 'privacy.export' }));
  const canErase = useSelector(actor, (s) => s.can({ type: 'privacy.erase' }));
  const exported = useSelector(actor, (s) => s.context.exported);
  const erasure = useSelector(actor, (s) => s.context.erasure);
  const refusal = useSelector(actor, (s) => s.context.refusal);

  return (
    <Card className="privacy-panel" data-testid="personal-data">
      <H2>{t('privacy.title')}</H2>
      <p>{t('privacy.intro')}</p>
      {erasure ? (
        <Callout
          intent={Intent.SUCCESS}
          title={t('privacy.erasedTitle')}
          data-testid="erasure-result"
        >
          {erasure.alreadyErased && <p>{t('privacy.alreadyErased')}</p>}
          <p>{t('privacy.maskedIntro')}</p>
          <ul>
            {erasure.masked.map((area) => (
              <li key={area}>{t(maskedKey(area))}</li>
            ))}
          </ul>
          <p>{erasure.kept.length > 0 ? t('privacy.keptIntro') : t('privacy.keptNone')}</p>
          <ul>
            {erasure.kept.map((k) => (
              <li key={k.kind}>
                {t('privacy.keptLine', {
                  what: t(keptKey(k.kind)),
                  count: k.count,
                  why: t(whyKey(k.reason)),
                })}
              </li>
            ))}
          </ul>
        </Callout>
      ) : (
        <p>
          <Button
            icon="download"
            text={t('privacy.export')}
            loading={exporting}
            disabled={!canExport}
            onClick={() => actor.send({ type: 'privacy.export' })}
          />{' '}
          <Button
            icon="trash"
            intent={Intent.DANGER}
            text={t('privacy.erase')}
            disabled={!canErase}
            onClick={() => actor.send({ type: 'privacy.erase' })}
          />
        </p>
      )}
      {exported && !erasure && (
        <Callout intent={Intent.SUCCESS} data-testid="export-done">
          {t('privacy.exported', { filename: exported })}
        </Callout>
      )}
      {refusal && !confirming && (
        <Callout intent={Intent.DANGER} data-testid="privacy-refusal">
          {t(privacyRefusalKey(refusal))}
        </Callout>
      )}
      <Dialog
        isOpen={confirming}
        onClose={() => actor.send({ type: 'privacy.cancel' })}
        title={t('privacy.confirmTitle')}
        canEscapeKeyClose={!erasing}
        canOutsideClickClose={false}
        isCloseButtonShown={!erasing}
      >
        <DialogBody>
          <p>{t('privacy.confirmText')}</p>
          {refusal && (
            <Callout intent={Intent.DANGER} role="alert" data-testid="erasure-refusal">
              {t(privacyRefusalKey(refusal))}
            </Callout>
          )}
        </DialogBody>
        <DialogFooter
          actions={
            <>
              <Button
                text={t('privacy.cancel')}
                disabled={erasing}
                onClick={() => actor.send({ type: 'privacy.cancel' })}
              />
              <Button
                intent={Intent.DANGER}
                text={t('privacy.confirm')}
                loading={erasing}
                onClick={() => actor.send({ type: 'privacy.confirm' })}
              />
            </>
          }
        />
      </Dialog>
    </Card>
  );
}
