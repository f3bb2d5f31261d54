// Brand logos drawn as inline SVG: the trade-in shop and its sister brand. The box size is the
// country's header logo size (spec §9: width 200, height per country).

import type { ShopMode } from '../../config/hosts';

export function Logo({ mode, width, height, label }: { mode: ShopMode; width: number; height: number; label: string }) {
  const sister = mode === 'agan' || mode === 'aganwidget';
  return (
    <svg
      className="logo"
      role="img"
      aria-label={label}
      width={width}
      height={height}
      viewBox="0 0 200 40"
      preserveAspectRatio="xMinYMid meet"
    >
      {sister ? (
        <>
          <rect x="0" y="4" width="32" height="32" rx="16" fill="#0f766e" />
          <path d="M9 27l7-14 7 14" fill="none" stroke="#fff" strokeWidth="3" strokeLinejoin="round" />
          <text x="40" y="29" fontFamily="system-ui, sans-serif" fontSize="26" fontWeight="700" fill="#0f766e">
            agan
          </text>
        </>
      ) : (
        <>
          <rect x="0" y="4" width="32" height="32" rx="8" fill="#1d4ed8" />
          <path d="M8 21h13m-5-6 6 6-6 6" fill="none" stroke="#fff" strokeWidth="3" strokeLinecap="round" />
          <text x="40" y="29" fontFamily="system-ui, sans-serif" fontSize="24" fontWeight="700" fill="#111827">
            trade<tspan fill="#1d4ed8">in</tspan>
          </text>
        </>
      )}
    </svg>
  );
}
