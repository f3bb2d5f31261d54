// The back office's languages (decision 072): English (the source) and German, from
// lingui.staff.config.ts. German when the browser prefers it to English, else English, unless the
// user chose one in the header (kept in localStorage). One catalog per language, loaded when needed.

import { type I18n, type Messages, setupI18n } from '@lingui/core';
import { STAFF_LOCALES, type StaffLocale } from '../../contracts/staff';

const CATALOGS = import.meta.glob<{ messages: Messages }>('./*.po');
const STORAGE_KEY = 'staff.locale';

const isStaffLocale = (value: unknown): value is StaffLocale => (STAFF_LOCALES as readonly unknown[]).includes(value);

/** The stored choice, else the first of the browser's languages that is German or English, else English. */
export function initialLocale(stored: string | null, languages: readonly string[]): StaffLocale {
  if (isStaffLocale(stored)) return stored;
  for (const language of languages) {
    const primary = language.toLowerCase().split('-')[0];
    if (isStaffLocale(primary)) return primary;
  }
  return 'en';
}

export function storedLocale(): string | null {
  try {
    return window.localStorage.getItem(STORAGE_KEY);
  } catch {
    return null;
  }
}

async function loadMessages(locale: StaffLocale): Promise<Messages> {
  const load = CATALOGS[`./${locale}.po`];
  if (!load) throw new Error(`no back office catalog for ${locale}`);
  return (await load()).messages;
}

export async function createStaffI18n(locale: StaffLocale): Promise<I18n> {
  const i18n = setupI18n();
  i18n.loadAndActivate({ locale, messages: await loadMessages(locale) });
  document.documentElement.lang = locale;
  return i18n;
}

/** Switches the language (the screens follow the i18n instance) and keeps the choice. */
export async function switchLocale(i18n: I18n, locale: StaffLocale): Promise<void> {
  i18n.loadAndActivate({ locale, messages: await loadMessages(locale) });
  document.documentElement.lang = locale;
  try {
    window.localStorage.setItem(STORAGE_KEY, locale);
  } catch {
    // A browser that keeps nothing: the choice lasts for this page.
  }
}
