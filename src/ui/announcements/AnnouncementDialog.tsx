import {
  Button,
  Callout,
  Classes,
  Dialog,
  DialogBody,
  FormGroup,
  InputGroup,
  Intent,
  Radio,
  RadioGroup,
  Switch,
  TextArea,
} from '@blueprintjs/core';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  announcementProblems,
  type AnnouncementProblem,
} from '../../domain/announcements/announcementRules.ts';
import {
  PLACEHOLDERS,
  SAMPLE_VALUES,
  fillPlaceholders,
  structuredDescription,
} from '../../domain/announcements/placeholders.ts';
import type { DraftField } from '../../machines/announcements/announcementsMachine.ts';
import { errorText } from '../../machines/announcements/announcementTypes.ts';
import { FormDialogFooter } from '../components/FormDialogFooter.tsx';
import { useAnnouncements, useAnnouncementsActor } from './announcementsContext.ts';

const FORM_ID = 'announcement-form';
type TextField = 'title' | 'description';

/** The text of a field's problem, once a save was tried (an unknown placeholder shows at once). */
function problemKey(problem: AnnouncementProblem | undefined, submitted: boolean) {
  if (!problem) return null;
  if (problem.problem === 'unknownPlaceholder')
    return { key: 'announcements.placeholderUnknown', values: { name: `{${problem.name}}` } };
  if (!submitted) return null;
  return {
    key: problem.field === 'name' ? 'announcements.nameRequired' : 'announcements.titleRequired',
  };
}

