// The parcel carrier of the country's free shipping label, as an inline SVG at the configured height.

import type { ShippingCarrier } from '../../config/countries';

const NAMES: Record<ShippingCarrier, string> = { dhl: 'DHL', ups: 'UPS' };

export function CarrierLogo({ carrier, height }: { carrier: ShippingCarrier; height: number }) {
  if (carrier === 'dhl') {
    return (
      <svg
        className="carrier-logo"
        role="img"
        aria-label={NAMES.dhl}
        height={height}
        width={height * 4.5}
        viewBox="0 0 90 20"
        data-carrier="dhl"
      >
        <rect width="90" height="20" fill="#ffcc00" />
        <text
          x="45"
          y="15.5"
          textAnchor="middle"
          fontFamily="Arial Black, Arial, sans-serif"
          fontStyle="italic"
          fontWeight="900"
          fontSize="15"
          fill="#d40511"
        >
          DHL
        </text>
      </svg>
    );
  }
  return (
    <svg
      className="carrier-logo"
      role="img"
      aria-label={NAMES.ups}
      height={height}
      width={height * 0.85}
      viewBox="0 0 34 40"
      data-carrier="ups"
    >
      <path d="M2 3q15-5 30 0v20q0 11-15 16Q2 34 2 23z" fill="#351c15" />
      <text x="17" y="25" textAnchor="middle" fontFamily="Arial, sans-serif" fontWeight="700" fontSize="12" fill="#ffb500">
        UPS
      </text>
    </svg>
  );
}
