import { Trans } from '@lingui/react/macro';
import { CatalogueBreadcrumbs } from '../../ui/catalogue/breadcrumbs';
import { DeviceList } from '../../ui/catalogue/device-card';
import { EntityGrid } from '../../ui/catalogue/entity-grid';
import { useShop } from '../../ui/shop-context';
import { usePageData } from '../page-data';
import { ScreenPage } from '../screen-page';
import '../../ui/catalogue/catalogue.css';

export default function SellCategoryPage() {
  const { category, topDevices } = usePageData('category');
  const shop = useShop();
  const overview = (url: string) => shop.path('productOverview', { overview: url });
  return (
    <>
      <CatalogueBreadcrumbs shop={shop} place={{ category }} />
      <ScreenPage screen="sellCategory" title={category.title}>
        <p className="lead">{category.content}</p>
        {topDevices.length > 0 && (
          <section aria-labelledby="top-devices">
            <h2 id="top-devices">
              <Trans>Top devices</Trans>
            </h2>
            <DeviceList devices={topDevices} />
          </section>
        )}
        {category.topManufacturers.length > 0 && (
          <section aria-labelledby="top-manufacturers">
            <h2 id="top-manufacturers">
              <Trans>Top brands</Trans>
            </h2>
            <EntityGrid
              items={category.topManufacturers.map((m) => ({ key: m.id, to: overview(m.url), label: m.title, thumbnail: m.thumbnail }))}
            />
          </section>
        )}
        {category.topSeries.length > 0 && (
          <section aria-labelledby="top-series">
            <h2 id="top-series">
              <Trans>Popular series</Trans>
            </h2>
            <EntityGrid
              items={category.topSeries.map((s) => ({ key: s.id, to: overview(s.url), label: s.title, thumbnail: s.thumbnail }))}
            />
          </section>
        )}
        <section aria-labelledby="all-manufacturers">
          <h2 id="all-manufacturers">
            <Trans>All brands</Trans>
          </h2>
          <EntityGrid
            className="compact"
            items={category.manufacturers.map((m) => ({ key: m.id, to: overview(m.url), label: m.title, thumbnail: m.thumbnail }))}
          />
        </section>
      </ScreenPage>
    </>
  );
}
