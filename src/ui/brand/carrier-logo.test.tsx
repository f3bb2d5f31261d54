// The carrier wordmark: drawn strokes (no font text, no copied artwork) at the configured height, its
// width following the drawing's proportions, named by the carrier for assistive technology.

import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { COUNTRIES } from '../../config/countries';
import { CarrierLogo } from './carrier-logo';

describe('CarrierLogo', () => {
  it.each([
    ['ups', 36, 'UPS'],
    ['dhl', 20, 'DHL'],
  ] as const)('draws the %s wordmark %i px high as strokes, named %s', (carrier, height, name) => {
    const svg = renderToStaticMarkup(<CarrierLogo carrier={carrier} height={height} />);
    expect(svg).toContain(`height="${height}"`);
    expect(svg).toContain(`aria-label="${name}"`);
    expect(svg).toContain('role="img"');
    // Three letters as paths, no <text> that would depend on the visitor's fonts.
    expect(svg.match(/<path /g)).toHaveLength(3);
    expect(svg).not.toContain('<text');
    const width = Number(/ width="(\d+)"/.exec(svg)?.[1]);
    const [, , viewWidth, viewHeight] = (/viewBox="([^"]+)"/.exec(svg)?.[1] ?? '').split(' ').map(Number);
    expect(width).toBe(Math.round((height * viewWidth!) / viewHeight!));
  });

  it('is configured at the spec heights: 36 px for UPS, 20 px for DHL', () => {
    for (const country of Object.values(COUNTRIES)) {
      expect(country.footerShippingLogo.height).toBe(country.footerShippingLogo.carrier === 'ups' ? 36 : 20);
    }
  });
});
