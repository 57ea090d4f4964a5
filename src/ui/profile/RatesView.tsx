import { useTranslation } from 'react-i18next';
import { selectVendorUuid } from '../../machines/people/access.ts';
import { useSession } from '../app/sessionContext.ts';
import { PageState } from '../components/PageState.tsx';
import { WithOwnCompany } from './CompanyView.tsx';
import { ProfilePage } from './ProfilePage.tsx';
import { RateSlidesPanel } from './RateSlidesPanel.tsx';

/** `/edit-profile/rates`: the vendor's own commission brackets, editable, with a preview. */
export function RatesView() {
  const { t } = useTranslation();
  const vendorUuid = useSession(selectVendorUuid);
  return (
    <ProfilePage id="rates" title={t('profile.ratesTitle')} intro={t('profile.ratesIntro')}>
      {vendorUuid ? (
        <RateSlidesPanel key={vendorUuid} owner={{ vendor: vendorUuid }} canEdit />
      ) : (
        <PageState testId="profile-no-vendor" icon="person" title={t('profile.noVendorTitle')} />
      )}
    </ProfilePage>
  );
}

/** `/edit-profile/rates-company`: the brackets of the vendor's company, editable by its administrator. */
export function CompanyRatesView() {
  const { t } = useTranslation();
  // Only the company's administrator edits its slides; other members read them.
  const isCompanyAdmin = useSession((s) => s.context.user?.isCompanyAdmin ?? false);
  return (
    <ProfilePage
      id="rates-company"
      title={t('profile.ratesCompanyTitle')}
      intro={t('profile.ratesCompanyIntro')}
    >
      <WithOwnCompany>
        {(company) =>
          company ? (
            <RateSlidesPanel
              key={company.uuid}
              owner={{ company: company.uuid }}
              canEdit={isCompanyAdmin}
            />
          ) : (
            <PageState testId="company-none" icon="office" title={t('profile.noCompany')} />
          )
        }
      </WithOwnCompany>
    </ProfilePage>
  );
}
