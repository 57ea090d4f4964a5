import {
  Button,
  Callout,
  Dialog,
  DialogBody,
  DialogFooter,
  FormGroup,
  InputGroup,
} from '@blueprintjs/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  ID_DOCUMENT_FIELDS,
  ID_DOCUMENT_MAX_LENGTH,
  type IdDocumentField,
} from '../../domain/policeRegister/idDocument.ts';
import {
  selectCanConfirmIdDocument,
  selectIdDocumentProblems,
  selectIsAskingIdDocument,
  selectIsBusy,
  selectPendingIdDocument,
} from '../../machines/deposit/depositSelectors.ts';
import { useDeposit, useDepositActor } from './depositContext.ts';

const LABELS: Record<IdDocumentField, string> = {
  type: 'policeRegister.idType',
  number: 'policeRegister.idNumber',
  authority: 'policeRegister.idAuthority',
  date: 'policeRegister.idDate',
};
const PROBLEMS = {
  required: 'policeRegister.idRequired',
  tooLong: 'policeRegister.idTooLong',
  dateInvalid: 'policeRegister.idDateInvalid',
  dateInFuture: 'policeRegister.idDateInFuture',
} as const;
const TYPE_SUGGESTIONS = [
  'policeRegister.idTypeIdCard',
  'policeRegister.idTypePassport',
  'policeRegister.idTypeResidencePermit',
  'policeRegister.idTypeDrivingLicence',
];

const sameProblems = (a: object, b: object) => JSON.stringify(a) === JSON.stringify(b);

/**
 * A professional vendor's reception step (Code pénal R.321-3): the depositor's identity document,
 * prefilled from the deposit, sent with the move to RECEIVED. A part's message shows once it was
 * left or the user tried to confirm; the server checks the document again.
 */
export function IdDocumentDialog() {
  const { t } = useTranslation();
  const actor = useDepositActor();
  const open = useDeposit(selectIsAskingIdDocument);
  const doc = useDeposit(selectPendingIdDocument);
  const problems = useDeposit(selectIdDocumentProblems, sameProblems);
  const canConfirm = useDeposit(selectCanConfirmIdDocument);
  const busy = useDeposit(selectIsBusy);
  const [touched, setTouched] = useState<ReadonlySet<IdDocumentField>>(new Set());
  const [tried, setTried] = useState(false);
  const close = () => actor.send({ type: 'deposit.closeIdDocument' });
  const shown = (field: IdDocumentField) => (tried || touched.has(field) ? problems[field] : null);

  return (
    <Dialog
      isOpen={open}
      onClose={close}
      onOpening={() => {
        setTouched(new Set());
        setTried(false);
      }}
      title={t('policeRegister.idTitle')}
      data-testid="id-document-dialog"
    >
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          setTried(true);
          if (canConfirm) actor.send({ type: 'deposit.confirmIdDocument' });
        }}
      >
        <DialogBody>
          <p id="id-document-hint">{t('policeRegister.idHint')}</p>
          {ID_DOCUMENT_FIELDS.map((field) => {
            const problem = shown(field);
            const id = `id-document-${field}`;
            return (
              <FormGroup
                key={field}
                label={t(LABELS[field])}
                labelFor={id}
                labelInfo={t('policeRegister.idRequiredMark')}
                intent={problem ? 'danger' : 'none'}
                helperText={
                  problem ? (
                    <span id={`${id}-problem`} data-testid={`${id}-problem`}>
                      {t(PROBLEMS[problem], { max: ID_DOCUMENT_MAX_LENGTH[field] })}
                    </span>
                  ) : undefined
                }
              >
                <InputGroup
                  id={id}
                  name={field}
                  type={field === 'date' ? 'date' : 'text'}
                  list={field === 'type' ? 'id-document-types' : undefined}
                  value={doc?.[field] ?? ''}
                  required
                  intent={problem ? 'danger' : 'none'}
                  aria-invalid={problem ? true : undefined}
                  aria-describedby={problem ? `${id}-problem` : undefined}
                  onBlur={() => setTouched((was) => new Set(was).add(field))}
                  onValueChange={(value) =>
                    actor.send({ type: 'deposit.setIdDocument', field, value })
                  }
                />
              </FormGroup>
            );
          })}
          <datalist id="id-document-types">
            {TYPE_SUGGESTIONS.map((key) => (
              <option key={key} value={t(key)} />
            ))}
          </datalist>
          {tried && !canConfirm && (
            <Callout intent="danger" role="alert" data-testid="id-document-invalid">
              {t('policeRegister.idInvalid')}
            </Callout>
          )}
        </DialogBody>
        <DialogFooter
          actions={
            <>
              <Button text={t('policeRegister.idCancel')} onClick={close} />
              <Button
                type="submit"
                intent="primary"
                text={t('policeRegister.idConfirm')}
                loading={busy}
                data-testid="id-document-confirm"
              />
            </>
          }
        />
      </form>
    </Dialog>
  );
}
