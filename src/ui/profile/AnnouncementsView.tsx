import '../announcements/announcements.css';
import { Alert, Button, Callout, Classes, Intent, Spinner } from '@blueprintjs/core';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { announcementsLogic } from '../../machines/announcements/announcementsLogic.ts';
import { errorText } from '../../machines/announcements/announcementTypes.ts';
import { selectVendorUuid } from '../../machines/people/access.ts';
import { AnnouncementDialog } from '../announcements/AnnouncementDialog.tsx';
import { AnnouncementTable } from '../announcements/AnnouncementTable.tsx';
import {
  AnnouncementsContext,
  useAnnouncements,
  useAnnouncementsActor,
} from '../announcements/announcementsContext.ts';
import { useAppServices } from '../app/servicesContext.ts';
import { useSession } from '../app/sessionContext.ts';
import { FailedState, PageState } from '../components/PageState.tsx';
import { ProfilePage } from './ProfilePage.tsx';

function AnnouncementsBody() {
  const { t } = useTranslation();
  const actor = useAnnouncementsActor();
  const loading = useAnnouncements((s) => s.matches('loading'));
  const failed = useAnnouncements((s) => s.matches('failed'));
  const count = useAnnouncements((s) => s.context.items.length);
  const error = useAnnouncements((s) => s.context.error);
  const refused = useAnnouncements((s) => s.matches({ ready: 'refused' }));
  const confirming = useAnnouncements((s) => s.matches({ ready: 'confirmingDelete' }));
  const canCreate = useAnnouncements((s) => s.can({ type: 'announcements.new' }));
  if (loading) return <Spinner aria-label={t('announcements.title')} />;
  if (failed)
    return (
      <FailedState
        testId="announcements-failed"
        title={t('announcements.loadFailed')}
        errorCode={error?.code}
        retryText={t('announcements.retry')}
        onRetry={() => actor.send({ type: 'announcements.retry' })}
      />
    );
  const refusal = refused ? errorText(error) : null;
  return (
    <>
      <p>{t('announcements.favoriteHelp')}</p>
      <Button
        icon="add"
        intent={Intent.PRIMARY}
        text={t('announcements.create')}
        disabled={!canCreate}
        data-testid="announcement-create"
        onClick={() => actor.send({ type: 'announcements.new' })}
      />
      {refusal && (
        <Callout intent={Intent.DANGER} role="alert" data-testid="announcements-refused">
          {t(refusal.key, refusal.values)}{' '}
          <Button
            variant="minimal"
            size="small"
            text={t('announcements.dismiss')}
            onClick={() => actor.send({ type: 'announcements.dismiss' })}
          />
        </Callout>
      )}
      {count === 0 ? (
        <PageState
          testId="announcements-empty"
          icon="annotation"
          title={t('announcements.empty')}
          description={t('announcements.emptyHint')}
        />
      ) : (
        <AnnouncementTable />
      )}
      <AnnouncementDialog />
      <Alert
        isOpen={confirming}
        intent={Intent.DANGER}
        icon="trash"
        confirmButtonText={t('announcements.deleteConfirm')}
        cancelButtonText={t('announcements.cancel')}
        onConfirm={() => actor.send({ type: 'announcements.confirmDelete' })}
        onCancel={() => actor.send({ type: 'announcements.cancel' })}
      >
        <h2 className={Classes.HEADING}>{t('announcements.deleteTitle')}</h2>
        <p>{t('announcements.deleteBody')}</p>
      </Alert>
    </>
  );
}

/** `/edit-profile/announcements`: the vendor's listing text templates, their favourite included. */
export function AnnouncementsView() {
  const { t } = useTranslation();
  const { clients } = useAppServices();
  const vendorUuid = useSession(selectVendorUuid);
  const logic = useMemo(() => announcementsLogic(clients), [clients]);
  return (
    <ProfilePage
      id="announcements"
      title={t('announcements.title')}
      intro={t('announcements.intro')}
    >
      {vendorUuid ? (
        <AnnouncementsContext.Provider key={vendorUuid} logic={logic}>
          <AnnouncementsBody />
        </AnnouncementsContext.Provider>
      ) : (
        <PageState testId="profile-no-vendor" icon="person" title={t('profile.noVendorTitle')} />
      )}
    </ProfilePage>
  );
}
