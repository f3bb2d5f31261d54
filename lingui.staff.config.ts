import { defineConfig } from '@lingui/conf';

// The back office's texts (src/staff, decision 072): English source, German translation (formal
// "Sie", the warehouse's words). Apart from the shop's catalogs (lingui.config.ts excludes src/staff),
// so the shop's pages never load them. Extract with `npx lingui extract --config lingui.staff.config.ts --clean`.
export default defineConfig({
  sourceLocale: 'en',
  locales: ['en', 'de'],
  fallbackLocales: { default: 'en' },
  catalogs: [{ path: '<rootDir>/src/staff/i18n/{locale}', include: ['<rootDir>/src/staff'], exclude: ['**/*.test.*', '**/*.fixtures.*'] }],
  format: 'po',
  orderBy: 'message',
});
