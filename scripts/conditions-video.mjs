// Makes the conditions video of product §1 from the shop's own condition grades: one language-neutral
// frame per caption (phone pictogram, grade number, condition meter), drawn as SVG and photographed
// with the system Chromium, joined by ffmpeg into WebM and MP4 with a poster; and the WebVTT captions
// per language from the message catalogs. The results are committed under public/video, so neither
// CI nor the build needs ffmpeg.
//
//   node scripts/conditions-video.mjs             captions, frames and video (needs ffmpeg, Chromium)
//   node scripts/conditions-video.mjs --captions  captions only (after a translation changed)

import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { readPo } from './po.mjs';

const OUT = new URL('../public/video/', import.meta.url).pathname;
const WIDTH = 640;
const HEIGHT = 360;

/** The cues of src/ui/offer/conditions-video.tsx (CONDITION_CUES): same times, same English text. */
export const CUES = [
  { start: 0, end: 5, text: 'Four grades describe the condition of your device. Your answers to the questions decide the grade.' },
  {
    start: 5,
    end: 10,
    grade: 1,
    text: 'Like new: no visible scratches on the display or housing, everything works, and the battery has 80 % or more of its capacity.',
  },
  { start: 10, end: 15, grade: 2, text: 'Good: light scratches, visible only at an angle, or fine signs of use. Everything works.' },
  {
    start: 15,
    end: 20,
    grade: 3,
    text: 'Fair: deep scratches, spots, dents or heavy signs of use, or a fault such as a broken camera, speaker or button.',
  },
  {
    start: 20,
    end: 25,
    grade: 4,
    text: 'Defective: a cracked display or back, a bent housing, or the device does not switch on. We still buy it or recycle it for free.',
  },
  {
    start: 25,
    end: 30,
    text: 'A device still linked to your account (Find My or your Google account) cannot be bought: remove it before you send it.',
  },
];

/** Caption languages: the shop's language tags (src/config/locales.ts LANGUAGE_TAG) and their catalog. */
const LANGUAGES = { en: null, de: 'de', 'de-AT': 'de-AT', es: 'es', fr: 'fr', it: 'it' };
const FALLBACK = { 'de-AT': 'de' };

const timestamp = (s) => `00:${String(Math.floor(s / 60)).padStart(2, '0')}:${String(s % 60).padStart(2, '0')}.000`;

function translate(catalog, text) {
  if (catalog === null) return text;
  const own = readPo(catalog).get(text);
  if (own) return own;
  const fallback = FALLBACK[catalog] ? readPo(FALLBACK[catalog]).get(text) : undefined;
  if (!fallback) throw new Error(`no ${catalog} translation of "${text}"; run npm run i18n:extract and translate it first`);
  return fallback;
}

export function captions(catalog) {
  const cues = CUES.map((cue, i) => `${i + 1}\n${timestamp(cue.start)} --> ${timestamp(cue.end)}\n${translate(catalog, cue.text)}\n`);
  return `WEBVTT\n\n${cues.join('\n')}`;
}

const COLOURS = { 1: '#22c55e', 2: '#a3e635', 3: '#f59e0b', 4: '#ef4444' };

/** A phone pictogram at (x, y), scale s, showing the wear of `grade` (0: none drawn). */
function phone(x, y, s, grade) {
  const marks = {
    1: '<path d="M30 40 L52 30" stroke="#e2e8f0" stroke-width="4" stroke-linecap="round" opacity=".45"/>',
    2: '<path d="M24 70 L60 58 M70 150 L96 142" stroke="#cbd5e1" stroke-width="2" stroke-linecap="round" opacity=".8"/>',
    3:
      '<path d="M20 60 L100 40 M26 120 L92 104 M30 170 L84 190" stroke="#f8fafc" stroke-width="3.5" stroke-linecap="round"/>' +
      '<circle cx="78" cy="80" r="9" fill="#94a3b8" opacity=".7"/>' +
      '<path d="M-2 150 q8 10 0 20" stroke="#0f172a" stroke-width="6" fill="none"/>',
    4:
      '<path d="M70 90 L40 40 M70 90 L108 52 M70 90 L20 132 M70 90 L104 168 M70 90 L48 204 M40 40 L26 22 M104 168 L112 200" stroke="#f8fafc" stroke-width="3" fill="none" stroke-linecap="round"/>' +
      '<circle cx="70" cy="90" r="6" fill="#f8fafc"/>',
  };
  return `<g transform="translate(${x} ${y}) scale(${s})">
    <rect x="0" y="0" width="140" height="240" rx="22" fill="#334155" stroke="#94a3b8" stroke-width="4"/>
    <rect x="10" y="14" width="120" height="212" rx="12" fill="${grade === 4 ? '#1e293b' : '#0b3b5b'}"/>
    <rect x="52" y="20" width="36" height="8" rx="4" fill="#334155"/>
    <g transform="translate(10 14)">${marks[grade] ?? ''}</g>
  </g>`;
}

