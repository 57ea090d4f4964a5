import { HTMLTable, Tag } from '@blueprintjs/core';
import { useActorRef } from '@xstate/react';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { selectVendorUuid } from '../../../machines/people/access.ts';
import { labelKey } from '../../../machines/people/labels.ts';
import { announcementListLogic } from '../../../machines/profile/editProfileLists.ts';
import { useAppServices } from '../../app/servicesContext.ts';
import { useSession } from '../../app/sessionContext.ts';
import { formatDate } from '../../components/format.ts';
import { PageState } from '../../components/PageState.tsx';
import { ListFrame } from '../People/ListFrame.tsx';
import { usePagedList } from '../People/usePagedList.ts';
import { ProfilePage } from './ProfilePage.tsx';

function AnnouncementTable({ vendor }: { vendor: string }) {
  const { t, i18n } = useTranslation();
  const { clients } = useAppServices();
  const logic = useMemo(() => announcementListLogic(clients, vendor), [clients, vendor]);
  const actor = useActorRef(logic, { input: {} });
  const list = usePagedList(actor);
  return (
    <ListFrame list={list} testId="announcement-list" emptyTitle={t('profile.noAnnouncements')}>
      <HTMLTable striped className="seconde-table">
        <caption className="seconde-sr-only">{t('profile.announcementsTitle')}</caption>
        <thead>
          <tr>
            <th scope="col">{t('profile.announcementName')}</th>
            <th scope="col">{t('profile.announcementTitle')}</th>
            <th scope="col">{t('profile.announcementKind')}</th>
            <th scope="col">{t('profile.announcementStatus')}</th>
            <th scope="col">{t('profile.announcementCreated')}</th>
          </tr>
        </thead>
        <tbody>
          {list.rows.map((a) => (
            <tr key={a.uuid} data-testid="announcement-row">
              <td>{a.name}</td>
              <td>{a.title}</td>
              <td>{t(labelKey('profile.kind', a.kind))}</td>
              <td>
                <Tag minimal>{t(a.isActive ? 'profile.active' : 'profile.inactive')}</Tag>{' '}
                {a.isDefault && <Tag minimal>{t('profile.isDefault')}</Tag>}
              </td>
              <td>{formatDate(a.createdAt, i18n.language)}</td>
            </tr>
          ))}
        </tbody>
      </HTMLTable>
    </ListFrame>
  );
}

/** `/edit-profile/announcements`: the vendor's listing texts, read-only for now. */
export function AnnouncementsView() {
  const { t } = useTranslation();
  const vendorUuid = useSession(selectVendorUuid);
  return (
    <ProfilePage
      id="announcements"
      title={t('profile.announcementsTitle')}
      intro={t('profile.announcementsIntro')}
    >
      {vendorUuid ? (
        <AnnouncementTable key={vendorUuid} vendor={vendorUuid} />
      ) : (
        <PageState testId="profile-no-vendor" icon="person" title={t('profile.noVendorTitle')} />
      )}
    </ProfilePage>
  );
}
