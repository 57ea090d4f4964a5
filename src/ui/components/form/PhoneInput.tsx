import { InputGroup, Intent, type InputGroupProps } from '@blueprintjs/core';
import { PHONE_PLACEHOLDER, stripPhone } from './phone.ts';

export interface PhoneInputProps extends Omit<
  InputGroupProps,
  'value' | 'onValueChange' | 'type' | 'placeholder'
> {
  readonly value: string;
  /** Receives the number without whitespace. */
  readonly onValueChange: (value: string) => void;
  readonly invalid?: boolean;
}

/** A phone field: phone keyboard, French mobile placeholder, whitespace stripped as typed. */
export function PhoneInput({ value, onValueChange, invalid, ...props }: PhoneInputProps) {
  return (
    <InputGroup
      {...props}
      type="tel"
      inputMode="tel"
      autoComplete="tel"
      placeholder={PHONE_PLACEHOLDER}
      intent={invalid ? Intent.DANGER : props.intent}
      aria-invalid={invalid || undefined}
      value={value}
      onValueChange={(text) => onValueChange(stripPhone(text))}
    />
  );
}
