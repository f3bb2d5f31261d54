// The product detail of a device: where it sits in the catalogue, its picture, and the offer flow.

import { ConditionsVideo } from '../ui/offer/conditions-video';
import { useLingui } from '@lingui/react';
import { Breadcrumbs, HOME_CRUMB } from '../ui/catalogue/breadcrumbs';
import { OfferFlow } from '../ui/offer/offer-flow';
import { useShop } from '../ui/shop-context';
import type { Device } from '../services/catalogue/entities';
import { ScreenPage } from './screen-page';

export function DeviceView({ device }: { device: Device }) {
  const { i18n } = useLingui();
  const shop = useShop();
  return (
    <>
      <Breadcrumbs
        items={[
          { label: i18n._(HOME_CRUMB), to: shop.path('home') },
          { label: device.category, to: shop.path('sellCategory', { category: device.categoryUrl }) },
          { label: device.series, to: shop.path('productOverview', { overview: device.seriesUrl }) },
          { label: device.name },
        ]}
      />
      <ScreenPage screen="productDetail" title={device.name}>
        <div className="device-head">
          <img src={device.image} alt={device.name} width="160" height="160" />
          <p className="lead">
            {device.manufacturer} · {device.series} · {device.releaseYear}
          </p>
        </div>
        {/* A new offer flow per device: the key resets the machine on client-side navigation. */}
        <OfferFlow key={device.id} device={device} />
        {/* Next to the questions: what the grades their answers lead to look like (rendered by the server too). */}
        <ConditionsVideo />
      </ScreenPage>
    </>
  );
}
