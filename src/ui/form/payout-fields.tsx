// How the seller is paid: the method (SEPA or PayPal) and its fields, named by their request paths
// (`payout.iban`), for the checkout and the account's payment change. Both methods' values are kept.

import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react';
import { countryConfig } from '../../config/countries';
import { sepaCountryOf, TEXT_LIMITS } from '../../contracts/trades';
import type { PayoutField, PayoutForm, PayoutMethod } from '../../machines/checkout-form';
import { useShop } from '../shop-context';
import { DerivedBic } from './derived-bic';
import { TextField } from './text-field';
import './form.css';

export interface PayoutFieldsProps {
  readonly values: PayoutForm;
  readonly errorOf: (path: `payout.${PayoutField}`) => string | undefined;
  readonly onField: (field: PayoutField, value: string) => void;
  readonly onMethod: (method: PayoutMethod) => void;
  /** The radio group's accessible name. */
  readonly label: string;
  /** A business trade-in is paid to the company's bank account only: no PayPal, the holder is the company. */
  readonly businessAccount?: boolean;
}

export function PayoutFields({ values, errorOf, onField, onMethod, label, businessAccount = false }: PayoutFieldsProps) {
  const { i18n } = useLingui();
  const { locale } = useShop();
  const field = (name: PayoutField) => ({
    name: `payout.${name}`,
    value: values[name],
    error: errorOf(`payout.${name}`),
    maxLength: TEXT_LIMITS[name],
    onValue: (value: string) => onField(name, value),
  });
  const method = (value: PayoutMethod, text: string) => (
    <label className={values.method === value ? 'answer chosen' : 'answer'}>
      <input type="radio" name="payout.method" value={value} checked={values.method === value} onChange={() => onMethod(value)} />
      <span>{text}</span>
    </label>
  );
  // Every IBAN we pay to is a SEPA one, and a SEPA transfer needs no BIC: say so, with the IBAN's country once it is valid.
  const bicHint = (iban: string) => {
    const country = sepaCountryOf(iban);
    if (country === null) return i18n._(msg`Not needed for a bank account in the SEPA area.`);
    const name = new Intl.DisplayNames([countryConfig(locale).icuLocale], { type: 'region' }).of(country) ?? country;
    return i18n._(msg`Your account is in ${name} (SEPA area): the BIC is not needed.`);
  };
  return (
    <>
      {businessAccount ? (
        <p className="field-hint">{i18n._(msg`We pay business trade-ins by bank transfer (SEPA) to the company account.`)}</p>
      ) : (
        <div className="payout-methods" role="radiogroup" aria-label={label}>
          {method('sepa', i18n._(msg`Bank transfer (SEPA)`))}
          {method('paypal', 'PayPal')}
        </div>
      )}
      {values.method === 'sepa' || businessAccount ? (
        <>
          <TextField
            {...field('accountHolder')}
            autoComplete={businessAccount ? 'organization' : 'name'}
            label={businessAccount ? i18n._(msg`Account holder (the company)`) : i18n._(msg`Account holder`)}
          />
          <TextField {...field('iban')} autoComplete="off" label="IBAN" spellCheck={false} />
          <TextField
            {...field('bic')}
            autoComplete="off"
            label={i18n._(msg`BIC (optional)`)}
            hint={bicHint(values.iban)}
            spellCheck={false}
            className="short"
          />
          {values.bic.trim() === '' && sepaCountryOf(values.iban) !== null && (
            <DerivedBic iban={values.iban}>
              {(bic) => (
                <p className="field-hint" role="status" data-testid="derived-bic">
                  {i18n._(msg`Your bank's BIC, from the IBAN: ${bic}`)}
                </p>
              )}
            </DerivedBic>
          )}
        </>
      ) : (
        <TextField {...field('email')} type="email" autoComplete="email" label={i18n._(msg`PayPal e-mail address`)} />
      )}
    </>
  );
}
