// The header's language switch: English or German, kept for the next visit.

import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react';
import { useId } from 'react';
import { STAFF_LOCALES, type StaffLocale } from '../../contracts/staff';
import { switchLocale } from '../i18n/i18n';

/** Each language by its own name. */
const NAMES: Record<StaffLocale, string> = { en: 'English', de: 'Deutsch' };

export function LanguageSwitch() {
  const { i18n } = useLingui();
  const id = useId();
  return (
    <div className="language-switch">
      <label htmlFor={id}>{i18n._(msg`Language`)}</label>
      <select id={id} value={i18n.locale} onChange={(event) => void switchLocale(i18n, event.target.value as StaffLocale)}>
        {STAFF_LOCALES.map((locale) => (
          <option key={locale} value={locale} lang={locale}>
            {NAMES[locale]}
          </option>
        ))}
      </select>
    </div>
  );
}
