import {
  Button,
  Callout,
  Dialog,
  DialogBody,
  FormGroup,
  InputGroup,
  Intent,
} from '@blueprintjs/core';
import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { wardrobeImportLogic } from '../../machines/backgroundTasks/wardrobeImportLogic.ts';
import { profileUrlErrorKey } from '../../machines/backgroundTasks/wardrobeImportMachine.ts';
import { useAppServices } from '../app/servicesContext.ts';
import { FormDialogFooter } from '../components/FormDialogFooter.tsx';
import { showToast } from '../components/toaster.ts';

const FORM_ID = 'wardrobe-import-form';

/**
 * The stock page's "Import my Vinted wardrobe" button and its dialog: the profile address is
 * checked as typed, the import starts as a background task and the task panel follows it.
 */
export function WardrobeImport() {
  const { t } = useTranslation();
  const { clients } = useAppServices();
  const logic = useMemo(() => wardrobeImportLogic(clients), [clients]);
  const actor = useActorRef(logic);
  const isOpen = useSelector(actor, (s) => s.hasTag('open'));
  const starting = useSelector(actor, (s) => s.hasTag('busy'));
  const editable = useSelector(actor, (s) => s.hasTag('editable'));
  const profileUrl = useSelector(actor, (s) => s.context.profileUrl);
  const fieldError = useSelector(actor, (s) => profileUrlErrorKey(s.context));
  // A refused address shows under the field; any other refusal above the form.
  const errorCode = useSelector(actor, (s) =>
    s.context.reason === 'PROFILE_URL_INVALID' ? null : s.context.errorCode,
  );

  useEffect(() => {
    const sub = actor.on('wardrobe.started', () =>
      showToast('success', t('tasks.wardrobeStarted')),
    );
    return () => sub.unsubscribe();
  }, [actor, t]);

  return (
    <>
      <Button
        icon="import"
        text={t('tasks.wardrobeOpen')}
        onClick={() => actor.send({ type: 'wardrobe.open' })}
        data-testid="wardrobe-import-open"
      />
      <Dialog
        isOpen={isOpen}
        title={t('tasks.wardrobeTitle')}
        onClose={() => actor.send({ type: 'wardrobe.close' })}
        canOutsideClickClose={!starting}
        data-testid="wardrobe-import-dialog"
      >
        <form
          id={FORM_ID}
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            actor.send({ type: 'wardrobe.submit' });
          }}
        >
          <DialogBody>
            <p>{t('tasks.wardrobeIntro')}</p>
            {errorCode && (
              <Callout intent={Intent.DANGER} role="alert" data-testid="wardrobe-import-error">
                {t(`errors.${errorCode}`)}
              </Callout>
            )}
            <FormGroup
              label={t('tasks.wardrobeUrlLabel')}
              labelFor="wardrobe-profile-url"
              labelInfo={t('tasks.wardrobeRequiredTag')}
              helperText={
                fieldError && <span id="wardrobe-profile-url-error">{t(fieldError)}</span>
              }
              intent={fieldError ? Intent.DANGER : Intent.NONE}
            >
              <InputGroup
                id="wardrobe-profile-url"
                type="url"
                inputMode="url"
                autoComplete="url"
                autoFocus
                required
                placeholder={t('tasks.wardrobeUrlPlaceholder')}
                value={profileUrl}
                readOnly={!editable}
                intent={fieldError ? Intent.DANGER : Intent.NONE}
                aria-invalid={fieldError ? true : undefined}
                aria-describedby={fieldError ? 'wardrobe-profile-url-error' : undefined}
                onValueChange={(value) => actor.send({ type: 'wardrobe.edit', value })}
                onBlur={() => actor.send({ type: 'wardrobe.leave' })}
                data-testid="wardrobe-profile-url"
              />
            </FormGroup>
          </DialogBody>
          <FormDialogFooter
            cancelText={t('tasks.wardrobeCancel')}
            submitText={t('tasks.wardrobeStart')}
            busy={starting}
            onCancel={() => actor.send({ type: 'wardrobe.close' })}
            submitTestId="wardrobe-import-start"
          />
        </form>
      </Dialog>
    </>
  );
}
