import {
  Button,
  Callout,
  Dialog,
  DialogBody,
  DialogFooter,
  Intent,
  Radio,
  Tag,
} from '@blueprintjs/core';
import { useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import type {
  CorrectionAction,
  FiledSellerRow,
} from '../../machines/dac7/dac7CorrectionMachine.ts';
import { dac7RefusalKey } from '../../machines/dac7/dac7Reasons.ts';
import type { Dac7CorrectionActor } from './Dac7Corrections.tsx';

const ACTIONS: readonly CorrectionAction[] = ['KEEP', 'CORRECT', 'DELETE'];
const ACTION_KEYS = {
  KEEP: 'sellerCorrection.actionKeep',
  CORRECT: 'sellerCorrection.actionCorrect',
  DELETE: 'sellerCorrection.actionDelete',
} as const;

/** A filed report's sellers, each left as is, corrected (OECD2) or deleted (OECD3). */
export function Dac7CorrectionDialog({ actor }: { actor: Dac7CorrectionActor }) {
  const { t } = useTranslation();
  const draft = useSelector(actor, (s) => s.context.draft);
  const sellers = useSelector(
    actor,
    (s) => s.context.reports?.find((r) => r.uuid === s.context.draft?.report)?.sellers,
  );
  const building = useSelector(actor, (s) => s.matches('building'));
  const canBuild = useSelector(actor, (s) => s.can({ type: 'correction.build' }));
  const refusal = useSelector(actor, (s) => s.context.refusal);
  const cancel = () => actor.send({ type: 'correction.cancel' });

  return (
    <Dialog
      isOpen={draft !== null}
      onClose={cancel}
      title={t('sellerCorrection.dialogTitle', { ref: draft?.messageRefId ?? '' })}
      canEscapeKeyClose={!building}
      canOutsideClickClose={false}
      isCloseButtonShown={!building}
      style={{ width: 640 }}
    >
      <form
        data-testid="dac7-correction-dialog"
        onSubmit={(e) => {
          e.preventDefault();
          actor.send({ type: 'correction.build' });
        }}
      >
        <DialogBody>
          <p>{t('sellerCorrection.dialogIntro')}</p>
          {(sellers ?? []).map((s) => (
            <SellerChoice
              key={s.key}
              actor={actor}
              seller={s}
              action={draft?.actions[s.key] ?? 'KEEP'}
              disabled={building}
            />
          ))}
          {refusal && (
            <Callout intent={Intent.DANGER} role="alert" data-testid="dac7-correction-refusal">
              {t(dac7RefusalKey(refusal))}
            </Callout>
          )}
        </DialogBody>
        <DialogFooter
          actions={
            <>
              <Button text={t('sellerCorrection.cancel')} disabled={building} onClick={cancel} />
              <Button
                type="submit"
                intent={Intent.PRIMARY}
                icon="download"
                disabled={!canBuild}
                loading={building}
                text={t('sellerCorrection.build')}
                data-testid="dac7-correction-build"
              />
            </>
          }
        />
      </form>
    </Dialog>
  );
}

function SellerChoice({
  actor,
  seller,
  action,
  disabled,
}: {
  actor: Dac7CorrectionActor;
  seller: FiledSellerRow;
  action: CorrectionAction;
  disabled: boolean;
}) {
  const { t } = useTranslation();
  return (
    <fieldset className="seconde-dac7-choice" data-testid="dac7-correction-seller">
      <legend>
        {seller.name}{' '}
        {!seller.reportable ? (
          <Tag minimal intent={Intent.WARNING}>
            {t('sellerCorrection.notReportable')}
          </Tag>
        ) : (
          seller.changed && (
            <Tag minimal intent={Intent.PRIMARY}>
              {t('sellerCorrection.changed')}
            </Tag>
          )
        )}
      </legend>
      <div className="bp5-text-small bp5-text-muted">
        {t('sellerCorrection.docRef', { ref: seller.docRefId })}
      </div>
      {ACTIONS.map((a) => (
        <Radio
          key={a}
          inline
          name={`dac7-action-${seller.key}`}
          value={a}
          checked={action === a}
          disabled={disabled}
          label={t(ACTION_KEYS[a])}
          onChange={() => actor.send({ type: 'correction.choose', key: seller.key, action: a })}
        />
      ))}
    </fieldset>
  );
}
