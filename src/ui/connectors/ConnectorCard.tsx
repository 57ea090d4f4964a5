import {
  Button,
  Callout,
  Card,
  Classes,
  FormGroup,
  H2,
  HTMLSelect,
  InputGroup,
  Intent,
  Switch,
  Tag,
} from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import type { PublisherName } from '../../domain/publishing/channels.ts';
import { reasonKey } from '../../machines/connectors/connectorReasons.ts';
import {
  SYNC_TYPES,
  isSyncType,
  type ConnectorRow,
} from '../../machines/connectors/connectorsTypes.ts';
import { labelKey } from '../../machines/people/labels.ts';
import { formatDate } from '../../domain/dates.ts';
import { channelName } from './channelNames.ts';
import { useConnectors, useConnectorsActor } from './connectorsContext.ts';
import { StorefrontFacts } from './StorefrontFacts.tsx';

const ABOUT_KEYS: Readonly<Record<PublisherName, string>> = {
  SECONDE_STOREFRONT: 'connectors.aboutStorefront',
  EBAY: 'connectors.aboutEbay',
  SHOPIFY: 'connectors.aboutShopify',
};

/** A server text that may be one of our reason codes: its translation, else as it came. */
export function useReasonText() {
  const { t } = useTranslation();
  return (text: string) => {
    const key = reasonKey(text);
    return key ? t(key) : text;
  };
}

function StateTag({ connector }: { connector: ConnectorRow | null }) {
  const { t } = useTranslation();
  if (!connector?.connected)
    return (
      <Tag minimal data-testid="connector-state">
        {t('connectors.stateNotConnected')}
      </Tag>
    );
  if (!connector.isActive)
    return (
      <Tag minimal intent={Intent.WARNING} data-testid="connector-state">
        {t('connectors.stateInactive')}
      </Tag>
    );
  return (
    <Tag minimal intent={Intent.SUCCESS} data-testid="connector-state">
      {t('connectors.stateConnected')}
    </Tag>
  );
}

/** The Shopify shop field, checked by the machine when the vendor connects. */
function ShopField() {
  const { t } = useTranslation();
  const actor = useConnectorsActor();
  const value = useConnectors((s) => s.context.shopDraft);
  const invalid = useConnectors((s) => s.context.shopInvalid);
  return (
    <FormGroup
      label={t('connectors.shopLabel')}
      labelFor="connector-shop"
      helperText={invalid ? t('connectors.shopInvalid') : t('connectors.shopHelper')}
      intent={invalid ? Intent.DANGER : Intent.NONE}
    >
      <InputGroup
        id="connector-shop"
        value={value}
        placeholder="ma-boutique.myshopify.com"
        intent={invalid ? Intent.DANGER : Intent.NONE}
        aria-invalid={invalid}
        autoComplete="off"
        onValueChange={(v) => actor.send({ type: 'connectors.changeShop', value: v })}
        onKeyDown={(e) => {
          if (e.key === 'Enter') actor.send({ type: 'connectors.connect', publisher: 'SHOPIFY' });
        }}
      />
    </FormGroup>
  );
}

/** What a connected channel shows and lets the vendor change. */
function ConnectedFacts({ connector, name }: { connector: ConnectorRow; name: string }) {
  const { t, i18n } = useTranslation();
  const actor = useConnectorsActor();
  const reasonText = useReasonText();
  const canUpdate = useConnectors((s) =>
    s.can({ type: 'connectors.setActive', uuid: connector.uuid, isActive: true }),
  );
  const selectId = `connector-sync-${connector.publisherName}`;
  return (
    <>
      <dl className="seconde-connector-facts">
        {connector.accountName && (
          <>
            <dt>{t('connectors.account')}</dt>
            <dd data-testid="connector-account">{connector.accountName}</dd>
          </>
        )}
      </dl>
      {connector.connectedAt !== null && (
        <p className={Classes.TEXT_MUTED}>
          {t('connectors.connectedSince', {
            date: formatDate(connector.connectedAt, i18n.language, true),
          })}
        </p>
      )}
      <Switch
        checked={connector.isActive}
        disabled={!canUpdate}
        label={t('connectors.active')}
        aria-label={t('connectors.activeChannel', { channel: name })}
        data-testid="connector-active"
        onChange={(e) =>
          actor.send({
            type: 'connectors.setActive',
            uuid: connector.uuid,
            isActive: e.currentTarget.checked,
          })
        }
      />
      <FormGroup label={t('connectors.syncType')} labelFor={selectId}>
        <HTMLSelect
          id={selectId}
          value={connector.syncType ?? ''}
          disabled={!canUpdate}
          data-testid="connector-sync-type"
          onChange={(e) => {
            const syncType = e.currentTarget.value;
            if (isSyncType(syncType))
              actor.send({ type: 'connectors.setSyncType', uuid: connector.uuid, syncType });
          }}
        >
          {connector.syncType === null && (
            <option value="">{t('connectors.syncTypeUnknown')}</option>
          )}
          {SYNC_TYPES.map((type) => (
            <option key={type} value={type}>
              {t(labelKey('connectors.syncType', type))}
            </option>
          ))}
        </HTMLSelect>
      </FormGroup>
      <p data-testid="connector-last-sync">
        {connector.lastSyncAt === null
          ? t('connectors.neverSynced')
          : t('connectors.lastSync', {
              date: formatDate(connector.lastSyncAt, i18n.language, true),
            })}
      </p>
      {connector.lastSyncError && (
        <Callout
          intent={Intent.DANGER}
          title={t('connectors.lastSyncError')}
          className="seconde-connector-callout"
          data-testid="connector-sync-error"
        >
          {reasonText(connector.lastSyncError)}
        </Callout>
      )}
    </>
  );
}

