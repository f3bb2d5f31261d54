// Site header: logo at the country's size, the search field, the main navigation and its mobile menu,
// and the account entry: "Log in" when logged out, "My account" and "Log out" when logged in (only once
// the stored session is known; before that a neutral "My account" link). The widget's header
// (`widget`) keeps only the logo, the search and the cart: the flow, not the shop around it.

import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react';
import { Link, useRouterState } from '@tanstack/react-router';
import { useEffect, useRef, useState } from 'react';
import { useAccount } from '../account/account-provider';
import { BRAND_CONFIG, brandOf } from '../../config/brands';
import { Logo } from '../brand/logo';
import { CartBadge } from '../cart/cart-badge';
import { SiteSearch } from '../search/site-search';
import { useShop } from '../shop-context';
import { HelpButton } from './help-button';
import { SKIP_TARGETS } from './skip-links';

export function Header({ widget = false }: { widget?: boolean }) {
  const { i18n } = useLingui();
  const shop = useShop();
  const [menuOpen, setMenuOpen] = useState(false);
  const toggle = useRef<HTMLElement>(null);
  const account = useAccount();
  const [loggedOut, setLoggedOut] = useState(false);
  const pathname = useRouterState({ select: (s) => s.location.pathname });

  // A navigation closes the mobile menu.
  useEffect(() => setMenuOpen(false), [pathname]);
  // The log-out notice is for the log-out just made, not a later one elsewhere.
  useEffect(() => {
    if (account.isLoggedIn) setLoggedOut(false);
  }, [account.isLoggedIn]);

  const brand = BRAND_CONFIG[brandOf(shop.mode)];
  const brandName = brand.name;
  const nav = [
    { to: shop.path('home'), label: msg`Sell` },
    { to: shop.contentPath('howItWorks'), label: msg`How it works` },
    ...(shop.country.features.hasB2B && brand.offersBusiness ? [{ to: shop.path('b2bLanding'), label: msg`For businesses` }] : []),
    { to: shop.path('contact'), label: msg`Contact` },
  ];

  return (
    <header className="site-header">
      <div className="header-bar">
        <Link to={shop.path('home')} className="logo-link" aria-label={i18n._(msg`${brandName} home page`)}>
          <Logo brand={brand.id} width={shop.country.headerLogo.width} height={shop.country.headerLogo.height} />
        </Link>
        <SiteSearch />
        <CartBadge />
        {/* In the header so it never covers content; it floats only beside a wide window's column (decision 078). */}
        {!widget && <HelpButton />}
        {!widget && (
          // A disclosure the browser opens and closes without JavaScript; with it, Escape closes it too
          // and the focus goes back to its toggle.
          <details
            className="main-menu"
            open={menuOpen}
            onToggle={(event) => setMenuOpen(event.currentTarget.open)}
            onKeyDown={(event) => {
              // The element says whether it is open: its "toggle" event, and so menuOpen, can come a
              // moment after the browser opened it (Escape pressed right after Enter).
              if (event.key !== 'Escape' || !event.currentTarget.open) return;
              event.preventDefault();
              event.currentTarget.open = false;
              setMenuOpen(false);
              toggle.current?.focus();
            }}
          >
            <summary id={SKIP_TARGETS.mobileMenu} ref={toggle} className="menu-toggle" aria-controls="main-navigation">
              <span aria-hidden="true" className="menu-icon" />
              {/* Both labels are in the page: the style shows the one that fits, with or without JavaScript. */}
              <span className="menu-label-open">{i18n._(msg`Menu`)}</span>
              <span className="menu-label-close">{i18n._(msg`Close menu`)}</span>
            </summary>
            <nav id="main-navigation" tabIndex={-1} className="main-nav" aria-label={i18n._(msg`Main navigation`)}>
              <ul>
                {nav.map((item) => (
                  <li key={item.to}>
                    <Link to={item.to} activeOptions={{ exact: true }} activeProps={{ 'aria-current': 'page' }}>
                      {i18n._(item.label)}
                    </Link>
                  </li>
                ))}
                <AccountNav loggedOut={loggedOut} onLogout={() => setLoggedOut(true)} />
              </ul>
            </nav>
          </details>
        )}
      </div>
      {/* Always in the page, so the change is announced. */}
      <p className="visually-hidden" role="status">
        {loggedOut && account.ready && !account.isLoggedIn ? i18n._(msg`You have been logged out.`) : ''}
      </p>
    </header>
  );
}

/** The account entries of the navigation. After a log-out the focus moves to "Log in", which replaces the button. */
function AccountNav({ loggedOut, onLogout }: { loggedOut: boolean; onLogout: () => void }) {
  const { i18n } = useLingui();
  const shop = useShop();
  const account = useAccount();
  const loginLink = useRef<HTMLAnchorElement>(null);
  useEffect(() => {
    if (loggedOut && !account.isLoggedIn) loginLink.current?.focus();
  }, [loggedOut, account.isLoggedIn]);

  const accountLink = (label: string, extra: { ref?: typeof loginLink; testId: string }) => (
    <li key="account">
      <Link
        ref={extra.ref}
        to={shop.path('accountOverview')}
        data-testid={extra.testId}
        activeOptions={{ exact: true }}
        activeProps={{ 'aria-current': 'page' }}
      >
        {label}
      </Link>
    </li>
  );
  const entries = !account.ready
    ? [accountLink(i18n._(msg`My account`), { testId: 'header-account' })]
    : !account.isLoggedIn
      ? [accountLink(i18n._(msg`Log in`), { ref: loginLink, testId: 'header-login' })]
      : [
          accountLink(i18n._(msg`My account`), { testId: 'header-account' }),
          <li key="logout">
            <button
              type="button"
              className="logout-button"
              data-testid="header-logout"
              onClick={() => {
                onLogout();
                account.logout();
              }}
            >
              {i18n._(msg`Log out`)}
            </button>
          </li>,
        ];
  return <>{entries}</>;
}
