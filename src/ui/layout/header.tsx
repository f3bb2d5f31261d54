// Site header: logo at the country's size, the search field, the main navigation and its mobile menu.

import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react';
import { Link, useRouterState } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import { Logo } from '../brand/logo';
import { CartBadge } from '../cart/cart-badge';
import { SiteSearch } from '../search/site-search';
import { useShop } from '../shop-context';
import { SKIP_TARGETS } from './skip-links';

export function Header() {
  const { i18n } = useLingui();
  const shop = useShop();
  const [menuOpen, setMenuOpen] = useState(false);
  const pathname = useRouterState({ select: (s) => s.location.pathname });

  // A navigation closes the mobile menu.
  useEffect(() => setMenuOpen(false), [pathname]);

  const nav = [
    { to: shop.path('home'), label: msg`Sell` },
    { to: shop.contentPath('howItWorks'), label: msg`How it works` },
    ...(shop.country.features.hasB2B ? [{ to: shop.path('b2bLanding'), label: msg`For businesses` }] : []),
    { to: shop.path('contact'), label: msg`Contact` },
    { to: shop.path('accountOverview'), label: msg`My account` },
  ];

  return (
    <header className="site-header">
      <div className="header-bar">
        <Link to={shop.path('home')} className="logo-link" aria-label={i18n._(msg`Home page`)}>
          <Logo mode={shop.mode} width={shop.country.headerLogo.width} height={shop.country.headerLogo.height} label={i18n._(msg`Trade-in shop`)} />
        </Link>
        <SiteSearch />
        <CartBadge />
        <button
          id={SKIP_TARGETS.mobileMenu}
          type="button"
          className="menu-toggle"
          aria-expanded={menuOpen}
          aria-controls="main-navigation"
          onClick={() => setMenuOpen((open) => !open)}
        >
          <span aria-hidden="true" className="menu-icon" />
          {menuOpen ? i18n._(msg`Close menu`) : i18n._(msg`Menu`)}
        </button>
      </div>
      <nav
        id="main-navigation"
        tabIndex={-1}
        className={menuOpen ? 'main-nav open' : 'main-nav'}
        aria-label={i18n._(msg`Main navigation`)}
      >
        <ul>
          {nav.map((item) => (
            <li key={item.to}>
              <Link to={item.to} activeOptions={{ exact: true }} activeProps={{ 'aria-current': 'page' }}>
                {i18n._(item.label)}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
    </header>
  );
}
