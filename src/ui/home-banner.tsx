// The country's home banner of today (src/config/home-banners.ts), as the home loader picked it.

import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react';
import { Link } from '@tanstack/react-router';
import type { HomeBanner as Banner } from '../config/home-banners';

export function HomeBanner({ banner }: { banner: Banner | null }) {
  const { i18n } = useLingui();
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
