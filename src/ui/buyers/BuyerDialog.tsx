import { Callout, Dialog, DialogBody, FormGroup, InputGroup, Intent } from '@blueprintjs/core';
import { useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import { EDITABLE_FIELDS, fieldKey, type EditableField } from '../../machines/buyers/buyerTypes.ts';
import { FormDialogFooter } from '../components/FormDialogFooter.tsx';
import type { BuyersActor } from './BuyersView.tsx';

const FORM_ID = 'buyer-form';

/** Type in a new buyer or correct one: name, contact, address, marketplace account. */
export function BuyerDialog({ actor }: { actor: BuyersActor }) {
  const { t } = useTranslation();
  const draft = useSelector(actor, (s) => s.context.draft);
  const saving = useSelector(actor, (s) => s.matches('saving'));
  const refusal = useSelector(actor, (s) => (s.matches('editing') ? s.context.refusal : null));
  const canSave = useSelector(actor, (s) => s.can({ type: 'buyers.save' }));
  const isOpen = draft !== null;
  const field = (name: EditableField) => (
    <FormGroup key={name} label={t(fieldKey(name))} labelFor={`buyer-${name}`}>
      <InputGroup
        id={`buyer-${name}`}
        value={draft?.[name] ?? ''}
        type={name === 'email' ? 'email' : 'text'}
        readOnly={saving}
        onValueChange={(value) => actor.send({ type: 'buyers.change', field: name, value })}
        data-testid={`buyer-field-${name}`}
      />
    </FormGroup>
  );
  return (
    <Dialog
      isOpen={isOpen}
      title={draft?.uuid ? t('buyers.editTitle') : t('buyers.newTitle')}
      onClose={() => actor.send({ type: 'buyers.cancel' })}
    >
      <form
        id={FORM_ID}
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          actor.send({ type: 'buyers.save' });
        }}
      >
        <DialogBody>
          {refusal && (
            <Callout intent={Intent.DANGER} role="alert">
              {t(refusal.i18nKey)}
            </Callout>
          )}
          {!canSave && !saving && <p className="seconde-buyers-hint">{t('buyers.nameNeeded')}</p>}
          {EDITABLE_FIELDS.map(field)}
        </DialogBody>
        <FormDialogFooter
          cancelText={t('buyers.cancel')}
          submitText={t('buyers.save')}
          busy={saving}
          onCancel={() => actor.send({ type: 'buyers.cancel' })}
          submitTestId="buyer-save"
        />
      </form>
    </Dialog>
  );
}
