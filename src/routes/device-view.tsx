// The product detail of a device: where it sits in the catalogue, its picture, and the offer flow.

import { ConditionsVideo } from '../ui/offer/conditions-video';
import { useRouterState } from '@tanstack/react-router';
import { CatalogueBreadcrumbs } from '../ui/catalogue/breadcrumbs';
import { OfferFlow } from '../ui/offer/offer-flow';
import { useShop } from '../ui/shop-context';
import type { OfferFormOutcome } from '../contracts/offers';
import type { Device } from '../services/catalogue/entities';
import { ScreenPage } from './screen-page';
import { DevicePicture } from '../ui/catalogue/device-picture';
import '../ui/catalogue/catalogue.css';
import '../ui/offer/offer.css';

export function DeviceView({ device, posted }: { device: Device; posted: OfferFormOutcome | null }) {
  const shop = useShop();
  // A shared offer link: the device page with `?offer=<signed token>` (issue 18).
  const sharedToken = useRouterState({
    select: (state) => {
      const value = (state.location.search as Record<string, unknown>).offer;
      return typeof value === 'string' && value.length > 0 ? value : undefined;
    },
  });
  return (
    <>
      <CatalogueBreadcrumbs
        shop={shop}
        place={{
          category: { name: device.category, url: device.categoryUrl },
          manufacturer: { name: device.manufacturer, url: device.manufacturerUrl },
          series: { name: device.series, url: device.seriesUrl },
          device,
        }}
      />
      <ScreenPage screen="productDetail" title={device.name}>
        <div className="device-head">
          <DevicePicture src={device.image} name={device.name} size={160} eager />
          <p className="lead">
            {device.manufacturer} · {device.series} · {device.releaseYear}
          </p>
        </div>
        {/* A new offer flow per device: the key resets the machine on client-side navigation. */}
        <OfferFlow key={device.id} device={device} posted={posted} {...(sharedToken !== undefined && { sharedToken })} />
        {/* Next to the questions: what the grades their answers lead to look like (rendered by the server too). */}
        <ConditionsVideo />
      </ScreenPage>
    </>
  );
}
