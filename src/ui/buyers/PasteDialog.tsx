import {
  Button,
  Callout,
  Dialog,
  DialogBody,
  DialogFooter,
  FormGroup,
  HTMLSelect,
  Intent,
  TextArea,
} from '@blueprintjs/core';
import { useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import {
  EDITABLE_FIELDS,
  buyerName,
  fieldKey,
  type BuyerFields,
} from '../../machines/buyers/buyerTypes.ts';
import { PASTE_PLATFORMS, platformKey } from '../../machines/buyers/platforms.ts';
import type { BuyersActor } from './BuyersView.tsx';

/**
 * Paste the buyer block or order message from a marketplace: the server reads it, the vendor sees
 * what was understood (and the buyer it matches), and only then saves it.
 */
export function PasteDialog({ actor }: { actor: BuyersActor }) {
  const { t } = useTranslation();
  const isOpen = useSelector(
    actor,
    (s) =>
      s.matches('pasting') ||
      s.matches('reading') ||
      s.matches('understood') ||
      s.matches('creating'),
  );
  const preview = useSelector(actor, (s) => s.context.preview);
  return (
    <Dialog
      isOpen={isOpen}
      title={t('buyers.pasteTitle')}
      onClose={() => actor.send({ type: 'buyers.cancel' })}
      style={{ width: 'min(40rem, 95vw)' }}
    >
      {preview ? <Understood actor={actor} /> : <PasteForm actor={actor} />}
    </Dialog>
  );
}

function PasteForm({ actor }: { actor: BuyersActor }) {
  const { t } = useTranslation();
  const paste = useSelector(actor, (s) => s.context.paste);
  const reading = useSelector(actor, (s) => s.matches('reading'));
  const refusal = useSelector(actor, (s) => s.context.refusal);
  const canRead = useSelector(actor, (s) => s.can({ type: 'buyers.read' }));
  return (
    <form
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        actor.send({ type: 'buyers.read' });
      }}
    >
      <DialogBody>
        <FormGroup
          label={t('buyers.pasteLabel')}
          labelFor="buyer-paste-text"
          helperText={t('buyers.pasteHelp')}
        >
          <TextArea
            id="buyer-paste-text"
            fill
            rows={9}
            maxLength={5000}
            value={paste.text}
            readOnly={reading}
            onChange={(e) => actor.send({ type: 'buyers.text', text: e.target.value })}
            data-testid="buyer-paste-text"
          />
        </FormGroup>
        <FormGroup label={t('buyers.platform')} labelFor="buyer-paste-platform">
          <HTMLSelect
            id="buyer-paste-platform"
            value={paste.platform}
            disabled={reading}
            onChange={(e) =>
              actor.send({ type: 'buyers.platform', platform: Number(e.target.value) })
            }
            options={[
              { value: 0, label: t('buyers.platformFromText') },
              ...PASTE_PLATFORMS.map((p) => ({ value: p, label: t(platformKey(p) ?? '') })),
            ]}
          />
        </FormGroup>
        {refusal && (
          <Callout intent={Intent.DANGER} role="alert" data-testid="buyer-paste-refused">
            {t(refusal.i18nKey)}
          </Callout>
        )}
      </DialogBody>
      <DialogFooter
        actions={
          <>
            <Button
              text={t('buyers.cancel')}
              onClick={() => actor.send({ type: 'buyers.cancel' })}
            />
            <Button
              type="submit"
              intent={Intent.PRIMARY}
              text={t('buyers.read')}
              loading={reading}
              disabled={!canRead && !reading}
              data-testid="buyer-paste-read"
            />
          </>
        }
      />
    </form>
  );
}

function Fields({ buyer, testId }: { buyer: BuyerFields; testId: string }) {
  const { t } = useTranslation();
  const shown = EDITABLE_FIELDS.filter((f) => buyer[f] !== '');
  return (
    <dl className="seconde-buyers-understood" data-testid={testId}>
      {shown.map((f) => (
        <div key={f}>
          <dt>{t(fieldKey(f))}</dt>
          <dd data-testid={`${testId}-${f}`}>{buyer[f]}</dd>
        </div>
      ))}
    </dl>
  );
}

function Understood({ actor }: { actor: BuyersActor }) {
  const { t } = useTranslation();
  const preview = useSelector(actor, (s) => s.context.preview);
  const creating = useSelector(actor, (s) => s.matches('creating'));
  const refusal = useSelector(actor, (s) => s.context.refusal);
  // Cleared once saved, while the dialog closes.
  if (!preview) return null;
  const platform = platformKey(preview.platform);
  return (
    <>
      <DialogBody>
        <p>{t('buyers.understoodIntro')}</p>
        {platform && (
          <p data-testid="buyer-understood-platform">
            {t('buyers.understoodPlatform', { platform: t(platform) })}
          </p>
        )}
        <Fields buyer={preview.buyer} testId="buyer-understood" />
        {preview.existing && (
          <Callout intent={Intent.PRIMARY} data-testid="buyer-existing">
            {t('buyers.existing', { name: buyerName(preview.existing) })}
          </Callout>
        )}
        {refusal && (
          <Callout intent={Intent.DANGER} role="alert">
            {t(refusal.i18nKey)}
          </Callout>
        )}
      </DialogBody>
      <DialogFooter
        actions={
          <>
            <Button
              text={t('buyers.back')}
              disabled={creating}
              onClick={() => actor.send({ type: 'buyers.back' })}
            />
            <Button
              intent={Intent.PRIMARY}
              text={preview.existing ? t('buyers.useExisting') : t('buyers.confirm')}
              loading={creating}
              onClick={() => actor.send({ type: 'buyers.confirm' })}
              data-testid="buyer-paste-confirm"
            />
          </>
        }
      />
    </>
  );
}
