// The selling company of a business trade-in (decision 035): company name, legal form and VAT id,
// named by their request paths (`company.vatId`). The contact person and the company address are the
// address fields below them.

import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react';
import type { MessageDescriptor } from '@lingui/core';
import { LEGAL_FORMS, TEXT_LIMITS, type LegalForm } from '../../contracts/trades';
import { VAT_ID_EXAMPLE } from '../../contracts/vat-id';
import type { CompanyField, CompanyForm } from '../../machines/checkout-form';
import { SelectField } from '../form/choice-fields';
import { TextField } from '../form/text-field';
import '../form/form.css';

/** German legal forms keep their names; the two descriptive ones are translated. */
export const LEGAL_FORM_LABELS: Readonly<Record<LegalForm, MessageDescriptor>> = {
  gmbh: msg`GmbH`,
  ug: msg`UG (haftungsbeschränkt)`,
  ag: msg`AG`,
  ohg: msg`OHG`,
  kg: msg`KG`,
  gmbhCoKg: msg`GmbH & Co. KG`,
  ek: msg`e.K.`,
  gbr: msg`GbR`,
  einzelunternehmen: msg`Sole proprietorship (Einzelunternehmen)`,
  eg: msg`eG`,
  other: msg`Other legal form`,
};

export interface CompanyFieldsProps {
  readonly values: CompanyForm;
  readonly errorOf: (path: `company.${CompanyField}`) => string | undefined;
  readonly onField: (field: CompanyField, value: string) => void;
}

export function CompanyFields({ values, errorOf, onField }: CompanyFieldsProps) {
  const { i18n } = useLingui();
  const example = VAT_ID_EXAMPLE;
  const field = (name: CompanyField) => ({
    name: `company.${name}`,
    value: values[name],
    error: errorOf(`company.${name}`),
    onValue: (value: string) => onField(name, value),
  });
  return (
    <>
      <TextField {...field('name')} maxLength={TEXT_LIMITS.name} autoComplete="organization" label={i18n._(msg`Company name`)} />
      <SelectField {...field('legalForm')} label={i18n._(msg`Legal form`)}>
        <option value="">{i18n._(msg`Please choose`)}</option>
        {LEGAL_FORMS.map((form) => (
          <option key={form} value={form}>
            {i18n._(LEGAL_FORM_LABELS[form])}
          </option>
        ))}
      </SelectField>
      <TextField
        {...field('vatId')}
        maxLength={TEXT_LIMITS.vatId}
        autoComplete="off"
        spellCheck={false}
        label={i18n._(msg`VAT ID (USt-IdNr.)`)}
        hint={i18n._(msg`For example ${example}. Leave it empty if your business has none (small business under § 19 UStG).`)}
      />
    </>
  );
}
