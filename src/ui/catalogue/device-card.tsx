// A device in a list: picture, name, release and the indicative top price.

import { Trans } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import { formatPrice } from '../../i18n/format';
import type { Device } from '../../services/catalogue/entities';
import { useShop } from '../shop-context';
import { DevicePicture } from './device-picture';
import './catalogue.css';

/** What tells a variant from its model's other variants: its name after the model ("512 GB"). */
function variantLabel(name: string, model: string): string {
  const at = name.indexOf(model);
  const label = at < 0 ? '' : name.slice(at + model.length).trim();
  return label === '' ? name : label;
}

export function DeviceCard({ device }: { device: Device }) {
  const shop = useShop();
  const price = formatPrice(shop.locale, device.basePrice);
  return (
    <li className="device-card">
      <Link to={shop.path('productDetail', { pdp: device.url })}>
        <DevicePicture src={device.thumbnail} name={device.name} size={96} besideName />
        <span className="device-name">{device.name}</span>
        <span className="device-price">
          <Trans>up to {price}</Trans>
        </span>
      </Link>
      {device.variants && (
        <ul className="device-variants">
          {device.variants.map((variant) => (
            <li key={variant.id}>
              <Link to={shop.path('productDetail', { pdp: variant.url })}>{variantLabel(variant.name, device.model)}</Link>
            </li>
          ))}
        </ul>
      )}
    </li>
  );
}

export function DeviceList({ devices }: { devices: readonly Device[] }) {
  return (
    <ul className="device-grid">
      {devices.map((device) => (
        <DeviceCard key={device.id} device={device} />
      ))}
    </ul>
  );
}
