// Brand logos drawn as inline SVG: the trade-in shop and its sister brand agan (src/config/brands.ts).
// The box size is the country's header logo size (product §9: width 200, height per country); the
// colours are the brand's theme tokens (styles.css, html[data-brand]). Its accessible name is the
// brand's name, and its visible text is that name too (the header link's name contains it: label in name).

import { BRAND_CONFIG, type Brand } from '../../config/brands';

export function Logo({ brand, width, height }: { brand: Brand; width: number; height: number }) {
  return (
    <svg
      className="logo"
      role="img"
      aria-label={BRAND_CONFIG[brand].name}
      width={width}
      height={height}
      viewBox="0 0 200 40"
      preserveAspectRatio="xMinYMid meet"
    >
      {brand === 'agan' ? (
        <>
          <rect className="logo-mark" x="0" y="4" width="32" height="32" rx="16" />
          <path d="M9 27l7-14 7 14" fill="none" stroke="#fff" strokeWidth="3" strokeLinejoin="round" />
          <text className="logo-accent" x="40" y="29" fontFamily="system-ui, sans-serif" fontSize="26" fontWeight="700">
            agan
          </text>
        </>
      ) : (
        <>
          <rect className="logo-mark" x="0" y="4" width="32" height="32" rx="8" />
          <path d="M8 21h13m-5-6 6 6-6 6" fill="none" stroke="#fff" strokeWidth="3" strokeLinecap="round" />
          <text className="logo-ink" x="40" y="29" fontFamily="system-ui, sans-serif" fontSize="24" fontWeight="700">
            trade-<tspan className="logo-accent">in</tspan>
          </text>
        </>
      )}
    </svg>
  );
}
