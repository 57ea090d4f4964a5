import { Button, Classes, FormGroup, InputGroup, Radio, RadioGroup } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { isPostalCode, type ShipPoint } from '../../machines/shipping/shipTypes.ts';

interface RelayPointPickerProps {
  /** Prefix of the field's id and of the test ids (`<prefix>-postal-code`, `<prefix>-point-<id>`). */
  readonly prefix: string;
  readonly postalCode: string;
  readonly points: readonly ShipPoint[];
  readonly pointId: string | null;
  /** A search has answered: its points, or the "no relay point" line, are shown. */
  readonly searched: boolean;
  readonly busy: boolean;
  readonly searching: boolean;
  readonly helperText?: string;
  readonly onPostalCode: (value: string) => void;
  readonly onSearch: () => void;
  readonly onPick: (id: string) => void;
}

/**
 * The buyer's postal code, the search, and the relay points found around it to pick one from:
 * what the ship dialog and the change-of-relay-point dialog both ask. Enter in the field searches.
 */
export function RelayPointPicker(props: RelayPointPickerProps) {
  const { t } = useTranslation();
  const { prefix, busy } = props;
  return (
    <>
      <FormGroup
        label={t('shipping.buyerPostalCode')}
        labelFor={`${prefix}-postal-code`}
        helperText={props.helperText}
      >
        <div className="seconde-ship-search">
          <InputGroup
            id={`${prefix}-postal-code`}
            inputMode="numeric"
            autoComplete="postal-code"
            value={props.postalCode}
            onValueChange={props.onPostalCode}
            onKeyDown={(e) => {
              if (e.key === 'Enter') {
                e.preventDefault();
                props.onSearch();
              }
            }}
            data-testid={`${prefix}-postal-code`}
          />
          <Button
            icon="search"
            text={t('shipping.search')}
            loading={props.searching}
            disabled={busy || !isPostalCode(props.postalCode)}
            onClick={props.onSearch}
            data-testid={`${prefix}-search`}
          />
        </div>
      </FormGroup>
      {props.searched &&
        (props.points.length === 0 ? (
          <p data-testid={`${prefix}-no-points`}>{t('shipping.noPoints')}</p>
        ) : (
          <RadioGroup
            label={t('shipping.points')}
            selectedValue={props.pointId ?? undefined}
            onChange={(e) => props.onPick(e.currentTarget.value)}
            disabled={busy}
            className="seconde-ship-points"
          >
            {props.points.map((p) => (
              <Radio
                key={p.id}
                value={p.id}
                data-testid={`${prefix}-point-${p.id}`}
                labelElement={
                  <span>
                    <strong>{p.name}</strong>, {p.address}, {p.postalCode} {p.city}{' '}
                    <span className={Classes.TEXT_MUTED}>
                      ({t('shipping.distance', { distance: Math.round(p.distance) })})
                    </span>
                  </span>
                }
              />
            ))}
          </RadioGroup>
        ))}
    </>
  );
}
