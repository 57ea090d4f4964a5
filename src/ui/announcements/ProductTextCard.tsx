import {
  Button,
  Callout,
  Card,
  FormGroup,
  H2,
  HTMLSelect,
  InputGroup,
  Intent,
  TextArea,
} from '@blueprintjs/core';
import { useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { ActorRefFrom } from 'xstate';
import { errorText } from '../../machines/announcements/announcementTypes.ts';
import type { productTextMachine } from '../../machines/announcements/productTextMachine.ts';

/** Choose an announcement, write the product's text from it, edit and save it. */
export function ProductTextCard({ actor }: { actor: ActorRefFrom<typeof productTextMachine> }) {
  const { t } = useTranslation();
  const loading = useSelector(actor, (s) => s.matches('loading'));
  const failed = useSelector(actor, (s) => s.matches('failed'));
  const busy = useSelector(actor, (s) => s.hasTag('busy'));
  const saved = useSelector(actor, (s) => s.hasTag('saved'));
  const generating = useSelector(actor, (s) => s.matches({ ready: 'generating' }));
  const announcements = useSelector(actor, (s) => s.context.announcements);
  const favorite = useSelector(actor, (s) => s.context.favorite);
  const selected = useSelector(actor, (s) => s.context.selected);
  const draft = useSelector(actor, (s) => s.context.draft);
  const error = useSelector(actor, (s) => s.context.error);
  const canSave = useSelector(actor, (s) => s.can({ type: 'productText.save' }));
  const problem = errorText(error);
  const titleMissing = draft !== null && draft.title.trim() === '';

  return (
    <Card className="seconde-product-section" aria-labelledby="product-text-title" role="region">
      <H2 id="product-text-title">{t('announcementText.title')}</H2>
      {problem && (
        <Callout intent={Intent.DANGER} role="alert" data-testid="product-text-error">
          {t(problem.key, problem.values)}{' '}
          {error?.reason === 'NO_FAVORITE_ANNOUNCEMENT' && (
            <Link to="/edit-profile/announcements">{t('announcementText.manage')}</Link>
          )}
          {failed && (
            <Button
              variant="minimal"
              size="small"
              text={t('announcements.retry')}
              onClick={() => actor.send({ type: 'productText.retry' })}
            />
          )}
        </Callout>
      )}
      {!loading && !failed && (
        <>
          {announcements.length === 0 ? (
            <p>
              {t('announcementText.noAnnouncements')}{' '}
              <Link to="/edit-profile/announcements">{t('announcementText.manage')}</Link>
            </p>
          ) : (
            <FormGroup label={t('announcementText.choose')} labelFor="product-text-announcement">
              <HTMLSelect
                id="product-text-announcement"
                value={selected}
                disabled={busy}
                fill
                data-testid="product-text-announcement"
                onChange={(e) => actor.send({ type: 'productText.choose', uuid: e.target.value })}
              >
                {!announcements.some((a) => a.uuid === favorite) && (
                  <option value="">{t('announcementText.favoriteOption')}</option>
                )}
                {announcements.map((a) => (
                  <option key={a.uuid} value={a.uuid}>
                    {a.uuid === favorite
                      ? t('announcementText.favoriteSuffix', { name: a.name })
                      : a.name}
                  </option>
                ))}
              </HTMLSelect>
            </FormGroup>
          )}
          <Button
            icon="edit"
            text={t(draft ? 'announcementText.regenerate' : 'announcementText.generate')}
            loading={generating}
            disabled={busy}
            data-testid="product-text-generate"
            onClick={() => actor.send({ type: 'productText.generate' })}
          />
          {draft ? (
            <form
              noValidate
              onSubmit={(e) => {
                e.preventDefault();
                actor.send({ type: 'productText.save' });
              }}
            >
              <FormGroup
                label={t('announcementText.titleField')}
                labelFor="product-text-title-field"
                intent={titleMissing ? Intent.DANGER : Intent.NONE}
                helperText={
                  titleMissing && (
                    <span id="product-text-title-error" role="alert">
                      {t('announcementText.titleRequired')}
                    </span>
                  )
                }
              >
                <InputGroup
                  id="product-text-title-field"
                  value={draft.title}
                  required
                  maxLength={300}
                  disabled={busy}
                  aria-invalid={titleMissing}
                  aria-describedby={titleMissing ? 'product-text-title-error' : undefined}
                  onValueChange={(value) =>
                    actor.send({ type: 'productText.change', field: 'title', value })
                  }
                />
              </FormGroup>
              <FormGroup
                label={t('announcementText.description')}
                labelFor="product-text-description"
              >
                <TextArea
                  id="product-text-description"
                  value={draft.description}
                  fill
                  rows={8}
                  maxLength={5000}
                  disabled={busy}
                  onChange={(e) =>
                    actor.send({
                      type: 'productText.change',
                      field: 'description',
                      value: e.target.value,
                    })
                  }
                />
              </FormGroup>
              <Button
                type="submit"
                intent={Intent.PRIMARY}
                icon="floppy-disk"
                text={t('announcementText.save')}
                disabled={!canSave}
                data-testid="product-text-save"
              />
              <span role="status" className="seconde-inline-status">
                {saved ? t('announcementText.saved') : ''}
              </span>
            </form>
          ) : (
            <p>{t('announcementText.none')}</p>
          )}
        </>
      )}
    </Card>
  );
}
