import { Button, HTMLTable, Intent, Tag } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { useAnnouncements, useAnnouncementsActor } from './announcementsContext.ts';

/** The announcements, each with its favourite star, edit and delete buttons. */
export function AnnouncementTable() {
  const { t } = useTranslation();
  const actor = useAnnouncementsActor();
  const items = useAnnouncements((s) => s.context.items);
  const favorite = useAnnouncements((s) => s.context.favorite);
  const busy = useAnnouncements((s) => s.hasTag('busy'));
  return (
    <HTMLTable striped className="seconde-table seconde-announcement-table">
      <caption className="seconde-sr-only">{t('announcements.listLabel')}</caption>
      <thead>
        <tr>
          <th scope="col">{t('announcements.favorite')}</th>
          <th scope="col">{t('announcements.name')}</th>
          <th scope="col">{t('announcements.titleField')}</th>
          <th scope="col">{t('announcements.kind')}</th>
          <th scope="col">{t('announcements.status')}</th>
          <th scope="col">{t('announcements.actions')}</th>
        </tr>
      </thead>
      <tbody>
        {items.map((a) => {
          const isFavorite = a.uuid === favorite;
          return (
            <tr key={a.uuid} data-testid="announcement-row">
              <td>
                <Button
                  variant="minimal"
                  icon={isFavorite ? 'star' : 'star-empty'}
                  intent={isFavorite ? Intent.WARNING : Intent.NONE}
                  aria-pressed={isFavorite}
                  aria-label={t(
                    isFavorite ? 'announcements.unsetFavorite' : 'announcements.makeFavorite',
                    {
                      name: a.name,
                    },
                  )}
                  disabled={busy}
                  data-testid="announcement-favorite"
                  onClick={() => actor.send({ type: 'announcements.toggleFavorite', uuid: a.uuid })}
                />
              </td>
              <th scope="row">{a.name}</th>
              <td className="seconde-announcement-title">{a.title}</td>
              <td>
                {t(a.kind === 'PROMPT' ? 'announcements.kindPrompt' : 'announcements.kindTemplate')}
              </td>
              <td>
                <Tag minimal>
                  {t(a.isActive ? 'announcements.active' : 'announcements.inactive')}
                </Tag>{' '}
                {a.isDefault && <Tag minimal>{t('announcements.isDefault')}</Tag>}{' '}
                {a.company && <Tag minimal>{t('announcements.company')}</Tag>}
              </td>
              <td className="seconde-announcement-actions">
                <Button
                  variant="minimal"
                  icon="edit"
                  aria-label={t('announcements.editNamed', { name: a.name })}
                  disabled={busy}
                  data-testid="announcement-edit"
                  onClick={() => actor.send({ type: 'announcements.edit', uuid: a.uuid })}
                />
                <Button
                  variant="minimal"
                  icon="trash"
                  intent={Intent.DANGER}
                  aria-label={t('announcements.deleteNamed', { name: a.name })}
                  disabled={busy}
                  data-testid="announcement-delete"
                  onClick={() => actor.send({ type: 'announcements.delete', uuid: a.uuid })}
                />
              </td>
            </tr>
          );
        })}
      </tbody>
    </HTMLTable>
  );
}