/**
 * One sales channel: whether it is connected, with which account, switched on or off, its sync
 * type and last synchronisation; connect, synchronise now and disconnect.
 */
export function ConnectorCard({ publisher }: { publisher: PublisherName }) {
  const { t } = useTranslation();
  const actor = useConnectorsActor();
  const connector = useConnectors(
    (s) => s.context.connectors.find((c) => c.publisherName === publisher) ?? null,
  );
  const pending = useConnectors((s) => s.context.pending);
  const busy = useConnectors((s) => s.hasTag('busy'));
  const canConnect = useConnectors((s) => !s.hasTag('busy') && !s.hasTag('redirecting'));
  const canAct = useConnectors(
    (s) => connector !== null && s.can({ type: 'connectors.sync', uuid: connector.uuid }),
  );
  const name = channelName(publisher, t);
  const mine =
    busy &&
    pending !== null &&
    (pending.publisher === publisher || pending.uuid === connector?.uuid);
  const headingId = `connector-${publisher}-title`;
  return (
    <Card
      className="seconde-connector-card"
      data-testid={`connector-${publisher}`}
      aria-labelledby={headingId}
      aria-busy={mine}
      role="region"
    >
      <H2 id={headingId}>
        {name} <StateTag connector={connector} />
      </H2>
      <p className={Classes.TEXT_MUTED}>{t(ABOUT_KEYS[publisher])}</p>
      {publisher === 'SECONDE_STOREFRONT' && <StorefrontFacts connected={!!connector?.connected} />}
      {connector?.connected ? (
        <ConnectedFacts connector={connector} name={name} />
      ) : (
        publisher === 'SHOPIFY' && <ShopField />
      )}
      <div className="seconde-connector-actions">
        {connector?.connected ? (
          <>
            <Button
              icon="refresh"
              text={t('connectors.syncNow')}
              aria-label={t('connectors.syncChannel', { channel: name })}
              disabled={!canAct}
              loading={mine && pending?.action === 'sync'}
              data-testid="connector-sync"
              onClick={() => actor.send({ type: 'connectors.sync', uuid: connector.uuid })}
            />
            <Button
              icon="disable"
              intent={Intent.DANGER}
              variant="outlined"
              text={t('connectors.disconnect')}
              aria-label={t('connectors.disconnectChannel', { channel: name })}
              disabled={!canAct}
              loading={mine && pending?.action === 'disconnect'}
              data-testid="connector-disconnect"
              onClick={() => actor.send({ type: 'connectors.disconnect', uuid: connector.uuid })}
            />
          </>
        ) : (
          <Button
            icon="link"
            intent={Intent.PRIMARY}
            text={t('connectors.connect')}
            aria-label={t('connectors.connectChannel', { channel: name })}
            disabled={!canConnect}
            loading={mine && pending?.action === 'connect'}
            data-testid="connector-connect"
            onClick={() => actor.send({ type: 'connectors.connect', publisher })}
          />
        )}
      </div>
    </Card>
  );
}

/** The main resale marketplace: nothing to connect, a listing kit on each product page. */
export function MarketplaceKitCard() {
  const { t } = useTranslation();
  return (
    <Card
      className="seconde-connector-card"
      data-testid="connector-MAIN_MARKETPLACE"
      aria-labelledby="connector-marketplace-title"
      role="region"
    >
      <H2 id="connector-marketplace-title">
        {t('connectors.channelMarketplace')}{' '}
        <Tag minimal intent={Intent.PRIMARY}>
          {t('connectors.marketplaceKitTitle')}
        </Tag>
      </H2>
      <p>{t('connectors.aboutMarketplace')}</p>
    </Card>
  );
}
