import '../connectors/connectors.css';
import { Alert, Button, Callout, Classes, Intent } from '@blueprintjs/core';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { PUBLISHERS } from '../../domain/publishing/channels.ts';
import { callErrorKey } from '../../machines/connectors/connectorReasons.ts';
import { connectorsLogic } from '../../machines/connectors/connectorsLogic.ts';
import { RETURN_PARAMS, returnedFromSearch } from '../../machines/connectors/connectorsSetup.ts';
import type { Returned } from '../../machines/connectors/connectorsTypes.ts';
import { selectVendorUuid } from '../../machines/people/access.ts';
import { labelKey } from '../../machines/people/labels.ts';
import { useAppServices } from '../app/servicesContext.ts';
import { useSession } from '../app/sessionContext.ts';
import { PageLoad } from '../components/PageLoad.tsx';
import { PageState } from '../components/PageState.tsx';
import { ConnectorCard, MarketplaceKitCard, useReasonText } from '../connectors/ConnectorCard.tsx';
import { channelName } from '../connectors/channelNames.ts';
import {
  ConnectorsContext,
  useConnectors,
  useConnectorsActor,
} from '../connectors/connectorsContext.ts';
import { ProfilePage } from './ProfilePage.tsx';

/** The message a channel sent back in the address, until dismissed. */
function ReturnedCallout() {
  const { t } = useTranslation();
  const actor = useConnectorsActor();
  const returned = useConnectors((s) => s.context.returned);
  const reasonText = useReasonText();
  if (!returned) return null;
  const success = returned.kind === 'success';
  return (
    <Callout
      intent={success ? Intent.SUCCESS : Intent.DANGER}
      title={t(success ? 'connectors.successTitle' : 'connectors.errorTitle')}
      role={success ? 'status' : 'alert'}
      data-testid={success ? 'connector-success' : 'connector-error'}
      className="seconde-connector-callout"
    >
      <p>{success ? returned.text : reasonText(returned.text)}</p>
      <Button
        variant="minimal"
        text={t('connectors.dismiss')}
        onClick={() => actor.send({ type: 'connectors.dismissReturned' })}
      />
    </Callout>
  );
}

/** A refused call, its reason translated, and what went well last. */
function CallFeedback() {
  const { t } = useTranslation();
  const actor = useConnectorsActor();
  const refused = useConnectors((s) => s.matches('refused'));
  const errorKey = useConnectors((s) => callErrorKey(s.context.error));
  const notice = useConnectors((s) => s.context.notice);
  const redirecting = useConnectors((s) => s.hasTag('redirecting'));
  return (
    <>
      {refused && errorKey && (
        <Callout
          intent={Intent.DANGER}
          title={t('connectors.refusedTitle')}
          role="alert"
          data-testid="connector-refused"
          className="seconde-connector-callout"
        >
          <p>{t(errorKey)}</p>
          <Button
            variant="minimal"
            text={t('connectors.dismiss')}
            onClick={() => actor.send({ type: 'connectors.dismiss' })}
          />
        </Callout>
      )}
      <p className="seconde-connector-status" role="status" data-testid="connector-status">
        {redirecting
          ? t('connectors.redirecting')
          : notice && t(labelKey('connectors.notice', notice))}
      </p>
    </>
  );
}

/** Asks before a channel is disconnected. */
function DisconnectAlert() {
  const { t } = useTranslation();
  const actor = useConnectorsActor();
  const confirming = useConnectors((s) => s.hasTag('confirming'));
  const publisher = useConnectors((s) => {
    const uuid = s.context.pending?.uuid;
    return s.context.connectors.find((c) => c.uuid === uuid)?.publisherName ?? '';
  });
  return (
    <Alert
      isOpen={confirming}
      intent={Intent.DANGER}
      icon="disable"
      confirmButtonText={t('connectors.disconnect')}
      cancelButtonText={t('connectors.cancel')}
      onConfirm={() => actor.send({ type: 'connectors.confirm' })}
      onCancel={() => actor.send({ type: 'connectors.cancel' })}
    >
      <p>{t('connectors.disconnectConfirm', { channel: channelName(publisher, t) })}</p>
    </Alert>
  );
}

function ConnectorsBody() {
  const actor = useConnectorsActor();
  const loading = useConnectors((s) => s.matches('loading') && s.context.connectors.length === 0);
  const failed = useConnectors((s) => s.matches('failed'));
  const errorKey = useConnectors((s) => callErrorKey(s.context.error));
  const noneConnected = useConnectors((s) => !s.context.connectors.some((c) => c.connected));
  const { t } = useTranslation();

  // eBay and Shopify are authorised on their own consent page; the browser comes back here.
  useEffect(() => {
    const subscription = actor.on('connectors.redirect', (e) => window.location.assign(e.url));
    return () => subscription.unsubscribe();
  }, [actor]);

  return (
    <>
      <ReturnedCallout />
      <PageLoad
        testId="connectors"
        area="connectors"
        failed={failed}
        loading={loading}
        errorKey={errorKey}
        onRetry={() => actor.send({ type: 'connectors.retry' })}
      >
        <CallFeedback />
        {noneConnected && (
          <p className={Classes.TEXT_MUTED} data-testid="connector-list-empty">
            {t('connectors.noneConnected')}
          </p>
        )}
        <div className="seconde-connector-grid" data-testid="connector-list">
          {PUBLISHERS.map((publisher) => (
            <ConnectorCard key={publisher} publisher={publisher} />
          ))}
          <MarketplaceKitCard />
        </div>
        <DisconnectAlert />
      </PageLoad>
    </>
  );
}

function VendorConnectors({ vendor, returned }: { vendor: string; returned: Returned | null }) {
  const { clients } = useAppServices();
  const logic = useMemo(() => connectorsLogic(clients, vendor), [clients, vendor]);
  const finalRedirectUri = `${window.location.origin}/edit-profile/connectors`;
  return (
    <ConnectorsContext.Provider logic={logic} options={{ input: { finalRedirectUri, returned } }}>
      <ConnectorsBody />
    </ConnectorsContext.Provider>
  );
}

/**
 * `/edit-profile/connectors`: the vendor's sales channels. A channel that sends the browser back
 * says how it went in `successfull_message` (spelled as the spec has it) or `error_message`; the
 * message is shown once and taken out of the address, so a reload does not repeat it.
 */
export function ConnectorsView() {
  const { t } = useTranslation();
  const vendorUuid = useSession(selectVendorUuid);
  const [params, setParams] = useSearchParams();
  const [returned] = useState(() => returnedFromSearch(params));

  useEffect(() => {
    if (!RETURN_PARAMS.some((name) => params.has(name))) return;
    const next = new URLSearchParams(params);
    for (const name of RETURN_PARAMS) next.delete(name);
    setParams(next, { replace: true });
  }, [params, setParams]);

  return (
    <ProfilePage id="connectors" title={t('connectors.title')} intro={t('connectors.intro')}>
      {vendorUuid ? (
        <VendorConnectors key={vendorUuid} vendor={vendorUuid} returned={returned} />
      ) : (
        <PageState testId="profile-no-vendor" icon="person" title={t('connectors.noVendorTitle')} />
      )}
    </ProfilePage>
  );
}
