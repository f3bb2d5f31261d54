import { defineConfig } from '@lingui/conf';

// Catalog ids are BCP 47 tags (LANGUAGE_TAG in src/config/locales.ts); the shop locale `at` is de-AT.
// Two catalogs per locale: the shop's (loaded with every page) and the account screens' (loaded with
// the account pages and the checkout only, so the initial JavaScript of every other page stays small;
// decision 007). The form kit (src/ui/form) serves exactly those pages, so its texts are there too. A message used in both places is in both catalogs. The server's texts (mails, shipping
// label) are a third catalog, server/i18n/locales, with explicit ids and no macros (server code runs
// without the Babel macro plugin): it is kept by hand, not extracted, and checked by `npm run i18n:check`.
const ACCOUNT_SOURCES = [
  '<rootDir>/src/ui/account/**',
  '<rootDir>/src/ui/form/**',
  '<rootDir>/src/routes/pages/account-*.tsx',
  '<rootDir>/src/routes/pages/password-*.tsx',
  // The contact form is built from the form kit: the contact page and the help widget load this catalog too.
  '<rootDir>/src/ui/contact/**',
  '<rootDir>/src/routes/pages/contact.tsx',
  '<rootDir>/src/ui/clarification/**',
  // Screens a catalogue page does not show: the checkout (with its cart lines) and thank-you page, the
  // newsletter's pages and its sign-up form's code (loaded when the seller turns to the footer form;
  // the frame shown before that stays in the shop catalog), the business landing page.
  '<rootDir>/src/ui/checkout/**',
  '<rootDir>/src/ui/cart/cart-lines.tsx',
  '<rootDir>/src/routes/pages/checkout.tsx',
  '<rootDir>/src/routes/pages/thank-you.tsx',
  // The review page (an account-text screen: it loads this catalog) and its form.
  '<rootDir>/src/routes/pages/review.tsx',
  // The guest trade page (an account-text screen) shows the account's trade card.
  '<rootDir>/src/routes/pages/trade-status.tsx',
  '<rootDir>/src/ui/reviews/**',
  '<rootDir>/src/ui/newsletter/account-newsletter.tsx',
  '<rootDir>/src/ui/newsletter/enrich-view.tsx',
  '<rootDir>/src/ui/newsletter/interests.ts',
  '<rootDir>/src/ui/newsletter/sign-up-form.tsx',
  '<rootDir>/src/ui/newsletter/unsubscribe-view.tsx',
  '<rootDir>/src/routes/pages/newsletter-*.tsx',
  '<rootDir>/src/routes/pages/b2b-landing.tsx',
  // The meta descriptions of the indexable screens among those above.
  '<rootDir>/src/routes/account-text-descriptions.ts',
  '<rootDir>/src/ui/b2b/**',
];

// The consent banner shows on a first visit only, 1 second after start: its texts load with it.
const CONSENT_SOURCES = ['<rootDir>/src/ui/consent/consent-banner.tsx'];

// The offer flow that the offer machine drives (and its share links) loads with a device's first answer,
// never with the page: its texts load with it (src/i18n/offer-catalog.ts). What the page renders before
// that (the questions, the hint, a posted form's offer) stays in the shop catalog.
const OFFER_SOURCES = ['<rootDir>/src/ui/offer/offer-machine-flow.tsx', '<rootDir>/src/ui/offer/offer-share.tsx'];

// The checkout (an account-text screen) loads only the account texts its page shows (decision 093): its
// page, steps and cart lines, the form kit, the log-in form on its first step, and its head's description.
// A component of the account catalog that the checkout page starts to show belongs here too; the
// account catalog keeps every message of these files as well.
const CHECKOUT_SOURCES = [
  '<rootDir>/src/routes/pages/checkout.tsx',
  '<rootDir>/src/routes/account-text-descriptions.ts',
  '<rootDir>/src/ui/checkout/checkout-flow.tsx',
  '<rootDir>/src/ui/checkout/company-fields.tsx',
  '<rootDir>/src/ui/checkout/identity-step.tsx',
  '<rootDir>/src/ui/checkout/review-validity.tsx',
  '<rootDir>/src/ui/cart/cart-lines.tsx',
  '<rootDir>/src/ui/form/**',
  '<rootDir>/src/ui/account/login-form.tsx',
  '<rootDir>/src/ui/account/noscript-note.tsx',
  '<rootDir>/src/ui/account/sign-in-link.tsx',
];

export default defineConfig({
  sourceLocale: 'en',
  locales: ['en', 'de', 'de-AT', 'es', 'fr', 'it'],
  fallbackLocales: { 'de-AT': 'de', default: 'en' },
  catalogs: [
    {
      path: '<rootDir>/src/i18n/locales/{locale}',
      include: ['<rootDir>/src'],
      // The back office (src/staff) has its own catalogs: lingui.staff.config.ts.
      exclude: ['**/*.test.*', '<rootDir>/src/staff/**', ...ACCOUNT_SOURCES, ...CONSENT_SOURCES, ...OFFER_SOURCES],
    },
    { path: '<rootDir>/src/i18n/account/{locale}', include: ACCOUNT_SOURCES, exclude: ['**/*.test.*'] },
    { path: '<rootDir>/src/i18n/consent/{locale}', include: CONSENT_SOURCES },
    { path: '<rootDir>/src/i18n/offer/{locale}', include: OFFER_SOURCES },
    { path: '<rootDir>/src/i18n/checkout/{locale}', include: CHECKOUT_SOURCES, exclude: ['**/*.test.*'] },
  ],
  format: 'po',
  orderBy: 'message',
});
