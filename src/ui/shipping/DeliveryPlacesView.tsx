import {
  Button,
  Callout,
  Classes,
  FormGroup,
  H2,
  HTMLSelect,
  HTMLTable,
  Icon,
  InputGroup,
  Intent,
  Spinner,
} from '@blueprintjs/core';
import { useActorRef, useSelector } from '@xstate/react';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { ActorRefFrom } from 'xstate';
import { DELIVERY_SERVICES, deliveryServiceOf } from '../../domain/shipping/deliveryServices.ts';
import { selectVendorUuid } from '../../machines/people/access.ts';
import { deliveryPlacesLogic } from '../../machines/shipping/deliveryPlacesLogic.ts';
import type { deliveryPlacesMachine } from '../../machines/shipping/deliveryPlacesMachine.ts';
import { isPostalCode, shipRefusalKey } from '../../machines/shipping/shipTypes.ts';
import { useAppServices } from '../app/servicesContext.ts';
import { useSession } from '../app/sessionContext.ts';
import { FailedState, PageState } from '../components/PageState.tsx';
import { ProfilePage } from '../profile/ProfilePage.tsx';
import './shipping.css';

type PlacesActor = ActorRefFrom<typeof deliveryPlacesMachine>;

/** `/edit-profile/delivery-places`: the vendor's drop-off places, and adding one from the carrier. */
export function DeliveryPlacesView() {
  const { t } = useTranslation();
  const vendorUuid = useSession(selectVendorUuid) ?? '';
  const { clients } = useAppServices();
  const logic = useMemo(() => deliveryPlacesLogic(clients, vendorUuid), [clients, vendorUuid]);
  const actor = useActorRef(logic);
  const loading = useSelector(actor, (s) => s.matches('loading'));
  const failed = useSelector(actor, (s) => s.hasTag('error'));
  const errorCode = useSelector(actor, (s) => s.context.errorCode);
  return (
    <ProfilePage
      id="delivery-places"
      title={t('shipping.placesTitle')}
      intro={t('shipping.placesIntro')}
    >
      {loading ? (
        <PageState testId="places-loading" icon={<Spinner />} title={t('shipping.loading')} />
      ) : failed ? (
        <FailedState
          testId="places-failed"
          title={t('shipping.failedTitle')}
          errorCode={errorCode}
          retryText={t('shipping.retry')}
          onRetry={() => actor.send({ type: 'places.retry' })}
        />
      ) : (
        <>
          <PlacesTable actor={actor} />
          <AddPlace actor={actor} />
        </>
      )}
    </ProfilePage>
  );
}

function PlacesTable({ actor }: { actor: PlacesActor }) {
  const { t } = useTranslation();
  const places = useSelector(actor, (s) => s.context.places);
  const favourite = useSelector(actor, (s) => s.context.favourite);
  const busy = useSelector(actor, (s) => s.hasTag('busy'));
  const refusal = useSelector(actor, (s) => s.context.refusal);
  return (
    <section aria-labelledby="places-list-title">
      <H2 id="places-list-title">{t('shipping.placesList')}</H2>
      {refusal && (
        <Callout intent={Intent.DANGER} role="alert" data-testid="places-refusal">
          {t(shipRefusalKey(refusal))}
        </Callout>
      )}
      {places.length === 0 ? (
        <p data-testid="places-empty">{t('shipping.placesEmpty')}</p>
      ) : (
        <HTMLTable className="seconde-table seconde-places-table" data-testid="places-table">
          <thead>
            <tr>
              <th scope="col">{t('shipping.placeName')}</th>
              <th scope="col">{t('shipping.carrier')}</th>
              <th scope="col">{t('shipping.placeState')}</th>
              <th scope="col">{t('shipping.actions')}</th>
            </tr>
          </thead>
          <tbody>
            {places.map((p, index) => (
              <tr key={p.uuid} data-testid="place-row">
                <td>
                  {p.name}
                  {favourite === p.uuid && (
                    <>
                      {' '}
                      <Icon icon="star" intent={Intent.WARNING} aria-hidden />{' '}
                      <span data-testid="place-favourite">{t('shipping.favourite')}</span>
                    </>
                  )}
                </td>
                <td>{deliveryServiceOf(p.deliveryService)?.name ?? p.deliveryService}</td>
                <td>{t(p.isActive ? 'shipping.active' : 'shipping.inactive')}</td>
                <td>
                  <div className="seconde-places-actions">
                    <Button
                      size="small"
                      text={t(p.isActive ? 'shipping.deactivate' : 'shipping.activate', {
                        place: p.name,
                      })}
                      disabled={busy}
                      onClick={() => actor.send({ type: 'places.toggle', uuid: p.uuid })}
                    />
                    {favourite !== p.uuid && (
                      <Button
                        size="small"
                        icon="star-empty"
                        aria-label={t('shipping.makeFavourite', { place: p.name })}
                        title={t('shipping.makeFavourite', { place: p.name })}
                        disabled={busy}
                        onClick={() => actor.send({ type: 'places.favourite', uuid: p.uuid })}
                      />
                    )}
                    {index > 0 && (
                      <Button
                        size="small"
                        icon="arrow-up"
                        aria-label={t('shipping.moveUp', { place: p.name })}
                        title={t('shipping.moveUp', { place: p.name })}
                        disabled={busy}
                        onClick={() => actor.send({ type: 'places.moveUp', uuid: p.uuid })}
                      />
                    )}
                    <Button
                      size="small"
                      icon="trash"
                      intent={Intent.DANGER}
                      aria-label={t('shipping.remove', { place: p.name })}
                      title={t('shipping.remove', { place: p.name })}
                      disabled={busy}
                      onClick={() => actor.send({ type: 'places.remove', uuid: p.uuid })}
                    />
                  </div>
                </td>
              </tr>
            ))}
          </tbody>
        </HTMLTable>
      )}
    </section>
  );
}

