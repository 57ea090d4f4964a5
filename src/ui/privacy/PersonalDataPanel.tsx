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
  type PrivacyArea,
} from '../../machines/personalData/personalDataLogic.ts';
import { useAppServices } from '../app/servicesContext.ts';

/**
 * A customer's data: download it as JSON, or erase it and read what was kept and why. On "My
 * information" the customer speaks of their own (`area` privacy); on a customer's page staff act
 * for them (`privacyStaff`), with the same calls and the same confirmation.
 */
export function PersonalDataPanel({
  customer,
  area = 'privacy',
}: {
  customer: string;
  area?: PrivacyArea;
}) {
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
      <H2>{t(`${area}.title`)}</H2>
      <p>{t(`${area}.intro`)}</p>
      {erasure ? (
        <Callout
          intent={Intent.SUCCESS}
          title={t(`${area}.erasedTitle`)}
          data-testid="erasure-result"
        >
          {erasure.alreadyErased && <p>{t(`${area}.alreadyErased`)}</p>}
          <p>{t(`${area}.maskedIntro`)}</p>
          <ul>
            {erasure.masked.map((part) => (
              <li key={part}>{t(maskedKey(part, area))}</li>
            ))}
          </ul>
          <p>{erasure.kept.length > 0 ? t(`${area}.keptIntro`) : t(`${area}.keptNone`)}</p>
          <ul>
            {erasure.kept.map((k) => (
              <li key={k.kind}>
                {t(`${area}.keptLine`, {
                  what: t(keptKey(k.kind, area)),
                  count: k.count,
                  why: t(whyKey(k.reason, area)),
                })}
              </li>
            ))}
          </ul>
        </Callout>
      ) : (
        <p>
          <Button
            icon="download"
            text={t(`${area}.export`)}
            loading={exporting}
            disabled={!canExport}
            onClick={() => actor.send({ type: 'privacy.export' })}
          />{' '}
          <Button
            icon="trash"
            intent={Intent.DANGER}
            text={t(`${area}.erase`)}
            disabled={!canErase}
            onClick={() => actor.send({ type: 'privacy.erase' })}
          />
        </p>
      )}
      {exported && !erasure && (
        <Callout intent={Intent.SUCCESS} data-testid="export-done">
          {t(`${area}.exported`, { filename: exported })}
        </Callout>
      )}
      {refusal && !confirming && (
        <Callout intent={Intent.DANGER} data-testid="privacy-refusal">
          {t(privacyRefusalKey(refusal, area))}
        </Callout>
      )}
      <Dialog
        isOpen={confirming}
        onClose={() => actor.send({ type: 'privacy.cancel' })}
        title={t(`${area}.confirmTitle`)}
        canEscapeKeyClose={!erasing}
        canOutsideClickClose={false}
        isCloseButtonShown={!erasing}
      >
        <DialogBody>
          <p>{t(`${area}.confirmText`)}</p>
          {refusal && (
            <Callout intent={Intent.DANGER} role="alert" data-testid="erasure-refusal">
              {t(privacyRefusalKey(refusal, area))}
            </Callout>
          )}
        </DialogBody>
        <DialogFooter
          actions={
            <>
              <Button
                text={t(`${area}.cancel`)}
                disabled={erasing}
                onClick={() => actor.send({ type: 'privacy.cancel' })}
              />
              <Button
                intent={Intent.DANGER}
                text={t(`${area}.confirm`)}
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
