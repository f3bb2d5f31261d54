// The postal address fields (first and last name, street, house number, postal code, city, phone),
// named by their request paths (`address.city`), for the checkout and the account's address change.

import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react';
import type { Locale } from '../../config/locales';
import { TEXT_LIMITS } from '../../contracts/trades';
import type { AddressField, AddressForm } from '../../machines/checkout-form';
import { TextField } from './text-field';
import './form.css';

/** The shop country in the shop's language (the address country is fixed by the shop). */
export const COUNTRY_NAMES: Record<Locale, string> = {
  default: 'Germany',
  de: 'Deutschland',
  at: 'Österreich',
  es: 'España',
  fr: 'France',
  it: 'Italia',
};

export interface AddressFieldsProps {
  readonly locale: Locale;
  readonly values: AddressForm;
  /** The message for a field path with an error, else undefined. */
  readonly errorOf: (path: `address.${AddressField}`) => string | undefined;
  readonly onField: (field: AddressField, value: string) => void;
  /** The phone number is asked for, not optional (a business trade-in). */
  readonly phoneRequired?: boolean;
}

export function AddressFields({ locale, values, errorOf, onField, phoneRequired = false }: AddressFieldsProps) {
  const { i18n } = useLingui();
  const field = (name: AddressField) => ({
    name: `address.${name}`,
    value: values[name],
    error: errorOf(`address.${name}`),
    maxLength: TEXT_LIMITS[name],
    onValue: (value: string) => onField(name, value),
  });
  return (
    <>
      <div className="field-row">
        <TextField {...field('firstName')} autoComplete="given-name" label={i18n._(msg`First name`)} />
        <TextField {...field('lastName')} autoComplete="family-name" label={i18n._(msg`Last name`)} />
      </div>
      <div className="field-row">
        <TextField {...field('street')} autoComplete="address-line1" label={i18n._(msg`Street`)} />
        <TextField {...field('houseNumber')} label={i18n._(msg`House number`)} className="short" />
      </div>
      <div className="field-row">
        <TextField
          {...field('postalCode')}
          autoComplete="postal-code"
          inputMode="numeric"
          label={i18n._(msg`Postal code`)}
          className="short"
        />
        <TextField {...field('city')} autoComplete="address-level2" label={i18n._(msg`City`)} />
      </div>
      <TextField
        {...field('phone')}
        type="tel"
        autoComplete="tel"
        label={phoneRequired ? i18n._(msg`Phone`) : i18n._(msg`Phone (optional)`)}
      />
      <p className="field-hint">{i18n._(msg`Country: ${COUNTRY_NAMES[locale]}`)}</p>
    </>
  );
}
