// The page frame of every layout (product §1): skip links, header, main content, footer. The widget
// layouts (embedded in partner sites' frames, decision 034) render only the flow — logo, search, cart,
// the page, the legal links — without the shop's navigation, account entry, footer extras or help
// widget, and report their height to the partner's frame.

import { useEffect, type ReactNode } from 'react';
import { isWidgetLayout, type LayoutName } from '../../config/layouts';
import { Footer, WidgetFooter } from './footer';
import { Header } from './header';
import { SKIP_TARGETS, SkipLinks } from './skip-links';

/** `home`: the page is the home page (the agan layouts have no home variant, so the layout name does not say). */
export function Layout({ name, home, children }: { name: LayoutName; home: boolean; children: ReactNode }) {
  const widget = isWidgetLayout(name);
  return (
    <div className={`layout layout-${name}${widget ? ' layout-widget' : ''}`} data-layout={name}>
      <SkipLinks menu={!widget} />
      <Header widget={widget} />
      <main id={SKIP_TARGETS.main} tabIndex={-1} className="main">
        {children}
      </main>
      {widget ? (
        <>
          <WidgetFooter />
          <FrameHeight />
        </>
      ) : (
        <>
          {/* The home page has its own newsletter sign-up: the footer does not repeat it there. */}
          <Footer newsletter={!home} />
        </>
      )}
    </div>
  );
}

/**
 * Tells the partner's frame the page's height while the widget is framed (../widget/frame-height.ts).
 * Its code loads after the first render, on widget pages only: not part of every page's initial JavaScript.
 */
function FrameHeight() {
  useEffect(() => {
    let stop: (() => void) | null = null;
    let active = true;
    void import('../widget/frame-height').then(({ startHeightReports }) => {
      if (active) stop = startHeightReports(window);
    });
    return () => {
      active = false;
      stop?.();
    };
  }, []);
  return null;
}
