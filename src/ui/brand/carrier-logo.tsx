// The parcel carrier of the country's free shipping label, at the configured height. The carriers'
// marks may only be used as supplied in their brand guidelines, so this is the carrier's name as
// plain text (decision 049), not a home-made imitation of the logo.

import type { ShippingCarrier } from '../../config/countries';

const NAMES: Record<ShippingCarrier, string> = { dhl: 'DHL', ups: 'UPS' };

export function CarrierLogo({ carrier, height }: { carrier: ShippingCarrier; height: number }) {
  const name = NAMES[carrier];
  return (
    <svg
      className="carrier-logo"
      role="img"
      aria-label={name}
      height={height}
      width={height * 2.4}
      viewBox="0 0 48 20"
      data-carrier={carrier}
    >
      <text x="0" y="15" fontFamily="system-ui, sans-serif" fontWeight="700" fontSize="15" fill="currentColor">
        {name}
      </text>
    </svg>
  );
}
