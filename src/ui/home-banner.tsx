// The country's home banner of today (src/config/home-banners.ts) across the top of the home page,
// as the home route's loader picked it.

import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react';
import { Link, useRouterState } from '@tanstack/react-router';

export function HomeBanner() {
  const { i18n } = useLingui();
  const banner = useRouterState({
    select: (state) => {
      const data = state.matches.at(-1)?.loaderData;
      return data?.kind === 'home' ? data.banner : null;
    },
  });
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
