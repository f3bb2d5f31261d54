// Site footer: legal links to the content pages, the parcel carrier logo, and the per-country extras
// (social media buttons DE/AT, rating seal and slider DE, the newsletter sign-up where the shop has one).
// The brand (src/config/brands.ts) chooses the links and the name: the sister brand shows no page of
// the main brand's company (about, press, partner programme) and no link to its resale shop. The
// widget's footer (WidgetFooter) holds only the legal links, opening the full shop in a new tab.

import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react';
import { Link } from '@tanstack/react-router';
import { BRAND_CONFIG, brandOf } from '../../config/brands';
import type { ContentPage } from '../../config/content';
import { CONTENT_TITLES } from '../content-titles';
import { CarrierLogo } from '../brand/carrier-logo';
import { useShopActor } from '../shop-actor';
import { useShop } from '../shop-context';
import { NewsletterSignUp } from '../newsletter/sign-up';
import { FooterRatings } from './footer-ratings';
import { LanguageSwitch } from './language-switch';
import { FullShopLink } from '../widget/full-shop-link';
import { SKIP_TARGETS } from './skip-links';

const LEGAL_LINKS: readonly ContentPage[] = [
  'howItWorks',
  'packingTips',
  'dataErasure',
  'ecoEffect',
  'about',
  'press',
  'partnerProgramme',
  'terms',
  'privacy',
  'imprint',
];

/** The links of the sister brand: the seller's pages, not the main brand's company pages. */
const SISTER_BRAND_LINKS: readonly ContentPage[] = ['howItWorks', 'packingTips', 'dataErasure', 'terms', 'privacy', 'imprint'];

/** The links of a widget: what a seller must be able to read, outside the frame. */
const WIDGET_LINKS: readonly ContentPage[] = ['terms', 'privacy', 'imprint'];

// Written out as text links: the networks' logos may only be used as supplied in their brand kits
// (decision 049), and a link's name is exactly what it shows.
const SOCIAL = [
  { name: 'Facebook', href: 'https://www.facebook.com/' },
  { name: 'Instagram', href: 'https://www.instagram.com/' },
  { name: 'YouTube', href: 'https://www.youtube.com/' },
  { name: 'LinkedIn', href: 'https://www.linkedin.com/' },
] as const;

function Copyright() {
  const brand = BRAND_CONFIG[brandOf(useShop().mode)];
  return (
    <p className="copyright">
      © {new Date().getUTCFullYear()} {brand.name}
    </p>
  );
}

function CookieSettings() {
  const { i18n } = useLingui();
  const { consent } = useShopActor();
  return (
    <button
      type="button"
      className="link-button"
      // The consent actor starts right after the page shows; until then there is nothing to reopen.
      aria-disabled={consent === null || undefined}
      onClick={() => consent?.send({ type: 'consent.reopen' })}
    >
      {i18n._(msg`Cookie settings`)}
    </button>
  );
}

export function Footer({ newsletter = true }: { newsletter?: boolean }) {
  const { i18n } = useLingui();
  const shop = useShop();
  const brand = BRAND_CONFIG[brandOf(shop.mode)];
  const { features, footerShippingLogo } = shop.country;
  const links = brand.linksMainShop ? LEGAL_LINKS : SISTER_BRAND_LINKS;

  return (
    <footer className="site-footer">
      {features.hasRatingSeal && brand.linksMainShop && <FooterRatings />}
      {newsletter && <NewsletterSignUp source="footer" />}
      <nav id={SKIP_TARGETS.footerLinks} tabIndex={-1} className="footer-links" aria-label={i18n._(msg`Footer links`)}>
        <ul>
          {links.map((page) => (
            <li key={page}>
              <Link to={shop.contentPath(page)}>{i18n._(CONTENT_TITLES[page])}</Link>
            </li>
          ))}
          <li>
            <Link to={shop.path('contact')}>{i18n._(msg`Contact`)}</Link>
          </li>
          {features.hasConsentBanner && (
            <li>
              <CookieSettings />
            </li>
          )}
          {brand.linksMainShop && (
            <li>
              <a href={shop.country.buyShopLink} rel="noopener">
                {i18n._(msg`Buy refurbished devices`)}
              </a>
            </li>
          )}
        </ul>
      </nav>
      <div className="footer-bottom">
        <div className="shipping">
          <span>{i18n._(msg`Free shipping with`)}</span>
          <CarrierLogo carrier={footerShippingLogo.carrier} height={footerShippingLogo.height} />
        </div>
        {features.hasSocialMediaButtons && brand.linksMainShop && (
          <ul className="social" aria-label={i18n._(msg`Follow us`)}>
            {SOCIAL.map((s) => (
              <li key={s.name}>
                <a href={s.href} rel="noopener noreferrer" target="_blank" className="social-link">
                  {s.name}
                </a>
              </li>
            ))}
          </ul>
        )}
        <LanguageSwitch />
        <Copyright />
      </div>
    </footer>
  );
}

/** The footer of a widget page: the legal links (in the full shop, new tab), cookie settings and the brand. */
export function WidgetFooter() {
  const { i18n } = useLingui();
  const shop = useShop();
  return (
    <footer className="site-footer widget-footer">
      <nav id={SKIP_TARGETS.footerLinks} tabIndex={-1} className="footer-links" aria-label={i18n._(msg`Footer links`)}>
        <ul>
          {WIDGET_LINKS.map((page) => (
            <li key={page}>
              <FullShopLink to={shop.contentPath(page)}>{i18n._(CONTENT_TITLES[page])}</FullShopLink>
            </li>
          ))}
          <li>
            <FullShopLink to={shop.path('contact')}>{i18n._(msg`Contact`)}</FullShopLink>
          </li>
          {shop.country.features.hasConsentBanner && (
            <li>
              <CookieSettings />
            </li>
          )}
        </ul>
      </nav>
      <div className="footer-bottom">
        <Copyright />
      </div>
    </footer>
  );
}
