import { Button, Callout, FormGroup, InputGroup, Intent } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { soldPriceOf } from '../../machines/listings/listingsMachine.ts';
import { formatDate } from '../../domain/dates.ts';
import { useListings, useListingsActor } from './listingsContext.ts';

/**
 * A buyer reserved the item on the storefront: who, how to reach them, what they wrote; the vendor
 * confirms the sale (at the suggested price unless they type another) or releases the item.
 */
export function ReservationBanner({ suggestedPrice }: { suggestedPrice: number | undefined }) {
  const { t, i18n } = useTranslation();
  const actor = useListingsActor();
  const reservation = useListings((s) => s.context.reservation);
  const typed = useListings((s) => s.context.soldPrice);
  const canSell = useListings((s) => s.can({ type: 'listings.sell' }));
  const canRelease = useListings((s) => s.can({ type: 'listings.release' }));
  const selling = useListings((s) => s.matches('selling'));
  const releasing = useListings((s) => s.matches('releasing'));
  if (!reservation) return null;
  const shown =
    typed ?? (suggestedPrice === undefined ? '' : String(suggestedPrice).replace('.', ','));
  const invalid = soldPriceOf(typed) === null;
  return (
    <Callout
      intent={Intent.WARNING}
      icon="time"
      title={t('reservations.title')}
      className="seconde-reservation"
      data-testid="reservation-banner"
    >
      {reservation.createdAt !== null && (
        <p>
          {t('reservations.reservedOn', {
            date: formatDate(reservation.createdAt, i18n.language, true),
          })}
        </p>
      )}
      <dl>
        <dt>{t('reservations.buyer')}</dt>
        <dd data-testid="reservation-buyer">{reservation.buyerName}</dd>
        {reservation.buyerEmail && (
          <>
            <dt>{t('reservations.email')}</dt>
            <dd>
              <a href={`mailto:${reservation.buyerEmail}`}>{reservation.buyerEmail}</a>
            </dd>
          </>
        )}
        {reservation.buyerPhone && (
          <>
            <dt>{t('reservations.phone')}</dt>
            <dd>
              <a href={`tel:${reservation.buyerPhone}`}>{reservation.buyerPhone}</a>
            </dd>
          </>
        )}
        {reservation.message && (
          <>
            <dt>{t('reservations.message')}</dt>
            <dd data-testid="reservation-message">{reservation.message}</dd>
          </>
        )}
      </dl>
      <div className="seconde-reservation-actions">
        <FormGroup
          label={t('reservations.soldPrice')}
          labelFor="reservation-sold-price"
          helperText={
            invalid ? t('reservations.soldPriceInvalid') : t('reservations.soldPriceHelper')
          }
          intent={invalid ? Intent.DANGER : Intent.NONE}
        >
          <InputGroup
            id="reservation-sold-price"
            inputMode="decimal"
            value={shown}
            intent={invalid ? Intent.DANGER : Intent.NONE}
            aria-invalid={invalid}
            onValueChange={(value) => actor.send({ type: 'listings.changeSoldPrice', value })}
          />
        </FormGroup>
        <FormGroup>
          <Button
            intent={Intent.SUCCESS}
            icon="tick"
            text={t('reservations.confirm')}
            disabled={!canSell}
            loading={selling}
            data-testid="reservation-confirm"
            onClick={() => actor.send({ type: 'listings.sell' })}
          />
        </FormGroup>
        <FormGroup>
          <Button
            icon="undo"
            text={t('reservations.release')}
            disabled={!canRelease}
            loading={releasing}
            data-testid="reservation-release"
            onClick={() => actor.send({ type: 'listings.release' })}
          />
        </FormGroup>
      </div>
    </Callout>
  );
}
