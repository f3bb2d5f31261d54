// The committed captions say, per language and to the second, what the page's cues and their
// translations say (scripts/conditions-video.mjs writes them; run it after changing a cue); the video
// files stay small and exist.

import { readFileSync, statSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { LANGUAGE_TAG, LOCALES } from '../../config/locales';
import { createI18n, loadMessages } from '../../i18n/i18n';
import { CONDITIONS_VIDEO, CONDITION_CUES } from './conditions-video';

const publicFile = (path: string) => new URL(`../../../public${path}`, import.meta.url);

function parseVtt(text: string) {
  expect(text.startsWith('WEBVTT\n')).toBe(true);
  return text
    .split(/\n\n+/)
    .slice(1)
    .filter((block) => block.trim() !== '')
    .map((block) => {
      const [, timing, ...lines] = block.trim().split('\n');
      const [start, end] = timing!.split(' --> ').map((t) => {
        const [h, m, s] = t.split(':').map(Number);
        return h! * 3600 + m! * 60 + s!;
      });
      return { start, end, text: lines.join('\n') };
    });
}

describe.each(LOCALES)('conditions video captions of the %s shop', (locale) => {
  it('match the cues and their translations', async () => {
    const i18n = createI18n(locale, await loadMessages(locale));
    const cues = parseVtt(readFileSync(publicFile(CONDITIONS_VIDEO.captions(LANGUAGE_TAG[locale])), 'utf8'));
    expect(cues).toEqual(CONDITION_CUES.map((cue) => ({ start: cue.start, end: cue.end, text: i18n._(cue.text) })));
  });
});

describe('conditions video files', () => {
  it('exist, together under 2 MB, and the cues cover the video without gaps', () => {
    const sizes = [CONDITIONS_VIDEO.webm, CONDITIONS_VIDEO.mp4, CONDITIONS_VIDEO.poster].map((path) => statSync(publicFile(path)).size);
    for (const size of sizes) expect(size).toBeGreaterThan(1000);
    expect(sizes.reduce((a, b) => a + b, 0)).toBeLessThan(2 * 1024 * 1024);
    CONDITION_CUES.forEach((cue, i) => expect(cue.start).toBe(i === 0 ? 0 : CONDITION_CUES[i - 1]!.end));
  });
});
