import { Callout, HTMLTable, Intent, Tag } from '@blueprintjs/core';
import { useActorRef } from '@xstate/react';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { selectVendorUuid } from '../../../machines/people/access.ts';
import { labelKey } from '../../../machines/people/labels.ts';
import { connectorListLogic } from '../../../machines/profile/editProfileLists.ts';
import { useAppServices } from '../../app/servicesContext.ts';
import { useSession } from '../../app/sessionContext.ts';
import { PageState } from '../../components/PageState.tsx';
import { ListFrame } from '../People/ListFrame.tsx';
import { usePagedList } from '../People/usePagedList.ts';
import { ProfilePage } from './ProfilePage.tsx';

function ConnectorTable({ vendor }: { vendor: string }) {
  const { t } = useTranslation();
  const { clients } = useAppServices();
  const logic = useMemo(() => connectorListLogic(clients, vendor), [clients, vendor]);
  const actor = useActorRef(logic, { input: {} });
  const list = usePagedList(actor);
  return (
    <ListFrame list={list} testId="connector-list" emptyTitle={t('profile.noConnectors')}>
      <HTMLTable striped className="seconde-table">
        <caption className="seconde-sr-only">{t('profile.connectorsTitle')}</caption>
        <thead>
          <tr>
            <th scope="col">{t('profile.connectorPlatform')}</th>
            <th scope="col">{t('profile.connectorAccount')}</th>
            <th scope="col">{t('profile.connectorSync')}</th>
            <th scope="col">{t('profile.connectorStatus')}</th>
          </tr>
        </thead>
        <tbody>
          {list.rows.map((c) => (
            <tr key={c.uuid} data-testid="connector-row">
              <td>{c.publisherName}</td>
              <td>{c.urn}</td>
              <td>{t(labelKey('profile.sync', c.syncType))}</td>
              <td>
                <Tag minimal intent={c.isActive ? Intent.SUCCESS : Intent.NONE}>
                  {t(c.isActive ? 'profile.connectorActive' : 'profile.connectorInactive')}
                </Tag>
              </td>
            </tr>
          ))}
        </tbody>
      </HTMLTable>
    </ListFrame>
  );
}

/**
 * `/edit-profile/connectors`: the vendor's connectors, read-only for now. A platform that sends
 * the vendor back after connecting says so in `successfull_message` (spelled as the spec has it),
 * shown as a success callout.
 */
export function ConnectorsView() {
  const { t } = useTranslation();
  const vendorUuid = useSession(selectVendorUuid);
  const [params] = useSearchParams();
  const message = params.get('successfull_message')?.trim();
  return (
    <ProfilePage
      id="connectors"
      title={t('profile.connectorsTitle')}
      intro={t('profile.connectorsIntro')}
    >
      {message && (
        <Callout
          intent={Intent.SUCCESS}
          title={t('profile.successTitle')}
          role="status"
          data-testid="connector-success"
        >
          {message}
        </Callout>
      )}
      {vendorUuid ? (
        <ConnectorTable key={vendorUuid} vendor={vendorUuid} />
      ) : (
        <PageState testId="profile-no-vendor" icon="person" title={t('profile.noVendorTitle')} />
      )}
    </ProfilePage>
  );
}
