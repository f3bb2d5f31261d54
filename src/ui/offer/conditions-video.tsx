// The conditions video of product §1 (hasConditionsVideo): a short self-hosted explainer of the four
// condition grades, captions in the page's language, no autoplay, nothing loaded before "play"
// (preload="none"), and the same text next to it. The video and captions are made by
// scripts/conditions-video.mjs from the cues below (a test keeps the captions and the cues equal).

import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react';
import { Trans } from '@lingui/react/macro';
import { useId } from 'react';
import { LANGUAGE_TAG } from '../../config/locales';
import { useShop } from '../shop-context';
import { CONDITION_LABELS } from './conditions';
import '../catalogue/catalogue.css';

export const CONDITIONS_VIDEO = {
  webm: '/video/conditions.webm',
  mp4: '/video/conditions.mp4',
  poster: '/video/conditions-poster.webp',
  width: 640,
  height: 360,
  captions: (languageTag: string) => `/video/conditions.${languageTag}.vtt`,
} as const;

export interface ConditionCue {
  /** Seconds from the start. */
  readonly start: number;
  readonly end: number;
  /** The grade the frame shows, if any. */
  readonly grade?: 1 | 2 | 3 | 4;
  readonly text: MessageDescriptor;
}

/** The captions, one per frame of the video, in order. */
export const CONDITION_CUES: readonly ConditionCue[] = [
  { start: 0, end: 5, text: msg`Four grades describe the condition of your device. Your answers to the questions decide the grade.` },
  {
    start: 5,
    end: 10,
    grade: 1,
    text: msg`Like new: no visible scratches on the display or housing, everything works, and the battery has 80 % or more of its capacity.`,
  },
  {
    start: 10,
    end: 15,
    grade: 2,
    text: msg`Good: light scratches, visible only at an angle, or fine signs of use. Everything works.`,
  },
  {
    start: 15,
    end: 20,
    grade: 3,
    text: msg`Fair: deep scratches, spots, dents or heavy signs of use, or a fault such as a broken camera, speaker or button.`,
  },
  {
    start: 20,
    end: 25,
    grade: 4,
    text: msg`Defective: a cracked display or back, a bent housing, or the device does not switch on. We still buy it or recycle it for free.`,
  },
  {
    start: 25,
    end: 30,
    text: msg`A device still linked to your account (Find My or your Google account) cannot be bought: remove it before you send it.`,
  },
];

export function ConditionsVideo() {
  const { i18n } = useLingui();
  const shop = useShop();
  const headingId = useId();
  const textId = useId();
  if (!shop.country.features.hasConditionsVideo) return null;
  const language = LANGUAGE_TAG[shop.locale];
  const [intro, ...rest] = CONDITION_CUES;
  const grades = rest.filter((cue) => cue.grade !== undefined);
  const outro = rest.filter((cue) => cue.grade === undefined);
  return (
    <section className="conditions-video" aria-labelledby={headingId} data-testid="conditions-video">
      <h2 id={headingId}>
        <Trans>What the condition grades mean</Trans>
      </h2>
      <div className="conditions-video-body">
        <video
          controls
          preload="none"
          playsInline
          poster={CONDITIONS_VIDEO.poster}
          width={CONDITIONS_VIDEO.width}
          height={CONDITIONS_VIDEO.height}
          aria-describedby={textId}
        >
          <source src={CONDITIONS_VIDEO.webm} type="video/webm" />
          <source src={CONDITIONS_VIDEO.mp4} type="video/mp4" />
          <track kind="captions" src={CONDITIONS_VIDEO.captions(language)} srcLang={language} label={i18n._(msg`Captions`)} default />
        </video>
        <div id={textId} className="conditions-text">
          <h3>
            <Trans>Text version</Trans>
          </h3>
          {intro && <p>{i18n._(intro.text)}</p>}
          <dl>
            {grades.map((cue) => (
              <div key={cue.grade}>
                <dt>
                  {cue.grade}. {i18n._(CONDITION_LABELS[cue.grade!])}
                </dt>
                <dd>{i18n._(cue.text)}</dd>
              </div>
            ))}
          </dl>
          {outro.map((cue) => (
            <p key={cue.start}>{i18n._(cue.text)}</p>
          ))}
        </div>
      </div>
    </section>
  );
}
