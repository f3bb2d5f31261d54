// A manufacturer's or series' devices, newest first (product overview; also the default locale's
// /products/{slug} when the slug names a manufacturer or series).

import { Trans } from '@lingui/react/macro';
import { CatalogueBreadcrumbs } from '../ui/catalogue/breadcrumbs';
import { DeviceList } from '../ui/catalogue/device-card';
import { EntityGrid } from '../ui/catalogue/entity-grid';
import { useShop } from '../ui/shop-context';
import type { OverviewData } from './loaders';
import { ScreenPage } from './screen-page';
import '../ui/catalogue/catalogue.css';

export function OverviewView({ overview, devices }: Pick<OverviewData, 'overview' | 'devices'>) {
  const shop = useShop();
  const page = overview.page;
  const place =
    overview.type === 'series'
      ? { category: page.category, manufacturer: overview.page.manufacturer, series: page }
      : { category: page.category, manufacturer: page };
  return (
    <>
      <CatalogueBreadcrumbs shop={shop} place={place} />
      <ScreenPage screen="productOverview" title={page.title}>
        <p className="lead">{page.content}</p>
        {overview.type === 'manufacturer' && overview.page.series.length > 0 && (
          <section aria-labelledby="overview-series">
            <h2 id="overview-series">
              <Trans>Series</Trans>
            </h2>
            <EntityGrid
              className="compact"
              items={overview.page.series.map((s) => ({
                key: s.id,
                to: shop.path('productOverview', { overview: s.url }),
                label: s.title,
                thumbnail: s.thumbnail,
              }))}
            />
          </section>
        )}
        <section aria-labelledby="overview-devices">
          <h2 id="overview-devices">
            <Trans>Models, newest first</Trans>
          </h2>
          {devices.length > 0 ? (
            <DeviceList devices={devices} />
          ) : (
            <p>
              <Trans>There are no models here yet.</Trans>
            </p>
          )}
        </section>
      </ScreenPage>
    </>
  );
}