function meter(x, y, grade) {
  const filled = 5 - grade;
  return Array.from(
    { length: 4 },
    (_, i) => `<rect x="${x + i * 58}" y="${y}" width="50" height="18" rx="6" fill="${i < filled ? COLOURS[grade] : '#334155'}"/>`,
  ).join('');
}

function frame(cue) {
  let body;
  if (cue.grade) {
    const g = cue.grade;
    body = `${phone(110, 50, 1.1, g)}
      <circle cx="${g === 4 ? 420 : 420}" cy="140" r="78" fill="${COLOURS[g]}"/>
      <text x="420" y="172" font-size="96" font-weight="700" text-anchor="middle" fill="#0f172a">${g}</text>
      ${meter(305, 250, g)}
      ${g === 4 ? '<g transform="translate(520 60)"><circle r="26" fill="#0f172a" stroke="#f8fafc" stroke-width="4"/><path d="M0 -12 v12 M-10 -6 a14 14 0 1 0 20 0" stroke="#f8fafc" stroke-width="4" fill="none" stroke-linecap="round"/><path d="M-22 22 L22 -22" stroke="#ef4444" stroke-width="5"/></g>' : ''}`;
  } else if (cue.start === 0) {
    body = [1, 2, 3, 4]
      .map(
        (g, i) => `${phone(58 + i * 142, 60, 0.75, g)}
        <circle cx="${110 + i * 142}" cy="275" r="26" fill="${COLOURS[g]}"/>
        <text x="${110 + i * 142}" y="286" font-size="30" font-weight="700" text-anchor="middle" fill="#0f172a">${g}</text>`,
      )
      .join('');
  } else {
    const lock = (x, open, colour) => `<g transform="translate(${x} 175)">
        <path d="${open ? 'M-24 -10 v-26 a24 24 0 0 1 48 0 v-6' : 'M-24 -10 v-26 a24 24 0 0 1 48 0 v26'}" stroke="${colour}" stroke-width="10" fill="none"/>
        <rect x="-40" y="-12" width="80" height="64" rx="10" fill="${colour}"/></g>`;
    body = `${phone(70, 60, 1, 0)}${lock(140, false, '#ef4444')}
      <path d="M260 180 H360 M340 160 L362 180 L340 200" stroke="#f8fafc" stroke-width="8" fill="none" stroke-linecap="round"/>
      ${phone(430, 60, 1, 0)}${lock(500, true, '#22c55e')}`;
  }
  return `<!doctype html><html><body style="margin:0;background:#0f172a">
    <svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${HEIGHT}" viewBox="0 0 ${WIDTH} ${HEIGHT}" font-family="sans-serif">
      <rect width="${WIDTH}" height="${HEIGHT}" fill="#0f172a"/>${body}
    </svg></body></html>`;
}

async function renderVideo() {
  const { chromium } = await import('@playwright/test');
  const dir = mkdtempSync(join(tmpdir(), 'conditions-video-'));
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: ['--no-sandbox'] });
  try {
    const page = await browser.newPage({ viewport: { width: WIDTH, height: HEIGHT } });
    const list = [];
    for (const [i, cue] of CUES.entries()) {
      await page.setContent(frame(cue));
      const file = join(dir, `frame${i}.png`);
      await page.screenshot({ path: file });
      list.push(`file '${file}'`, `duration ${cue.end - cue.start}`);
    }
    // The concat demuxer needs the last frame once more to hold it for its duration.
    list.push(`file '${join(dir, `frame${CUES.length - 1}.png`)}'`);
    writeFileSync(join(dir, 'frames.txt'), `${list.join('\n')}\n`);
    const input = ['-y', '-loglevel', 'error', '-f', 'concat', '-safe', '0', '-i', join(dir, 'frames.txt'), '-vf', 'fps=12,format=yuv420p'];
    execFileSync('ffmpeg', [...input, '-c:v', 'libvpx-vp9', '-b:v', '0', '-crf', '42', '-an', join(OUT, 'conditions.webm')]);
    execFileSync('ffmpeg', [
      ...input,
      '-c:v',
      'libx264',
      '-tune',
      'stillimage',
      '-crf',
      '30',
      '-movflags',
      '+faststart',
      '-an',
      join(OUT, 'conditions.mp4'),
    ]);
    execFileSync('ffmpeg', [
      '-y',
      '-loglevel',
      'error',
      '-i',
      join(dir, 'frame0.png'),
      '-c:v',
      'libwebp',
      '-quality',
      '80',
      join(OUT, 'conditions-poster.webp'),
    ]);
  } finally {
    await browser.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

for (const [tag, catalog] of Object.entries(LANGUAGES)) writeFileSync(join(OUT, `conditions.${tag}.vtt`), captions(catalog));
if (!process.argv.includes('--captions')) {
  await renderVideo();
  for (const name of ['conditions.webm', 'conditions.mp4', 'conditions-poster.webp'])
    console.log(`${name}: ${(statSync(join(OUT, name)).size / 1024).toFixed(1)} KB`);
}
console.log(`captions: ${Object.keys(LANGUAGES).join(', ')}`);
