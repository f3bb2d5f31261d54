// The parcel carrier of the country's free shipping label, at the configured height (product §1: 36 px
// for UPS, 20 px for DHL). The carriers' marks may only be used as supplied in their brand guidelines
// (decision 049), so no artwork of theirs is copied or imitated: this is a wordmark of the carrier's
// name in the shop's own monoline letters, drawn as vector strokes in the text colour. Unlike a font's
// text it looks the same on every system and fills the configured height exactly.

import type { ShippingCarrier } from '../../config/countries';

interface Wordmark {
  readonly name: string;
  /** Width of the 20-unit-high drawing. */
  readonly width: number;
  /** One stroke path per letter, cap height from y 3 to y 17. */
  readonly letters: readonly string[];
}

const WORDMARKS: Record<ShippingCarrier, Wordmark> = {
  dhl: {
    name: 'DHL',
    width: 42,
    letters: ['M3 3h4a7 7 0 0 1 0 14H3z', 'M17 3v14M27 3v14M17 10h10', 'M31 3v14h8'],
  },
  ups: {
    name: 'UPS',
    width: 43,
    letters: [
      'M3 3v8a5 5 0 0 0 10 0V3',
      'M17 17V3h5a4 4 0 0 1 0 8h-5',
      'M40 4.5C38.5 3.3 37 3 35 3c-2.8 0-5 1.5-5 3.6 0 4.8 10 2.4 10 6.8 0 2.1-2.2 3.6-5 3.6-2 0-3.8-.6-5-1.8',
    ],
  },
};

const VIEW_HEIGHT = 20;

export function CarrierLogo({ carrier, height }: { carrier: ShippingCarrier; height: number }) {
  const { name, width, letters } = WORDMARKS[carrier];
  return (
    <svg
      className="carrier-logo"
      role="img"
      aria-label={name}
      height={height}
      width={Math.round((height * width) / VIEW_HEIGHT)}
      viewBox={`0 0 ${width} ${VIEW_HEIGHT}`}
      data-carrier={carrier}
    >
      <g fill="none" stroke="currentColor" strokeWidth="2.4" strokeLinejoin="round">
        {letters.map((d) => (
          <path key={d} d={d} />
        ))}
      </g>
    </svg>
  );
}
