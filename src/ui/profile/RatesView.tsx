import { HTMLTable } from '@blueprintjs/core';
import { useActorRef } from '@xstate/react';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { selectVendorUuid } from '../../machines/people/access.ts';
import { rateListLogic, type RateOwner } from '../../machines/profile/editProfileLists.ts';
import { useAppServices } from '../app/servicesContext.ts';
import { useSession } from '../app/sessionContext.ts';
import { formatPrice } from '../components/format.ts';
import { PageState } from '../components/PageState.tsx';
import { ListFrame } from '../people/ListFrame.tsx';
import { usePagedList } from '../people/usePagedList.ts';
import { WithOwnCompany } from './CompanyView.tsx';
import { ProfilePage } from './ProfilePage.tsx';

/** Commission brackets, read-only: price range, commission and the provider's share. */
function RateTable({ owner }: { owner: RateOwner }) {
  const { t, i18n } = useTranslation();
  const { clients } = useAppServices();
  const key = 'vendor' in owner ? owner.vendor : owner.company;
  // eslint-disable-next-line react-hooks/exhaustive-deps -- `key` names the owner
  const logic = useMemo(() => rateListLogic(clients, owner), [clients, key]);
  const actor = useActorRef(logic, { input: {} });
  const list = usePagedList(actor);
  const price = (value: number) => formatPrice(value, i18n.language);
  const percent = (value: number) => t('profile.percent', { value });
  return (
    <ListFrame list={list} testId="rate-list" emptyTitle={t('profile.noRates')}>
      <HTMLTable striped className="seconde-table">
        <caption className="seconde-sr-only">{t('profile.ratesCaption')}</caption>
        <thead>
          <tr>
            <th scope="col">{t('profile.priceRange')}</th>
            <th scope="col">{t('profile.commission')}</th>
            <th scope="col">{t('profile.providerCommission')}</th>
          </tr>
        </thead>
        <tbody>
          {list.rows.map((r) => (
            <tr key={r.uuid} data-testid="rate-row">
              <td>
                {t('profile.priceRangeValue', {
                  start: price(r.priceStart),
                  end: price(r.priceEnd),
                })}
              </td>
              <td>{percent(r.commission)}</td>
              <td>{percent(r.providerCommission)}</td>
            </tr>
          ))}
        </tbody>
      </HTMLTable>
    </ListFrame>
  );
}

/** `/edit-profile/rates`: the vendor's own commission brackets. */
export function RatesView() {
  const { t } = useTranslation();
  const vendorUuid = useSession(selectVendorUuid);
  return (
    <ProfilePage id="rates" title={t('profile.ratesTitle')} intro={t('profile.ratesIntro')}>
      {vendorUuid ? (
        <RateTable key={vendorUuid} owner={{ vendor: vendorUuid }} />
      ) : (
        <PageState testId="profile-no-vendor" icon="person" title={t('profile.noVendorTitle')} />
      )}
    </ProfilePage>
  );
}

/** `/edit-profile/rates-company`: the brackets of the vendor's company, when they have one. */
export function CompanyRatesView() {
  const { t } = useTranslation();
  return (
    <ProfilePage
      id="rates-company"
      title={t('profile.ratesCompanyTitle')}
      intro={t('profile.ratesCompanyIntro')}
    >
      <WithOwnCompany>
        {(company) =>
          company ? (
            <RateTable key={company.uuid} owner={{ company: company.uuid }} />
          ) : (
            <PageState testId="company-none" icon="office" title={t('profile.noCompany')} />
          )
        }
      </WithOwnCompany>
    </ProfilePage>
  );
}