/** Create or edit an announcement: texts, kind, flags, placeholders to insert, a live preview. */
export function AnnouncementDialog() {
  const { t } = useTranslation();
  const actor = useAnnouncementsActor();
  const draft = useAnnouncements((s) => (s.hasTag('dialog') ? s.context.draft : null));
  const submitted = useAnnouncements((s) => s.context.submitted);
  const saving = useAnnouncements((s) => s.hasTag('busy'));
  const editable = useAnnouncements((s) => s.hasTag('editable'));
  const error = useAnnouncements((s) =>
    s.matches({ ready: 'saveFailed' }) ? s.context.error : null,
  );
  const [target, setTarget] = useState<TextField>('description');
  const inputs = useRef<Record<TextField, HTMLInputElement | HTMLTextAreaElement | null>>({
    title: null,
    description: null,
  });
  if (!draft) return null;

  const problems = announcementProblems(draft);
  const problemOf = (field: DraftField) =>
    problemKey(
      problems.find((p) => p.field === field),
      submitted,
    );
  const change = (field: DraftField, value: string) =>
    actor.send({ type: 'announcements.change', field, value });

  /** Puts `{name}` where the caret is in the chosen field, then gives the field the focus back. */
  const insert = (name: string) => {
    const element = inputs.current[target];
    const value = draft[target];
    const start = element?.selectionStart ?? value.length;
    const end = element?.selectionEnd ?? value.length;
    const token = `{${name}}`;
    change(target, `${value.slice(0, start)}${token}${value.slice(end)}`);
    requestAnimationFrame(() => {
      element?.focus();
      element?.setSelectionRange(start + token.length, start + token.length);
    });
  };

  /** What the title and description controls share: caret target for insertion, and errors. */
  const textProps = (name: TextField, describedBy: string | undefined) => ({
    id: `announcement-${name}`,
    inputRef: (el: HTMLInputElement | HTMLTextAreaElement | null) => {
      inputs.current[name] = el;
    },
    value: draft[name],
    disabled: !editable,
    'aria-invalid': describedBy !== undefined,
    'aria-describedby': describedBy,
    onFocus: () => setTarget(name),
  });

  const flagSwitch = (flag: 'isActive' | 'isDefault', label: string) => (
    <Switch
      checked={draft[flag]}
      disabled={!editable}
      label={label}
      onChange={(e) =>
        actor.send({ type: 'announcements.setFlag', flag, value: e.currentTarget.checked })
      }
    />
  );

  const field = (
    name: DraftField,
    label: string,
    control: (describedBy?: string) => React.ReactNode,
    help?: string,
  ) => {
    const problem = problemOf(name);
    const id = `announcement-${name}`;
    return (
      <FormGroup
        label={label}
        labelFor={id}
        intent={problem ? Intent.DANGER : Intent.NONE}
        helperText={
          problem ? (
            <span id={`${id}-error`} role="alert" data-testid="field-error">
              {t(problem.key, problem.values)}
            </span>
          ) : (
            help
          )
        }
      >
        {control(problem ? `${id}-error` : undefined)}
      </FormGroup>
    );
  };

  const preview =
    draft.kind === 'PROMPT'
      ? { title: SAMPLE_VALUES.title ?? '', description: structuredDescription(SAMPLE_VALUES) }
      : {
          title: fillPlaceholders(draft.title, SAMPLE_VALUES),
          description: fillPlaceholders(draft.description, SAMPLE_VALUES),
        };
  const saveError = errorText(error);

  return (
    <Dialog
      isOpen
      title={t(draft.uuid ? 'announcements.dialogEdit' : 'announcements.dialogNew')}
      icon="annotation"
      onClose={() => actor.send({ type: 'announcements.cancel' })}
      canOutsideClickClose={false}
      canEscapeKeyClose={!saving}
      className="seconde-announcement-dialog"
    >
      <form
        id={FORM_ID}
        data-testid="announcement-dialog"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          actor.send({ type: 'announcements.save' });
        }}
      >
        <DialogBody>
          {saveError && (
            <Callout intent={Intent.DANGER} role="alert" data-testid="announcement-save-failed">
              {t('announcements.saveFailed')} — {t(saveError.key, saveError.values)}
            </Callout>
          )}
          {field(
            'name',
            t('announcements.name'),
            (describedBy) => (
              <InputGroup
                id="announcement-name"
                value={draft.name}
                required
                maxLength={200}
                disabled={!editable}
                aria-invalid={describedBy !== undefined}
                aria-describedby={describedBy}
                onValueChange={(value) => change('name', value)}
              />
            ),
            t('announcements.nameHelp'),
          )}
          <RadioGroup
            label={t('announcements.kind')}
            inline
            selectedValue={draft.kind}
            disabled={!editable}
            onChange={(e) =>
              actor.send({
                type: 'announcements.setKind',
                kind: e.currentTarget.value === 'PROMPT' ? 'PROMPT' : 'TEMPLATE',
              })
            }
          >
            <Radio value="TEMPLATE" label={t('announcements.kindTemplate')} />
            <Radio value="PROMPT" label={t('announcements.kindPrompt')} />
          </RadioGroup>
          <p className={Classes.TEXT_MUTED}>
            {t(
              draft.kind === 'PROMPT'
                ? 'announcements.kindPromptHelp'
                : 'announcements.kindTemplateHelp',
            )}
          </p>
          {field('title', t('announcements.titleField'), (describedBy) => (
            <InputGroup
              {...textProps('title', describedBy)}
              required
              maxLength={300}
              onValueChange={(value) => change('title', value)}
            />
          ))}
          {field('description', t('announcements.description'), (describedBy) => (
            <TextArea
              {...textProps('description', describedBy)}
              fill
              rows={7}
              maxLength={5000}
              onChange={(e) => change('description', e.target.value)}
            />
          ))}
          <fieldset className="seconde-placeholder-help" data-testid="placeholder-help">
            <legend>{t('announcements.placeholdersTitle')}</legend>
            <p className={Classes.TEXT_MUTED}>{t('announcements.placeholdersHelp')}</p>
            <RadioGroup
              label={t('announcements.insertIn')}
              inline
              selectedValue={target}
              onChange={(e) =>
                setTarget(e.currentTarget.value === 'title' ? 'title' : 'description')
              }
            >
              <Radio value="title" label={t('announcements.titleField')} />
              <Radio value="description" label={t('announcements.description')} />
            </RadioGroup>
            <div className="seconde-placeholder-buttons">
              {PLACEHOLDERS.map((p) => (
                <Button
                  key={p.name}
                  size="small"
                  text={`{${p.name}}`}
                  aria-label={t('announcements.insertPlaceholder', { name: `{${p.name}}` })}
                  disabled={!editable}
                  data-testid={`insert-${p.name}`}
                  onClick={() => insert(p.name)}
                />
              ))}
            </div>
          </fieldset>
          {flagSwitch('isActive', t('announcements.active'))}
          {flagSwitch('isDefault', t('announcements.isDefault'))}
          <section
            className="seconde-announcement-preview"
            aria-labelledby="announcement-preview-title"
            data-testid="announcement-preview"
          >
            <h3 id="announcement-preview-title">{t('announcements.previewTitle')}</h3>
            <p className="seconde-preview-title" aria-live="polite">
              <strong>{preview.title}</strong>
            </p>
            <p className="seconde-preview-description">{preview.description}</p>
          </section>
        </DialogBody>
        <FormDialogFooter
          cancelText={t('announcements.cancel')}
          submitText={t('announcements.save')}
          busy={saving}
          onCancel={() => actor.send({ type: 'announcements.cancel' })}
          submitTestId="announcement-save"
        />
      </form>
    </Dialog>
  );
}
