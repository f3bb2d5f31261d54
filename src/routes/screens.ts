// What each screen is called (heading and document title) and which lazily loaded page module shows it.

import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import { ROUTE_MAP, type ScreenId } from '../config/routes';
import type { Locale } from '../config/locales';
import { ACCOUNT_TEXT_DESCRIPTIONS } from './account-text-descriptions';

/** Screens with their own page module; legacy forms render the screen they are a legacy of. */
export type PageScreen = Exclude<ScreenId, 'clarificationLegacy' | 'quickAnswerShort' | 'quickAnswerLegacy' | 'newsletterEnrichHash'>;

export const SCREEN_TITLES: Record<PageScreen, MessageDescriptor> = {
  home: msg`Sell your used electronics`,
  contact: msg`Contact`,
  checkout: msg`Checkout`,
  thankYou: msg`Thank you for your trade`,
  productDetail: msg`Sell your device`,
  productOverview: msg`All models`,
  sellCategory: msg`Sell by category`,
  searchResults: msg`Search results`,
  content: msg`Information`,
  b2bLanding: msg`Trade-in for businesses`,
  accountOverview: msg`My account`,
  accountRegister: msg`Create an account`,
  accountManagement: msg`Account management`,
  accountAddressChange: msg`Change address`,
  accountPaymentChange: msg`Change payment details`,
  passwordReset: msg`Reset your password`,
  passwordForgot: msg`Forgot your password?`,
  accountSignInLink: msg`Sign in with a link`,
  clarification: msg`Clarification of your trade`,
  quickAnswer: msg`Your answer to our new offer`,
  review: msg`Rate your trade`,
  tradeStatus: msg`Your trade`,
  newsletterEnrich: msg`Complete your newsletter profile`,
  newsletterUnsubscribe: msg`Unsubscribe from the newsletter`,
  newsletterUnsubscribeSuccess: msg`You have been unsubscribed`,
};

/**
 * The meta description of the indexable screens without data of their own (the sitemap's; the catalogue
 * and content pages take theirs from the catalogue and the content files), and of the checkout, which
 * search engines may crawl (decision 063). Screens not listed here are private (account) or reached
 * only from a link in a mail.
 */
export const SCREEN_DESCRIPTIONS: Partial<Record<PageScreen, MessageDescriptor>> = {
  home: msg`Sell your used smartphone, tablet, laptop or console: answer a few questions, get a binding offer at once, ship for free and get paid fast.`,
  ...ACCOUNT_TEXT_DESCRIPTIONS,
};

export function pageScreenOf(screen: ScreenId): PageScreen {
  const def = ROUTE_MAP[screen] as { legacyOf?: ScreenId };
  return (def.legacyOf ?? screen) as PageScreen;
}

/**
 * The page module's key in the module glob (also its source path under src/routes). The default
 * locale's shared /products/{slug} shows a device or an overview (product §2): its own module, so
 * the other shops' device pages do not load the overview's code.
 */
export function pageModuleKey(screen: ScreenId, locale: Locale): string {
  if (screen === 'productDetail' && locale === 'default') return './pages/product.tsx';
  const kebab = pageScreenOf(screen).replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);
  return `./pages/${kebab}.tsx`;
}
