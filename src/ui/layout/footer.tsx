// Site footer: legal links to the content pages, the parcel carrier logo, and the per-country extras
// (social media buttons DE/AT, rating seal and slider DE, the newsletter sign-up where the shop has one).

import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react';
import { Link } from '@tanstack/react-router';
import type { ContentPage } from '../../config/content';
import { CONTENT_TITLES } from '../content-titles';
import { CarrierLogo } from '../brand/carrier-logo';
import { useShopActor } from '../shop-actor';
import { useShop } from '../shop-context';
import { NewsletterSignUp } from '../newsletter/sign-up';
import { FooterRatings } from './footer-ratings';
import { LanguageSwitch } from './language-switch';
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

const SOCIAL = [
  { name: 'Facebook', href: 'https://www.facebook.com/', letter: 'f' },
  { name: 'Instagram', href: 'https://www.instagram.com/', letter: 'IG' },
  { name: 'YouTube', href: 'https://www.youtube.com/', letter: '▶' },
  { name: 'LinkedIn', href: 'https://www.linkedin.com/', letter: 'in' },
] as const;

export function Footer({ compact = false, newsletter = true }: { compact?: boolean; newsletter?: boolean }) {
  const { i18n } = useLingui();
  const shop = useShop();
  const { consent } = useShopActor();
  const { features, footerShippingLogo } = shop.country;

  return (
    <footer className="site-footer">
      {!compact && features.hasRatingSeal && <FooterRatings />}
      {!compact && newsletter && <NewsletterSignUp source="footer" />}
      <nav id={SKIP_TARGETS.footerLinks} tabIndex={-1} className="footer-links" aria-label={i18n._(msg`Footer links`)}>
        <ul>
          {LEGAL_LINKS.map((page) => (
            <li key={page}>
              <Link to={shop.contentPath(page)}>{i18n._(CONTENT_TITLES[page])}</Link>
            </li>
          ))}
          <li>
            <Link to={shop.path('contact')}>{i18n._(msg`Contact`)}</Link>
          </li>
          {features.hasConsentBanner && (
            <li>
              <button
                type="button"
                className="link-button"
                // The consent actor starts right after the page shows; until then there is nothing to reopen.
                aria-disabled={consent === null || undefined}
                onClick={() => consent?.send({ type: 'consent.reopen' })}
              >
                {i18n._(msg`Cookie settings`)}
              </button>
            </li>
          )}
          <li>
            <a href={shop.country.buyShopLink} rel="noopener">
              {i18n._(msg`Buy refurbished devices`)}
            </a>
          </li>
        </ul>
      </nav>
      <div className="footer-bottom">
        <div className="shipping">
          <span>{i18n._(msg`Free shipping with`)}</span>
          <CarrierLogo carrier={footerShippingLogo.carrier} height={footerShippingLogo.height} />
        </div>
        {features.hasSocialMediaButtons && (
          <ul className="social" aria-label={i18n._(msg`Follow us`)}>
            {SOCIAL.map((s) => (
              <li key={s.name}>
                <a href={s.href} rel="noopener noreferrer" target="_blank" aria-label={s.name} className="social-button">
                  <span aria-hidden="true">{s.letter}</span>
                </a>
              </li>
            ))}
          </ul>
        )}
        <LanguageSwitch />
        <p className="copyright">© {new Date().getUTCFullYear()} trade-in</p>
      </div>
    </footer>
  );
}
