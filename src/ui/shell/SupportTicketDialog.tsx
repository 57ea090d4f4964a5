import {
  Button,
  Callout,
  Checkbox,
  Classes,
  Dialog,
  DialogBody,
  DialogFooter,
  FormGroup,
  HTMLSelect,
  InputGroup,
  Intent,
  TextArea,
} from '@blueprintjs/core';
import { useEffect, type ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { labelKey } from '../../machines/people/labels.ts';
import {
  PRIORITIES,
  missingFields,
  type Priority,
  type RequiredField,
} from '../../machines/supportTicket/supportTicketMachine.ts';
import { showToast } from '../components/toaster.ts';
import { useSupportTicket, useSupportTicketActor } from './supportTicketContext.ts';

const FORM_ID = 'support-ticket-form';

/** The "Contact us" modal: title, message, priority and copy; it only renders the machine. */
export function SupportTicketDialog() {
  const { t } = useTranslation();
  const actor = useSupportTicketActor();
  const isOpen = useSupportTicket((s) => s.hasTag('open'));
  const sending = useSupportTicket((s) => s.hasTag('busy'));
  const editable = useSupportTicket((s) => s.hasTag('editable'));
  const errorCode = useSupportTicket((s) => s.context.errorCode);
  const draft = useSupportTicket((s) => s.context.draft);
  const touched = useSupportTicket((s) => s.context.touched);
  const missing = missingFields(draft);

  useEffect(() => {
    const sub = actor.on('support.sent', () => showToast('success', t('supportTicket.sent')));
    return () => sub.unsubscribe();
  }, [actor, t]);

  const errorOf = (field: RequiredField) =>
    touched.includes(field) && missing.includes(field) ? t('supportTicket.required') : undefined;
  const field = (name: RequiredField, label: string, control: (error?: string) => ReactElement) => {
    const error = errorOf(name);
    return (
      <FormGroup
        label={t(label)}
        labelFor={`support-${name}`}
        labelInfo={t('supportTicket.requiredTag')}
        helperText={error && <span id={`support-${name}-error`}>{error}</span>}
        intent={error ? Intent.DANGER : Intent.NONE}
      >
        {control(error)}
      </FormGroup>
    );
  };
  const textProps = (name: RequiredField, error?: string) => ({
    id: `support-${name}`,
    value: draft[name],
    required: true,
    disabled: !editable,
    intent: error ? Intent.DANGER : Intent.NONE,
    'aria-invalid': error !== undefined,
    'aria-describedby': error ? `support-${name}-error` : undefined,
    onBlur: () => actor.send({ type: 'support.leave', field: name }),
  });

  return (
    <Dialog
      isOpen={isOpen}
      title={t('supportTicket.title')}
      icon="chat"
      onClose={() => actor.send({ type: 'support.close' })}
      canOutsideClickClose={!sending}
      canEscapeKeyClose={!sending}
      data-testid="support-dialog"
    >
      <form
        id={FORM_ID}
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          actor.send({ type: 'support.submit' });
        }}
      >
        <DialogBody>
          <p className={Classes.TEXT_MUTED}>{t('supportTicket.intro')}</p>
          {errorCode && (
            <Callout intent={Intent.DANGER} role="alert" data-testid="support-failed">
              {t('supportTicket.failed')} {t(`errors.${errorCode}`)}
            </Callout>
          )}
          {field('title', 'supportTicket.subject', (error) => (
            <InputGroup
              {...textProps('title', error)}
              maxLength={200}
              onValueChange={(value) => actor.send({ type: 'support.edit', field: 'title', value })}
            />
          ))}
          {field('content', 'supportTicket.content', (error) => (
            <TextArea
              {...textProps('content', error)}
              fill
              rows={6}
              maxLength={10_000}
              onChange={(e) =>
                actor.send({ type: 'support.edit', field: 'content', value: e.target.value })
              }
            />
          ))}
          <FormGroup label={t('supportTicket.priority')} labelFor="support-priority">
            <HTMLSelect
              id="support-priority"
              value={draft.priority}
              disabled={!editable}
              onChange={(e) =>
                actor.send({ type: 'support.setPriority', value: e.target.value as Priority })
              }
              options={PRIORITIES.map((p) => ({
                value: p,
                label: t(labelKey('supportTicket.priority', p)),
              }))}
            />
          </FormGroup>
          <Checkbox
            checked={draft.copyUser}
            disabled={!editable}
            label={t('supportTicket.copyUser')}
            onChange={(e) =>
              actor.send({ type: 'support.setCopy', value: e.currentTarget.checked })
            }
          />
        </DialogBody>
      </form>
      <DialogFooter
        actions={
          <>
            <Button
              text={t('supportTicket.cancel')}
              disabled={sending}
              onClick={() => actor.send({ type: 'support.close' })}
            />
            <Button
              type="submit"
              form={FORM_ID}
              intent={Intent.PRIMARY}
              icon="send-message"
              text={t('supportTicket.send')}
              loading={sending}
              data-testid="support-send"
            />
          </>
        }
      />
    </Dialog>
  );
}
