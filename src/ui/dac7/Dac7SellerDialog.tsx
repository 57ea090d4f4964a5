import {
  Button,
  Callout,
  Dialog,
  DialogBody,
  DialogFooter,
  FormGroup,
  InputGroup,
  Intent,
} from '@blueprintjs/core';
import { useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import type { DraftField } from '../../machines/dac7/dac7ReportMachine.ts';
import { dac7RefusalKey } from '../../machines/dac7/dac7Reasons.ts';
import type { Dac7Actor } from './Dac7View.tsx';

/** A person-seller's TIN, date and place of birth, saved on their vendor record. */
export function Dac7SellerDialog({ actor }: { actor: Dac7Actor }) {
  const { t } = useTranslation();
  const draft = useSelector(actor, (s) => s.context.draft);
  const saving = useSelector(actor, (s) => s.matches('saving'));
  const refusal = useSelector(actor, (s) => (s.context.draft ? s.context.refusal : null));
  const cancel = () => actor.send({ type: 'dac7.cancel' });
  const field = (name: DraftField) => (e: React.ChangeEvent<HTMLInputElement>) =>
    actor.send({ type: 'dac7.field', field: name, value: e.currentTarget.value });

  return (
    <Dialog
      isOpen={draft !== null}
      onClose={cancel}
      title={t('sellerReport.dialogTitle', { name: draft?.name ?? '' })}
      canEscapeKeyClose={!saving}
      canOutsideClickClose={false}
      isCloseButtonShown={!saving}
    >
      <form
        onSubmit={(e) => {
          e.preventDefault();
          actor.send({ type: 'dac7.save' });
        }}
      >
        <DialogBody>
          <FormGroup
            label={t('sellerReport.tinLabel')}
            labelFor="dac7-tin"
            helperText={t('sellerReport.tinHelp')}
          >
            <InputGroup id="dac7-tin" value={draft?.tin ?? ''} onChange={field('tin')} />
          </FormGroup>
          <FormGroup label={t('sellerReport.birthDateLabel')} labelFor="dac7-birth-date">
            <InputGroup
              id="dac7-birth-date"
              type="date"
              value={draft?.birthDate ?? ''}
              onChange={field('birthDate')}
            />
          </FormGroup>
          <FormGroup
            label={t('sellerReport.birthPlaceLabel')}
            labelFor="dac7-birth-place"
            helperText={t('sellerReport.birthPlaceHelp')}
          >
            <InputGroup
              id="dac7-birth-place"
              value={draft?.birthPlace ?? ''}
              onChange={field('birthPlace')}
            />
          </FormGroup>
          {refusal && (
            <Callout intent={Intent.DANGER} role="alert" data-testid="dac7-save-refusal">
              {t(dac7RefusalKey(refusal))}
            </Callout>
          )}
        </DialogBody>
        <DialogFooter
          actions={
            <>
              <Button text={t('sellerReport.cancel')} disabled={saving} onClick={cancel} />
              <Button
                type="submit"
                intent={Intent.PRIMARY}
                loading={saving}
                text={t('sellerReport.save')}
              />
            </>
          }
        />
      </form>
    </Dialog>
  );
}
