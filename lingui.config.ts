import { defineConfig } from '@lingui/conf';

// Catalog ids are BCP 47 tags (LANGUAGE_TAG in src/config/locales.ts); the shop locale `at` is de-AT.
export default defineConfig({
  sourceLocale: 'en',
  locales: ['en', 'de', 'de-AT', 'es', 'fr', 'it'],
  fallbackLocales: { 'de-AT': 'de', default: 'en' },
  catalogs: [{ path: '<rootDir>/src/i18n/locales/{locale}', include: ['<rootDir>/src'], exclude: ['**/*.test.*'] }],
  format: 'po',
  orderBy: 'message',
});
