// @vitest-environment happy-dom
// The review slider: rotates every CAROUSEL_INTERVAL_MS, a Pause button stops it (and Play starts it
// again), it never rotates under prefers-reduced-motion, and rotating never moves the focus.

import { I18nProvider } from '@lingui/react';
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CAROUSEL_INTERVAL_MS } from '../../config/constants';
import type { PublicReview } from '../../contracts/reviews';
import { createI18n } from '../../i18n/i18n';
import { makeShop, ShopProvider } from '../shop-context';
import { RatingSlider } from './rating-slider';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const review = (n: number): PublicReview => ({
  author: `Seller ${n}`,
  stars: 5,
  text: `Review ${n}`,
  locale: 'de',
  date: '2026-11-01T00:00:00Z',
});
const REVIEWS = [review(1), review(2), review(3)];

let root: Root;
let host: HTMLElement;
let reducedMotion = false;

beforeEach(() => {
  vi.useFakeTimers();
  reducedMotion = false;
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: query.includes('reduce') && reducedMotion,
    addEventListener: () => {},
    removeEventListener: () => {},
  }));
  host = document.createElement('div');
  document.body.append(host);
  root = createRoot(host);
});
afterEach(() => {
  act(() => root.unmount());
  host.remove();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

function render() {
  const shop = makeShop({ locale: 'default', mode: 'default', languageSwitchable: false });
  act(() =>
    root.render(
      <I18nProvider i18n={createI18n('default', {})}>
        <ShopProvider shop={shop}>
          <RatingSlider reviews={REVIEWS} />
        </ShopProvider>
      </I18nProvider>,
    ),
  );
}
const quote = () => host.querySelector('blockquote')?.textContent;
const button = (name: string) => [...host.querySelectorAll('button')].find((b) => b.textContent === name);
const tick = () => act(() => vi.advanceTimersByTime(CAROUSEL_INTERVAL_MS));

describe('review slider', () => {
  it('rotates, stops on Pause and rotates again on Play, without moving the focus', () => {
    render();
    const outside = document.createElement('button');
    document.body.append(outside);
    outside.focus();
    expect(quote()).toBe('Review 1');
    tick();
    expect(quote()).toBe('Review 2');
    expect(document.activeElement).toBe(outside);
    act(() => button('Pause')!.click());
    expect(button('Play')?.getAttribute('aria-pressed')).toBe('true');
    tick();
    tick();
    expect(quote()).toBe('Review 2');
    act(() => button('Play')!.click());
    tick();
    expect(quote()).toBe('Review 3');
    outside.remove();
  });

  it('does not rotate under prefers-reduced-motion, and the arrows still work', () => {
    reducedMotion = true;
    render();
    tick();
    tick();
    expect(quote()).toBe('Review 1');
    expect(button('Pause')).toBeUndefined();
    act(() => host.querySelector<HTMLButtonElement>('button[aria-label="Next review"]')!.click());
    expect(quote()).toBe('Review 2');
  });
});
