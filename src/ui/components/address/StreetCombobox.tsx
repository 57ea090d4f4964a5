import { Button, InputGroup, Spinner } from '@blueprintjs/core';
import { useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { AddressSuggestion } from '../../../machines/newDeposit/gouv.ts';

interface StreetComboboxProps {
  readonly id: string;
  readonly value: string;
  readonly proposals: readonly AddressSuggestion[];
  readonly searching: boolean;
  /** The address service is down: the street is typed by hand, the browser may fill it in. */
  readonly manual?: boolean;
  readonly invalid: boolean;
  readonly describedBy: string | undefined;
  readonly onType: (text: string) => void;
  readonly onPick: (index: number) => void;
  readonly onClear: () => void;
  readonly onClose: () => void;
  readonly onBlur: () => void;
}

/**
 * The French street lookup as an ARIA combobox: proposals open below the input, arrow keys move
 * through them, Enter picks, Escape closes. Which proposal is highlighted is the only state here.
 */
export function StreetCombobox(props: StreetComboboxProps) {
  const { id, value, proposals, searching, invalid, describedBy } = props;
  const { t } = useTranslation();
  const [active, setActive] = useState(-1);
  const [shownFor, setShownFor] = useState(proposals);
  if (shownFor !== proposals) {
    setShownFor(proposals);
    setActive(-1);
  }
  const open = proposals.length > 0;
  const listId = `${id}-proposals`;

  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (!open) return;
    if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      e.preventDefault();
      const step = e.key === 'ArrowDown' ? 1 : -1;
      setActive((i) => (i + step + proposals.length) % proposals.length);
    } else if (e.key === 'Enter' && active >= 0) {
      e.preventDefault();
      props.onPick(active);
    } else if (e.key === 'Escape') {
      e.preventDefault();
      props.onClose();
    }
  };

  return (
    <div className="seconde-street-combobox">
      <InputGroup
        id={id}
        role="combobox"
        autoComplete={props.manual ? 'address-line1' : 'off'}
        aria-autocomplete="list"
        aria-expanded={open}
        aria-controls={listId}
        aria-activedescendant={open && active >= 0 ? `${listId}-${active}` : undefined}
        aria-invalid={invalid}
        aria-describedby={describedBy}
        placeholder={t('addressForm.streetPlaceholder')}
        value={value}
        intent={invalid ? 'danger' : 'none'}
        onValueChange={props.onType}
        onKeyDown={onKeyDown}
        onBlur={props.onBlur}
        rightElement={
          searching ? (
            <Spinner size={16} aria-label={t('addressForm.searching')} />
          ) : value ? (
            <Button
              variant="minimal"
              icon="cross"
              aria-label={t('addressForm.clear')}
              onClick={props.onClear}
            />
          ) : undefined
        }
      />
      <ul
        id={listId}
        role="listbox"
        aria-label={t('addressForm.proposals')}
        className="seconde-street-proposals bp6-menu"
        hidden={!open}
        data-testid="address-proposals"
      >
        {proposals.map((p, index) => (
          <li
            key={`${p.label}-${index}`}
            id={`${listId}-${index}`}
            role="option"
            aria-selected={index === active}
            className={`bp6-menu-item${index === active ? ' bp6-active' : ''}`}
            // Keeps the focus in the input, so picking with the mouse does not blur it first.
            onMouseDown={(e) => e.preventDefault()}
            onClick={() => props.onPick(index)}
          >
            {p.label}
          </li>
        ))}
      </ul>
    </div>
  );
}
