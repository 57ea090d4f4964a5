import { Button, Card, FormGroup, HTMLSelect, InputGroup, Intent, Switch } from '@blueprintjs/core';
import { useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import type { ActorRefFrom } from 'xstate';
import { labelKey } from '../../machines/people/labels.ts';
import { PROFILE_FAMILIES, type ProfileField } from '../../machines/profile/profileForm.ts';
import type { profileMachine } from '../../machines/profile/profileMachine.ts';

type ProfileActor = ActorRefFrom<typeof profileMachine>;
type TextField = Exclude<ProfileField, 'available' | 'favoriteFamily'>;

const TEXT_FIELDS: ReadonlyArray<{ field: TextField; label: string; type?: string }> = [
  { field: 'firstName', label: 'profile.firstName' },
  { field: 'lastName', label: 'profile.lastName' },
  { field: 'phoneNumber', label: 'profile.phone', type: 'tel' },
  { field: 'address', label: 'profile.address' },
  { field: 'postalCode', label: 'profile.postalCode' },
  { field: 'city', label: 'profile.city' },
];

/** The vendor's profile form: field rules come from the machine, texts in both languages. */
export function ProfileForm({ actor }: { actor: ProfileActor }) {
  const { t } = useTranslation();
  const draft = useSelector(actor, (s) => s.context.draft);
  const errors = useSelector(actor, (s) => s.context.fieldErrors);
  const touched = useSelector(actor, (s) => s.context.touched);
  const saving = useSelector(actor, (s) => s.matches('saving'));
  const canSave = useSelector(actor, (s) => s.can({ type: 'profile.save' }));
  const hasErrors = Object.keys(errors).length > 0;
  if (!draft) return null;
  const change = (field: ProfileField, value: string | boolean) =>
    actor.send({ type: 'profile.change', field, value });
  const errorOf = (field: ProfileField) => {
    const code = touched.includes(field) ? errors[field] : undefined;
    return code ? t(labelKey('profile.validation', code)) : undefined;
  };

  return (
    <Card>
      <form
        data-testid="profile-form"
        noValidate
        aria-label={t('profile.formLabel')}
        onSubmit={(e) => {
          e.preventDefault();
          actor.send({ type: 'profile.save' });
        }}
      >
        {TEXT_FIELDS.map(({ field, label, type }) => {
          const error = errorOf(field);
          const id = `profile-${field}`;
          return (
            <FormGroup
              key={field}
              label={t(label)}
              labelFor={id}
              labelInfo={t('profile.required')}
              helperText={error}
              intent={error ? Intent.DANGER : Intent.NONE}
            >
              <InputGroup
                id={id}
                type={type ?? 'text'}
                value={draft[field]}
                intent={error ? Intent.DANGER : Intent.NONE}
                aria-invalid={error !== undefined}
                aria-required
                placeholder={field === 'phoneNumber' ? t('profile.phonePlaceholder') : undefined}
                onValueChange={(value) => change(field, value)}
              />
            </FormGroup>
          );
        })}
        <FormGroup helperText={t('profile.availableHelp')}>
          <Switch
            id="profile-available"
            data-testid="profile-available"
            label={t('profile.available')}
            checked={draft.available}
            onChange={(e) => change('available', e.currentTarget.checked)}
          />
        </FormGroup>
        <FormGroup
          label={t('profile.favoriteFamily')}
          labelFor="profile-favoriteFamily"
          labelInfo={t('profile.optional')}
        >
          <HTMLSelect
            id="profile-favoriteFamily"
            value={draft.favoriteFamily}
            onChange={(e) => change('favoriteFamily', e.currentTarget.value)}
            options={[
              { value: '', label: t('profile.notChosen') },
              ...PROFILE_FAMILIES.map((family) => ({
                value: family,
                label: t(labelKey('peopleEnum.family', family)),
              })),
            ]}
          />
        </FormGroup>
        <div className="seconde-form-actions">
          <Button
            type="submit"
            intent={Intent.PRIMARY}
            icon="floppy-disk"
            text={t('profile.save')}
            loading={saving}
            disabled={!canSave && !hasErrors}
            data-testid="profile-save"
          />
        </div>
      </form>
    </Card>
  );
}
