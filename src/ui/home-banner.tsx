// The country's home banner (src/config/home-banners.ts), when the country shows one and a banner's
// date range includes today.

import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react';
import { Link } from '@tanstack/react-router';
import { activeHomeBanner } from '../config/home-banners';
import { useShop } from './shop-context';

export function HomeBanner({ now = new Date() }: { now?: Date }) {
  const { i18n } = useLingui();
  const { country } = useShop();
  const banner = country.features.hasHomeBanner ? activeHomeBanner(country.homeBanners, now) : undefined;
  if (!banner) return null;
  return (
    <aside className="home-banner" aria-label={i18n._(msg`Announcement`)} data-banner={banner.id}>
      <p>{banner.text}</p>
      <Link to={banner.link.href} className="home-banner-link">
        {banner.link.label}
      </Link>
    </aside>
  );
}
