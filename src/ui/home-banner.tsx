// The country's home banner of today (src/config/home-banners.ts) across the top of the home page,
// as the home route's loader picked it. Part of the home page's chunk, not of every page's layout.

import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react';
import { Link } from '@tanstack/react-router';
import type { HomeBanner as Banner } from '../config/home-banners';
import './catalogue/catalogue.css';

export function HomeBanner({ banner }: { banner: Banner | null }) {
  const { i18n } = useLingui();
  if (!banner) return null;
  return (
    <aside className="home-banner" aria-label={i18n._(msg`Announcement`)} data-banner={banner.id}>
      <p>
        {banner.text}{' '}
        <Link to={banner.link.href} className="home-banner-link">
          {banner.link.label}
        </Link>
      </p>
    </aside>
  );
}