function AddPlace({ actor }: { actor: PlacesActor }) {
  const { t } = useTranslation();
  const context = useSelector(actor, (s) => s.context);
  const busy = useSelector(actor, (s) => s.hasTag('busy'));
  const searching = useSelector(actor, (s) => s.matches('searching'));
  const search = () => actor.send({ type: 'places.search' });
  return (
    <section aria-labelledby="places-add-title">
      <H2 id="places-add-title">{t('shipping.addTitle')}</H2>
      <FormGroup label={t('shipping.carrier')} labelFor="place-carrier">
        <HTMLSelect
          id="place-carrier"
          value={context.deliveryService}
          onChange={(e) =>
            actor.send({ type: 'places.deliveryService', value: Number(e.currentTarget.value) })
          }
          options={DELIVERY_SERVICES.map((s) => ({ value: s.code, label: s.name }))}
        />
      </FormGroup>
      <FormGroup
        label={t('shipping.placePostalCode')}
        labelFor="place-postal-code"
        helperText={t('shipping.placePostalCodeHelp')}
      >
        <div className="seconde-ship-search">
          <InputGroup
            id="place-postal-code"
            inputMode="numeric"
            autoComplete="postal-code"
            value={context.postalCode}
            onValueChange={(value) => actor.send({ type: 'places.postalCode', value })}
            onKeyDown={(e) => {
              if (e.key === 'Enter') {
                e.preventDefault();
                search();
              }
            }}
            data-testid="place-postal-code"
          />
          <Button
            icon="search"
            text={t('shipping.search')}
            loading={searching}
            disabled={busy || !isPostalCode(context.postalCode)}
            onClick={search}
            data-testid="place-search"
          />
        </div>
      </FormGroup>
      {context.searched &&
        (context.points.length === 0 ? (
          <p data-testid="place-no-points">{t('shipping.noPoints')}</p>
        ) : (
          <ul className={Classes.LIST_UNSTYLED} data-testid="place-points">
            {context.points.map((p) => (
              <li key={p.id} className="seconde-places-actions">
                <span>
                  <strong>{p.name}</strong>, {p.address}, {p.postalCode} {p.city}{' '}
                  <span className={Classes.TEXT_MUTED}>
                    ({t('shipping.distance', { distance: Math.round(p.distance) })})
                  </span>
                </span>
                <Button
                  size="small"
                  icon="add"
                  text={t('shipping.add', { place: p.name })}
                  disabled={busy}
                  onClick={() => actor.send({ type: 'places.add', pointId: p.id })}
                  data-testid={`place-add-${p.id}`}
                />
              </li>
            ))}
          </ul>
        ))}
    </section>
  );
}
