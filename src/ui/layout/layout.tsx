// The page frame of every layout (spec §1): skip links, header, main content, footer. Widget layouts
// (embedded on partner sites) keep the frame but drop the footer extras.

import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react';
import type { ReactNode } from 'react';
import type { LayoutName } from '../../config/layouts';
import { useShop } from '../shop-context';
import { Footer } from './footer';
import { Header } from './header';
import { HelpButton } from './help-button';
import { SKIP_TARGETS, SkipLinks } from './skip-links';

const WIDGET_LAYOUTS: readonly LayoutName[] = ['b2bwidget-default', 'b2bwidget-home', 'aganwidget-default'];

export function Layout({ name, children }: { name: LayoutName; children: ReactNode }) {
  const { i18n } = useLingui();
  const shop = useShop();
  const widget = WIDGET_LAYOUTS.includes(name);
  const home = name === 'home' || name === 'b2bwidget-home';
  return (
    <div className={`layout layout-${name}`} data-layout={name}>
      <SkipLinks />
      <Header />
      {home && shop.country.features.hasHomeBanner && (
        <div className="home-banner" role="note">
          <p>
            {name === 'b2bwidget-home'
              ? i18n._(msg`Trade in your company's devices: one offer, one pick-up, payment by invoice.`)
              : i18n._(msg`Get a binding offer in two minutes. Free shipping, payment within days.`)}
          </p>
        </div>
      )}
      <main id={SKIP_TARGETS.main} tabIndex={-1} className="main">
        {children}
      </main>
      {/* The home page has its own newsletter sign-up: the footer does not repeat it there. */}
      <Footer compact={widget} newsletter={!home} />
      {!widget && <HelpButton />}
    </div>
  );
}
