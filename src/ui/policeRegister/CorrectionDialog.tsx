import {
  Button,
  Callout,
  Dialog,
  DialogBody,
  DialogFooter,
  FormGroup,
  HTMLSelect,
  InputGroup,
  TextArea,
} from '@blueprintjs/core';
import { useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import type { ActorRefFrom } from 'xstate';
import {
  CONDITIONS,
  CORRECTION_MAX_LENGTH,
  DEPOSITOR_FIELDS,
  ITEM_FIELDS,
  correctionProblems,
  type CorrectionField,
} from '../../domain/policeRegister/correction.ts';
import type { policeRegisterMachine } from '../../machines/policeRegister/policeRegisterMachine.ts';

type Actor = ActorRefFrom<typeof policeRegisterMachine>;

const PROBLEM_KEYS = {
  tooLong: 'policeRegister.correctionTooLong',
  priceInvalid: 'policeRegister.correctionPriceInvalid',
  dateInvalid: 'policeRegister.correctionDateInvalid',
  reasonTooShort: 'policeRegister.correctionReasonTooShort',
  unchanged: 'policeRegister.correctionUnchanged',
} as const;
const CONDITION_KEYS: Record<(typeof CONDITIONS)[number], string> = {
  NEW_WITH_TICKET: 'policeRegister.conditionNewWithTicket',
  NEW_WITHOUT_TICKET: 'policeRegister.conditionNewWithoutTicket',
  VERY_GOOD: 'policeRegister.conditionVeryGood',
  GOOD: 'policeRegister.conditionGood',
  SATISFYING: 'policeRegister.conditionSatisfying',
  REFUSED: 'policeRegister.conditionRefused',
};
const labelKey = (field: CorrectionField) =>
  `policeRegister.field${field[0]!.toUpperCase()}${field.slice(1)}`;
const sameJson = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/**
 * The correction screen: the chosen entry's content to correct, and the reason. Saving writes a
 * new entry naming it (the register is append-only); a field's message says what stops it.
 */
export function CorrectionDialog({ actor }: { actor: Actor }) {
  const { t } = useTranslation();
  const number = useSelector(actor, (s) => s.context.correction?.number ?? null);
  const refusal = useSelector(actor, (s) => s.context.correction?.refusal ?? null);
  const saving = useSelector(actor, (s) => s.matches({ correcting: 'saving' }));
  const canSave = useSelector(actor, (s) => s.can({ type: 'correction.submit' }));
  const problems = useSelector(
    actor,
    (s) =>
      s.context.correction
        ? correctionProblems(s.context.correction.draft, s.context.correction.original)
        : {},
    sameJson,
  );
  const close = () => actor.send({ type: 'correction.cancel' });
  return (
    <Dialog
      isOpen={number !== null}
      onClose={close}
      title={t('policeRegister.correctionTitle', { number })}
      style={{ width: 'min(56rem, 95vw)' }}
      data-testid="correction-dialog"
    >
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          actor.send({ type: 'correction.submit' });
        }}
      >
        <DialogBody>
          <p>{t('policeRegister.correctionHint')}</p>
          <div className="seconde-correction-columns">
            <fieldset>
              <legend>{t('policeRegister.correctionItem')}</legend>
              {ITEM_FIELDS.map((field) => (
                <CorrectionInput
                  key={field}
                  actor={actor}
                  field={field}
                  problem={problems[field]}
                />
              ))}
            </fieldset>
            <fieldset>
              <legend>{t('policeRegister.correctionDepositor')}</legend>
              {DEPOSITOR_FIELDS.map((field) => (
                <CorrectionInput
                  key={field}
                  actor={actor}
                  field={field}
                  problem={problems[field]}
                />
              ))}
            </fieldset>
          </div>
          <CorrectionInput actor={actor} field="reason" problem={problems.reason} />
          {refusal && (
            <Callout intent="danger" role="alert" data-testid="correction-refused">
              {t('policeRegister.correctionFailed')} {t(`errors.${refusal}`)}
            </Callout>
          )}
        </DialogBody>
        <DialogFooter
          actions={
            <>
              <Button text={t('policeRegister.correctionCancel')} onClick={close} />
              <Button
                type="submit"
                intent="primary"
                text={t('policeRegister.correctionSave')}
                disabled={!canSave}
                loading={saving}
                data-testid="correction-save"
              />
            </>
          }
        />
      </form>
    </Dialog>
  );
}

function CorrectionInput({
  actor,
  field,
  problem,
}: {
  actor: Actor;
  field: CorrectionField;
  problem: keyof typeof PROBLEM_KEYS | undefined;
}) {
  const { t } = useTranslation();
  const value = useSelector(actor, (s) => s.context.correction?.draft[field] ?? '');
  const id = `correction-${field}`;
  const problemId = `${id}-problem`;
  const set = (next: string) => actor.send({ type: 'correction.set', field, value: next });
  const common = {
    id,
    value,
    'aria-invalid': problem ? true : undefined,
    'aria-describedby': problem ? problemId : undefined,
  };
  return (
    <FormGroup
      label={t(labelKey(field))}
      labelFor={id}
      intent={problem ? 'danger' : 'none'}
      helperText={
        problem ? (
          <span id={problemId} data-testid={`${id}-problem`}>
            {t(PROBLEM_KEYS[problem], { max: CORRECTION_MAX_LENGTH[field] })}
          </span>
        ) : undefined
      }
    >
      {field === 'condition' ? (
        <HTMLSelect {...common} fill onChange={(e) => set(e.currentTarget.value)}>
          <option value="">{t('policeRegister.conditionNone')}</option>
          {CONDITIONS.map((c) => (
            <option key={c} value={c}>
              {t(CONDITION_KEYS[c])}
            </option>
          ))}
        </HTMLSelect>
      ) : field === 'description' || field === 'reason' ? (
        <TextArea {...common} fill onChange={(e) => set(e.currentTarget.value)} />
      ) : (
        <InputGroup
          {...common}
          type={field === 'idDocumentDate' ? 'date' : 'text'}
          inputMode={field === 'price' ? 'decimal' : undefined}
          intent={problem ? 'danger' : 'none'}
          onValueChange={set}
        />
      )}
    </FormGroup>
  );
}
