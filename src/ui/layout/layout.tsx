// The page frame of every layout (spec §1): skip links, header, main content, footer. Widget layouts
// (embedded on partner sites) keep the frame but drop the footer extras.

import type { ReactNode } from 'react';
import type { LayoutName } from '../../config/layouts';
import { Footer } from './footer';
import { Header } from './header';
import { HelpButton } from './help-button';
import { SKIP_TARGETS, SkipLinks } from './skip-links';

const WIDGET_LAYOUTS: readonly LayoutName[] = ['b2bwidget-default', 'b2bwidget-home', 'aganwidget-default'];

export function Layout({ name, children }: { name: LayoutName; children: ReactNode }) {
  const widget = WIDGET_LAYOUTS.includes(name);
  const home = name === 'home' || name === 'b2bwidget-home';
  return (
    <div className={`layout layout-${name}`} data-layout={name}>
      <SkipLinks />
      <Header />
      <main id={SKIP_TARGETS.main} tabIndex={-1} className="main">
        {children}
      </main>
      {/* The home page has its own newsletter sign-up: the footer does not repeat it there. */}
      <Footer compact={widget} newsletter={!home} />
      {!widget && <HelpButton />}
    </div>
  );
}
