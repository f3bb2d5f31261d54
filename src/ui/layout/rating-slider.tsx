// The rating seal and review slider (Germany only, spec §1). Slides change every 5 s (spec §9), pause
// while hovered or focused, and follow a swipe of at least 40 px.

import { msg } from '@lingui/core/macro';
import { Plural } from '@lingui/react/macro';
import { useLingui } from '@lingui/react';
import { useEffect, useRef, useState } from 'react';
import { CAROUSEL_INTERVAL_MS, SWIPE_THRESHOLD_PX } from '../../config/constants';

export interface Review {
  readonly author: string;
  readonly stars: number;
  readonly text: string;
}

export function RatingSeal({ average, count, profileUrl }: { average: number; count: number; profileUrl: string }) {
  const rounded = average.toFixed(1);
  return (
    <a className="rating-seal" href={profileUrl} rel="noopener noreferrer" target="_blank">
      <svg aria-hidden="true" width="44" height="44" viewBox="0 0 44 44">
        <circle cx="22" cy="22" r="21" fill="#fbbf24" />
        <path d="M22 9l4 8.5 9.3 1.2-6.8 6.4 1.7 9.2L22 29.8l-8.2 4.5 1.7-9.2-6.8-6.4 9.3-1.2z" fill="#fff" />
      </svg>
      <span>
        <strong>{rounded} / 5</strong> <Plural value={count} one="# review" other="# reviews" />
      </span>
    </a>
  );
}

export function RatingSlider({ reviews }: { reviews: readonly Review[] }) {
  const { i18n } = useLingui();
  const [index, setIndex] = useState(0);
  const [paused, setPaused] = useState(false);
  const touchStart = useRef<number | null>(null);
  const count = reviews.length;

  useEffect(() => {
    if (paused || count < 2) return;
    const timer = setInterval(() => setIndex((i) => (i + 1) % count), CAROUSEL_INTERVAL_MS);
    return () => clearInterval(timer);
  }, [paused, count]);

  if (count === 0) return null;
  const go = (delta: number) => setIndex((i) => (i + delta + count) % count);
  const review = reviews[index] as Review;

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
      <figure aria-live={paused ? 'polite' : 'off'} className="review">
        <div className="stars" role="img" aria-label={i18n._(msg`${review.stars} of 5 stars`)}>
          {'★'.repeat(review.stars)}
          {'☆'.repeat(5 - review.stars)}
        </div>
        <blockquote>{review.text}</blockquote>
        <figcaption>{review.author}</figcaption>
      </figure>
      <button type="button" className="slider-button" onClick={() => go(1)} aria-label={i18n._(msg`Next review`)}>
        ›
      </button>
    </section>
  );
}
