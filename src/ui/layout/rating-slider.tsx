// The rating seal and review slider (Germany only, product §1). Slides change every 5 s (product §9) unless
// the visitor paused them (a button), prefers reduced motion, or hovers or focuses the slider; they
// follow a swipe of at least 40 px. Changing slides never moves focus.

import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import { Plural } from '@lingui/react/macro';
import { useLingui } from '@lingui/react';
import { useEffect, useRef, useState, useSyncExternalStore } from 'react';
import { CAROUSEL_INTERVAL_MS, SWIPE_THRESHOLD_PX } from '../../config/constants';
import type { PublicReview } from '../../contracts/reviews';
import { formatNumber } from '../../i18n/format';
import { useShop } from '../shop-context';

type Review = PublicReview;

const COUNTRY_NAMES: Record<string, MessageDescriptor> = {
  default: msg`International`,
  de: msg`Germany`,
  at: msg`Austria`,
  es: msg`Spain`,
  fr: msg`France`,
  it: msg`Italy`,
};

/** The shop's own seal: the average of its approved reviews of paid trades (no third party's). */
export function RatingSeal({ average, count }: { average: number; count: number }) {
  const { i18n } = useLingui();
  const rounded = formatNumber(useShop().locale, average, 1);
  return (
    <p className="rating-seal">
      <svg aria-hidden="true" width="44" height="44" viewBox="0 0 44 44">
        <circle cx="22" cy="22" r="21" fill="#b45309" />
        <path d="M22 9l4 8.5 9.3 1.2-6.8 6.4 1.7 9.2L22 29.8l-8.2 4.5 1.7-9.2-6.8-6.4 9.3-1.2z" fill="#fff" />
      </svg>
      <span>
        <strong>{i18n._(msg`${rounded} of 5 stars`)}</strong> <Plural value={count} one="# verified review" other="# verified reviews" />
        <small>{i18n._(msg`From sellers of paid trades`)}</small>
      </span>
    </p>
  );
}

export function RatingSlider({ reviews }: { reviews: readonly Review[] }) {
  const { i18n } = useLingui();
  const [index, setIndex] = useState(0);
  // Hover or focus pause for a moment; the button pauses until pressed again.
  const [paused, setPaused] = useState(false);
  const [stopped, setStopped] = useState(false);
  const reducedMotion = usePrefersReducedMotion();
  const touchStart = useRef<number | null>(null);
  const count = reviews.length;
  const rotating = !stopped && !reducedMotion && count > 1;

  useEffect(() => {
    if (!rotating || paused) return;
    const timer = setInterval(() => setIndex((i) => (i + 1) % count), CAROUSEL_INTERVAL_MS);
    return () => clearInterval(timer);
  }, [rotating, paused, count]);

  if (count === 0) return null;
  const go = (delta: number) => setIndex((i) => (i + delta + count) % count);
  const review = reviews[index] as Review;
  const countryName = (locale: string) => (COUNTRY_NAMES[locale] ? i18n._(COUNTRY_NAMES[locale]) : '');

  return (
    <section
      className="rating-slider"
      aria-roledescription={i18n._(msg`carousel`)}
      aria-label={i18n._(msg`Customer reviews`)}
      onMouseEnter={() => setPaused(true)}
      onMouseLeave={() => setPaused(false)}
      onFocus={() => setPaused(true)}
      onBlur={() => setPaused(false)}
      onTouchStart={(e) => {
        touchStart.current = e.touches[0]?.clientX ?? null;
      }}
      onTouchEnd={(e) => {
        const start = touchStart.current;
        const end = e.changedTouches[0]?.clientX;
        touchStart.current = null;
        if (start === null || end === undefined || Math.abs(end - start) < SWIPE_THRESHOLD_PX) return;
        go(end < start ? 1 : -1);
      }}
    >
      <button type="button" className="slider-button" onClick={() => go(-1)} aria-label={i18n._(msg`Previous review`)}>
        ‹
      </button>
      {count > 1 && !reducedMotion && (
        <button type="button" className="slider-button slider-pause" aria-pressed={stopped} onClick={() => setStopped((s) => !s)}>
          {stopped ? i18n._(msg`Play`) : i18n._(msg`Pause`)}
        </button>
      )}
      <figure aria-live={rotating && !paused ? 'off' : 'polite'} className="review">
        <div className="stars" role="img" aria-label={i18n._(msg`${review.stars} of 5 stars`)}>
          {'★'.repeat(review.stars)}
          {'☆'.repeat(5 - review.stars)}
        </div>
        <blockquote>{review.text}</blockquote>
        <figcaption>
          {review.author} · {countryName(review.locale)} · {i18n._(msg`Verified trade`)}
        </figcaption>
      </figure>
      <button type="button" className="slider-button" onClick={() => go(1)} aria-label={i18n._(msg`Next review`)}>
        ›
      </button>
    </section>
  );
}

const REDUCED_MOTION = '(prefers-reduced-motion: reduce)';

/** Whether the visitor asked for less motion (server render: no, the client corrects it on hydration). */
function usePrefersReducedMotion(): boolean {
  return useSyncExternalStore(
    (onChange) => {
      const query = window.matchMedia(REDUCED_MOTION);
      query.addEventListener('change', onChange);
      return () => query.removeEventListener('change', onChange);
    },
    () => window.matchMedia(REDUCED_MOTION).matches,
    () => false,
  );
}
