// Language choice on hosts that do not fix the language (the default shop): stores the cookie and
// reloads the home page of the chosen shop, whose routes differ per locale.

import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react';
import { useId } from 'react';
import { LANGUAGE_TAG, LOCALES, isLocale, type Locale } from '../../config/locales';
import { storeLanguage } from '../../services/language';
import { Select } from '../form/select';
import { useShop } from '../shop-context';

/** Each language names itself, so the list needs no translation. */
const ENDONYMS: Record<Locale, string> = {
  default: 'English',
  de: 'Deutsch (Deutschland)',
  at: 'Deutsch (Österreich)',
  es: 'Español',
  fr: 'Français',
  it: 'Italiano',
};

export function LanguageSwitch() {
  const { i18n } = useLingui();
  const shop = useShop();
  const id = useId();
  if (!shop.languageSwitchable) return null;
  return (
    <div className="language-switch">
      <label htmlFor={id}>{i18n._(msg`Language`)}</label>{' '}
      <Select
        id={id}
        value={shop.locale}
        onChange={(event) => {
          const next = event.target.value;
          if (!isLocale(next) || next === shop.locale) return;
          storeLanguage(next);
          window.location.assign('/');
        }}
      >
        {LOCALES.map((locale) => (
          <option key={locale} value={locale} lang={LANGUAGE_TAG[locale]}>
            {ENDONYMS[locale]}
          </option>
        ))}
      </Select>
    </div>
  );
}
