// The four skip links every page starts with (product §1; a widget page has no menu, so three). Each moves keyboard focus to its target,
// which carries tabIndex -1 or is focusable itself.

import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react';
import type { MouseEvent } from 'react';

export const SKIP_TARGETS = {
  mobileMenu: 'mobile-menu-toggle',
  search: 'site-search',
  main: 'main-content',
  footerLinks: 'footer-links',
} as const;

const LABELS = {
  mobileMenu: msg`Skip to menu`,
  search: msg`Skip to search`,
  main: msg`Skip to main content`,
  footerLinks: msg`Skip to footer links`,
};

function focusTarget(event: MouseEvent<HTMLAnchorElement>, id: string) {
  const target = document.getElementById(id);
  if (!target) return;
  event.preventDefault();
  // The menu button is hidden on wide screens; the navigation it controls takes focus instead.
  const visible = target.offsetParent !== null ? target : document.getElementById('main-navigation');
  (visible ?? target).focus();
  (visible ?? target).scrollIntoView({ block: 'start' });
}

/** `menu`: the page has the menu (the widget's header has none, so it gets the other three). */
export function SkipLinks({ menu = true }: { menu?: boolean }) {
  const { i18n } = useLingui();
  const keys = (Object.keys(SKIP_TARGETS) as (keyof typeof SKIP_TARGETS)[]).filter((key) => menu || key !== 'mobileMenu');
  return (
    <nav className="skip-links" aria-label={i18n._(msg`Skip links`)}>
      {keys.map((key) => (
        <a key={key} className="skip-link" href={`#${SKIP_TARGETS[key]}`} onClick={(e) => focusTarget(e, SKIP_TARGETS[key])}>
          {i18n._(LABELS[key])}
        </a>
      ))}
    </nav>
  );
}
