// Device pictures: small SVG illustrations generated from the description table in
// data/catalogue/pictures.json (body shape, display cut-out, camera layout, buttons, colour), one per
// picture rule. Served under content-hashed names (/pictures/<name>.<hash>.svg) so browsers cache them
// for a year; the seed gives every device the picture of the first rule its model matches.

import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { z } from 'zod';
import { CATALOGUE_DIR } from '../platform/paths';

const colour = z.string().regex(/^#[0-9a-f]{6}$/i, 'must be #rrggbb');

const phone = z.strictObject({
  kind: z.literal('phone'),
  /** Front: how the display meets the sensors. */
  front: z.enum(['home-button', 'notch', 'island', 'punch-hole', 'waterdrop', 'forehead']),
  /** Back: the camera module. */
  camera: z.enum([
    'single',
    'dual-horizontal',
    'dual-vertical',
    'dual-diagonal',
    'dual-pill',
    'triple-square',
    'square-two',
    'column-three',
    'column-four',
    'bump-left',
    'bar',
    'visor',
    'pill',
    'round-center',
  ]),
  size: z.enum(['compact', 'regular', 'large']).default('regular'),
  form: z.enum(['bar', 'book', 'flip']).default('bar'),
  color: colour,
});
const tablet = z.strictObject({
  kind: z.literal('tablet'),
  front: z.enum(['home-button', 'bezel', 'slim', 'kickstand']),
  size: z.enum(['compact', 'regular', 'large']).default('regular'),
  color: colour,
});
const watch = z.strictObject({ kind: z.literal('watch'), face: z.enum(['square', 'round', 'rugged', 'band']), color: colour });
const laptop = z.strictObject({ kind: z.literal('laptop'), screen: z.enum(['notch', 'bezel', 'thin']), color: colour });
const monitor = z.strictObject({ kind: z.literal('monitor'), panel: z.enum(['flat', 'wide', 'curved']), color: colour });
const camera = z.strictObject({
  kind: z.literal('camera'),
  body: z.enum(['dslr', 'mirrorless', 'compact', 'rangefinder', 'cine']),
  color: colour,
});
const lens = z.strictObject({ kind: z.literal('lens'), barrel: z.enum(['prime', 'zoom', 'tele']), color: colour });
const camcorder = z.strictObject({
  kind: z.literal('camcorder'),
  body: z.enum(['handycam', 'action', 'gimbal', 'dual-lens']),
  color: colour,
});
const consoleSpec = z.strictObject({
  kind: z.literal('console'),
  body: z.enum(['tower', 'slab', 'cube', 'hybrid', 'handheld', 'clamshell', 'headset']),
  color: colour,
  accent: colour.optional(),
});
const audio = z.strictObject({
  kind: z.literal('audio'),
  body: z.enum(['earbuds-stem', 'earbuds', 'headphones', 'speaker', 'soundbar', 'smart-speaker']),
  color: colour,
});

export const PictureSpecSchema = z.discriminatedUnion('kind', [
  phone,
  tablet,
  watch,
  laptop,
  monitor,
  camera,
  lens,
  camcorder,
  consoleSpec,
  audio,
]);
export type PictureSpec = z.infer<typeof PictureSpecSchema>;

const RuleSchema = z.strictObject({
  /** File name stem of the picture (lower-case words). */
  name: z.string().regex(/^[a-z0-9]+(-[a-z0-9]+)*$/),
  /** Category keys the rule applies to. */
  categories: z.array(z.string()).min(1),
  /** Regular expression on "<brand key> <model>", e.g. "^apple iPhone 1[5-6] Pro". */
  match: z.string(),
  picture: PictureSpecSchema,
});
export const PictureTableSchema = z.array(RuleSchema).min(1);
export type PictureRule = z.infer<typeof RuleSchema>;

// ---------------------------------------------------------------------------------------------
// Drawing. viewBox 0 0 96 96; outlines in one dark stroke, bodies in the device colour.

const INK = '#37474f';
const GLASS = '#263238';
const SCREEN = '#b0bec5';

/** Lighter or darker shade of #rrggbb (amount -1..1). */
function shade(hex: string, amount: number): string {
  const n = Number.parseInt(hex.slice(1), 16);
  const channel = (c: number) => Math.round(amount < 0 ? c * (1 + amount) : c + (255 - c) * amount);
  const [r, g, b] = [(n >> 16) & 255, (n >> 8) & 255, n & 255].map(channel) as [number, number, number];
  return `#${((r << 16) | (g << 8) | b).toString(16).padStart(6, '0')}`;
}

const rect = (x: number, y: number, w: number, h: number, r: number, fill: string, extra = '') =>
  `<rect x="${x}" y="${y}" width="${w}" height="${h}" rx="${r}" fill="${fill}"${extra}/>`;
const circle = (cx: number, cy: number, r: number, fill: string, extra = '') =>
  `<circle cx="${cx}" cy="${cy}" r="${r}" fill="${fill}"${extra}/>`;
const lensDot = (cx: number, cy: number, r: number) =>
  circle(cx, cy, r, GLASS, ` stroke="${INK}" stroke-width="1"`) + circle(cx - r / 3, cy - r / 3, r / 4, '#78909c');

function phoneFront(x: number, y: number, w: number, h: number, spec: z.infer<typeof phone>): string {
  const r = spec.front === 'home-button' ? 6 : 7;
  let out = rect(x, y, w, h, r, spec.color, ` stroke="${INK}" stroke-width="1.5"`);
  const cx = x + w / 2;
  if (spec.front === 'home-button') {
    out += rect(x + 2.5, y + 9, w - 5, h - 18, 1, SCREEN);
    out += circle(cx, y + h - 4.5, 2.6, 'none', ` stroke="${INK}" stroke-width="1"`) + rect(cx - 3, y + 4, 6, 1.2, 0.6, INK);
  } else if (spec.front === 'forehead') {
    out += rect(x + 2, y + 6, w - 4, h - 9, 3, SCREEN) + rect(cx - 3, y + 2.5, 6, 1.2, 0.6, INK);
  } else {
    out += rect(x + 1.8, y + 1.8, w - 3.6, h - 3.6, r - 1.5, SCREEN);
    if (spec.front === 'notch')
      out += `<path d="M${cx - 7} ${y + 1.8}h14v1.6a2.4 2.4 0 0 1-2.4 2.4h-9.2a2.4 2.4 0 0 1-2.4-2.4z" fill="${GLASS}"/>`;
    if (spec.front === 'island') out += rect(cx - 4.5, y + 3.5, 9, 2.8, 1.4, GLASS);
    if (spec.front === 'punch-hole') out += circle(cx, y + 4.5, 1.3, GLASS);
    if (spec.front === 'waterdrop') out += `<path d="M${cx - 3} ${y + 1.8}q3 4.5 6 0z" fill="${GLASS}"/>`;
  }
  // Side buttons: volume on the left, power on the right.
  out += rect(x - 1.2, y + h * 0.22, 1.2, h * 0.14, 0.5, INK) + rect(x + w, y + h * 0.26, 1.2, h * 0.12, 0.5, INK);
  return out;
}

function phoneBack(x: number, y: number, w: number, h: number, spec: z.infer<typeof phone>): string {
  const body = shade(spec.color, -0.08);
  let out = rect(x, y, w, h, spec.front === 'home-button' ? 6 : 7, body, ` stroke="${INK}" stroke-width="1.5"`);
  const l = x + 3.5; // left edge of a corner camera module
  const t = y + 3.5;
  const lens = 2.4;
  switch (spec.camera) {
    case 'single':
      out += lensDot(l + 2.5, t + 2.5, lens) + circle(l + 7, t + 2, 0.9, '#fff8e1');
      break;
    case 'dual-horizontal':
      out += rect(l - 0.5, t - 0.5, 13, 6, 3, shade(body, -0.15)) + lensDot(l + 2.5, t + 2.5, lens) + lensDot(l + 9, t + 2.5, lens);
      break;
    case 'dual-vertical':
      out += rect(l - 0.5, t - 0.5, 6, 13, 3, shade(body, -0.15)) + lensDot(l + 2.5, t + 2.5, lens) + lensDot(l + 2.5, t + 9, lens);
      break;
    case 'dual-diagonal':
      out += rect(l - 0.5, t - 0.5, 13, 13, 3.5, shade(body, -0.12)) + lensDot(l + 3, t + 3, lens) + lensDot(l + 9, t + 9, lens);
      break;
    case 'dual-pill':
      out += rect(l, t - 0.5, 6.5, 14, 3.2, shade(body, -0.15)) + lensDot(l + 3.2, t + 3, lens) + lensDot(l + 3.2, t + 9.5, lens);
      break;
    case 'square-two':
      out +=
        rect(l - 0.5, t - 0.5, 13, 13, 3.5, shade(body, -0.12)) +
        lensDot(l + 3, t + 3, lens) +
        lensDot(l + 3, t + 9, lens) +
        circle(l + 9, t + 3, 0.9, '#fff8e1');
      break;
    case 'triple-square':
      out += rect(l - 0.5, t - 0.5, 14, 14, 3.8, shade(body, -0.15));
      out += lensDot(l + 3.2, t + 3.2, 2.7) + lensDot(l + 3.2, t + 10, 2.7) + lensDot(l + 9.8, t + 6.6, 2.7);
      break;
    case 'column-three':
      out += lensDot(l + 2.5, t + 2.5, lens) + lensDot(l + 2.5, t + 8.5, lens) + lensDot(l + 2.5, t + 14.5, lens);
      break;
    case 'column-four':
      out +=
        lensDot(l + 2.5, t + 2.5, lens) +
        lensDot(l + 2.5, t + 8.5, lens) +
        lensDot(l + 2.5, t + 14.5, lens) +
        lensDot(l + 8.5, t + 5.5, 1.7);
      break;
    case 'bump-left':
      out +=
        rect(l - 0.5, t - 0.5, 8, 18, 2.5, GLASS) +
        lensDot(l + 3.5, t + 3, 2.2) +
        lensDot(l + 3.5, t + 8.5, 2.2) +
        lensDot(l + 3.5, t + 14, 2.2);
      break;
    case 'bar':
      out +=
        rect(x + w / 2 - 8, t, 16, 5.5, 2.7, GLASS) +
        lensDot(x + w / 2 - 4.5, t + 2.7, 1.9) +
        lensDot(x + w / 2, t + 2.7, 1.9) +
        lensDot(x + w / 2 + 4.5, t + 2.7, 1.9);
      break;
    case 'visor':
      out += rect(x, y + 9, w, 7, 0, GLASS) + lensDot(x + 6, y + 12.5, 2.2) + lensDot(x + 12, y + 12.5, 2.2);
      break;
    case 'pill':
      out += rect(x + 3, y + 8, w - 6, 7, 3.5, GLASS) + lensDot(x + 8, y + 11.5, 2.2) + lensDot(x + 14, y + 11.5, 2.2);
      break;
    case 'round-center':
      out +=
        circle(x + w / 2, y + 12, 7, GLASS, ` stroke="${INK}" stroke-width="1"`) +
        lensDot(x + w / 2 - 3, y + 10, 1.8) +
        lensDot(x + w / 2 + 3, y + 10, 1.8) +
        lensDot(x + w / 2, y + 15, 1.8);
      break;
  }
  return out;
}

function drawPhone(spec: z.infer<typeof phone>): string {
  const h = { compact: 52, regular: 60, large: 68 }[spec.size];
  const w = Math.round(h * 0.48);
  const y = (96 - h) / 2;
  if (spec.form === 'book') {
    // Opened book-style foldable: the inner display with its crease, beside the closed cover.
    const iw = Math.round(h * 0.86);
    return (
      rect(4, y, iw, h, 5, spec.color, ` stroke="${INK}" stroke-width="1.5"`) +
      rect(6, y + 2, iw - 4, h - 4, 3.5, SCREEN) +
      `<path d="M${4 + iw / 2} ${y + 2}v${h - 4}" stroke="#90a4ae" stroke-width="1"/>` +
      circle(4 + iw * 0.75, y + 5, 1.2, GLASS) +
      phoneBack(96 - 4 - w + 4, y, w - 4, h, spec)
    );
  }
  if (spec.form === 'flip') {
    // Unfolded flip phone (front, hinge line) beside the folded square half with its cover screen.
    const fh = Math.round(h * 0.5);
    return (
      phoneFront(10, y, w, h, { ...spec, front: 'punch-hole' }) +
      `<path d="M11 ${y + h / 2}h${w - 2}" stroke="#90a4ae" stroke-width="1"/>` +
      rect(54, (96 - fh) / 2, w + 4, fh, 6, shade(spec.color, -0.08), ` stroke="${INK}" stroke-width="1.5"`) +
      rect(56, (96 - fh) / 2 + 2, w, fh * 0.62, 4, GLASS) +
      lensDot(60, (96 - fh) / 2 + fh - 6, 2) +
      lensDot(66, (96 - fh) / 2 + fh - 6, 2)
    );
  }
  return phoneFront(48 - w - 4, y, w, h, spec) + phoneBack(52, y, w, h, spec);
}

function drawTablet(spec: z.infer<typeof tablet>): string {
  const w = { compact: 50, regular: 62, large: 72 }[spec.size];
  const h = Math.round(w * 1.33);
  const x = (96 - w) / 2;
  const y = (96 - Math.min(h, 88)) / 2;
  const hh = Math.min(h, 88);
  let out = rect(x, y, w, hh, 6, spec.color, ` stroke="${INK}" stroke-width="1.5"`);
  if (spec.front === 'home-button')
    out +=
      rect(x + 4, y + 9, w - 8, hh - 18, 1, SCREEN) +
      circle(48, y + hh - 4.5, 2.6, 'none', ` stroke="${INK}" stroke-width="1"`) +
      circle(48, y + 4.5, 1, GLASS);
  else if (spec.front === 'bezel') out += rect(x + 4.5, y + 5, w - 9, hh - 10, 2.5, SCREEN) + circle(48, y + 2.6, 0.9, GLASS);
  else if (spec.front === 'kickstand')
    out +=
      rect(x + 3.5, y + 3.5, w - 7, hh - 7, 3, SCREEN) +
      `<path d="M${x + 6} ${y + hh}l-4 5h${w - 4}l-4-5" fill="${shade(spec.color, -0.15)}" stroke="${INK}" stroke-width="1"/>`;
  else out += rect(x + 3, y + 3, w - 6, hh - 6, 4, SCREEN) + circle(48, y + 1.6, 0.8, GLASS);
  return out + rect(x + w - 10, y - 1.2, 7, 1.2, 0.5, INK);
}

function drawWatch(spec: z.infer<typeof watch>): string {
  const band = shade(spec.color, -0.25);
  let out = rect(36, 4, 24, 88, 6, band, ` stroke="${INK}" stroke-width="1.2"`);
  if (spec.face === 'band')
    return out + rect(38, 30, 20, 36, 9, spec.color, ` stroke="${INK}" stroke-width="1.5"`) + rect(41, 36, 14, 24, 6, GLASS);
  if (spec.face === 'square') {
    out +=
      rect(28, 26, 40, 46, 11, spec.color, ` stroke="${INK}" stroke-width="1.5"`) +
      rect(31.5, 29.5, 33, 39, 8, GLASS) +
      rect(68, 36, 4, 9, 2, shade(spec.color, -0.1), ` stroke="${INK}" stroke-width="1"`) +
      rect(68.5, 50, 2, 10, 1, INK);
    return out + `<path d="M40 44h16M40 50h11" stroke="#80cbc4" stroke-width="2" stroke-linecap="round"/>`;
  }
  const r = spec.face === 'rugged' ? 24 : 22;
  out += circle(48, 49, r, spec.color, ` stroke="${INK}" stroke-width="1.5"`);
  if (spec.face === 'rugged')
    for (const a of [30, 150, 210, 330])
      out += circle(48 + Math.round(Math.cos((a * Math.PI) / 180) * 25), 49 + Math.round(Math.sin((a * Math.PI) / 180) * 25), 2.5, INK);
  out += circle(48, 49, r - 5, GLASS) + `<path d="M48 49V36M48 49l8 5" stroke="#eceff1" stroke-width="1.6" stroke-linecap="round"/>`;
  return out + rect(48 + r - 1, 45, 4, 8, 1.5, INK);
}

function drawLaptop(spec: z.infer<typeof laptop>): string {
  let out = rect(14, 18, 68, 46, 3.5, spec.color, ` stroke="${INK}" stroke-width="1.5"`);
  const inset = spec.screen === 'bezel' ? 4.5 : 2.2;
  out += rect(14 + inset, 18 + inset, 68 - 2 * inset, 46 - 2 * inset - (spec.screen === 'bezel' ? 2 : 0), 1.5, SCREEN);
  if (spec.screen === 'notch') out += rect(44, 20.2, 8, 3, 1.2, GLASS);
  else out += circle(48, 18 + inset / 2, 0.8, GLASS);
  out +=
    `<path d="M6 66h84l-4 6H10z" fill="${shade(spec.color, -0.1)}" stroke="${INK}" stroke-width="1.5" stroke-linejoin="round"/>` +
    rect(42, 66, 12, 2, 1, shade(spec.color, -0.3));
  return out;
}

function drawMonitor(spec: z.infer<typeof monitor>): string {
  const [x, w] = spec.panel === 'flat' ? [12, 72] : [4, 88];
  const body =
    spec.panel === 'curved'
      ? `<path d="M${x} 20q44 -8 ${w} 0v38q-44 -8 -${w} 0z" fill="${spec.color}" stroke="${INK}" stroke-width="1.5"/><path d="M${x + 3} 23q41 -7 ${w - 6} 0v32q-41 -7 -${w - 6} 0z" fill="${SCREEN}"/>`
      : rect(x, 16, w, spec.panel === 'wide' ? 38 : 46, 2, spec.color, ` stroke="${INK}" stroke-width="1.5"`) +
        rect(x + 2.5, 18.5, w - 5, (spec.panel === 'wide' ? 38 : 46) - 7, 1, SCREEN);
  const foot = spec.panel === 'flat' ? 62 : 54;
  return (
    body +
    `<path d="M44 ${foot}h8l2 ${80 - foot}h-12z" fill="${shade(spec.color, -0.15)}" stroke="${INK}" stroke-width="1.2"/>` +
    rect(32, 80, 32, 4, 2, shade(spec.color, -0.15), ` stroke="${INK}" stroke-width="1.2"`)
  );
}

function drawCamera(spec: z.infer<typeof camera>): string {
  const body = spec.color;
  const dark = shade(body, -0.35);
  switch (spec.body) {
    case 'dslr':
      return (
        `<path d="M10 34h20l5-9h22l5 9h24v42H10z" fill="${body}" stroke="${INK}" stroke-width="1.5" stroke-linejoin="round"/>` +
        rect(10, 34, 13, 42, 4, dark) +
        circle(50, 56, 17, dark, ` stroke="${INK}" stroke-width="1.5"`) +
        lensDot(50, 56, 10) +
        rect(70, 28, 9, 4, 1.5, INK)
      );
    case 'mirrorless':
      return (
        `<path d="M12 38h22l4-8h16l4 8h26v36H12z" fill="${body}" stroke="${INK}" stroke-width="1.5" stroke-linejoin="round"/>` +
        rect(12, 38, 12, 36, 4, dark) +
        circle(50, 58, 14, dark, ` stroke="${INK}" stroke-width="1.5"`) +
        lensDot(50, 58, 8.5) +
        rect(70, 33, 8, 4, 1.5, INK)
      );
    case 'compact':
      return (
        rect(18, 34, 60, 36, 6, body, ` stroke="${INK}" stroke-width="1.5"`) +
        circle(48, 53, 13, dark, ` stroke="${INK}" stroke-width="1.5"`) +
        lensDot(48, 53, 7.5) +
        rect(62, 30, 9, 4, 1.5, INK) +
        circle(26, 41, 2, '#fff8e1')
      );
    case 'rangefinder':
      return (
        rect(12, 32, 72, 40, 5, body, ` stroke="${INK}" stroke-width="1.5"`) +
        rect(12, 32, 72, 10, 5, shade(body, 0.35)) +
        circle(48, 58, 12, dark, ` stroke="${INK}" stroke-width="1.5"`) +
        lensDot(48, 58, 7) +
        rect(18, 35, 10, 5, 1, GLASS) +
        rect(68, 35, 9, 5, 1, GLASS)
      );
    case 'cine':
      return (
        rect(16, 28, 50, 46, 4, body, ` stroke="${INK}" stroke-width="1.5"`) +
        rect(22, 20, 30, 8, 2, dark) +
        circle(66, 51, 15, dark, ` stroke="${INK}" stroke-width="1.5"`) +
        lensDot(70, 51, 9) +
        rect(20, 36, 14, 10, 1.5, GLASS)
      );
  }
}

function drawLens(spec: z.infer<typeof lens>): string {
  const [len, r] = ({ prime: [34, 18], zoom: [50, 17], tele: [72, 15] } as const)[spec.barrel];
  const x = (96 - len) / 2;
  const ring = shade(spec.color, 0.25);
  let out = rect(x, 48 - r, len, 2 * r, 4, spec.color, ` stroke="${INK}" stroke-width="1.5"`);
  out += rect(x + len * 0.25, 48 - r, len * 0.22, 2 * r, 1, ring) + rect(x + len * 0.6, 48 - r, len * 0.12, 2 * r, 1, ring);
  if (spec.barrel !== 'prime') out += rect(x + len * 0.55, 48 - r - 0.5, 1.5, 2 * r + 1, 0.5, '#c62828');
  return (
    out +
    `<ellipse cx="${x + len}" cy="48" rx="5" ry="${r - 1}" fill="${GLASS}" stroke="${INK}" stroke-width="1.2"/>` +
    rect(x - 4, 48 - r + 3, 5, 2 * r - 6, 1.5, shade(spec.color, -0.3))
  );
}

function drawCamcorder(spec: z.infer<typeof camcorder>): string {
  const body = spec.color;
  switch (spec.body) {
    case 'handycam':
      return (
        rect(22, 34, 50, 28, 8, body, ` stroke="${INK}" stroke-width="1.5"`) +
        rect(66, 38, 16, 20, 4, shade(body, -0.3)) +
        `<ellipse cx="82" cy="48" rx="3.5" ry="9" fill="${GLASS}"/>` +
        rect(10, 30, 14, 20, 2, shade(body, -0.2), ` stroke="${INK}" stroke-width="1.2"`) +
        rect(12, 32, 10, 16, 1, SCREEN) +
        rect(30, 62, 30, 6, 3, shade(body, -0.3))
      );
    case 'action':
      return (
        rect(24, 28, 48, 38, 6, body, ` stroke="${INK}" stroke-width="1.5"`) +
        rect(46, 32, 22, 22, 4, GLASS) +
        lensDot(57, 43, 7) +
        rect(28, 32, 14, 10, 2, SCREEN) +
        rect(56, 24, 10, 4, 1.5, '#c62828')
      );
    case 'gimbal':
      return (
        rect(40, 44, 16, 46, 7, body, ` stroke="${INK}" stroke-width="1.5"`) +
        rect(36, 12, 24, 30, 6, shade(body, -0.2), ` stroke="${INK}" stroke-width="1.5"`) +
        lensDot(48, 24, 6) +
        rect(43, 52, 10, 14, 2, SCREEN)
      );
    case 'dual-lens':
      return (
        rect(36, 8, 24, 80, 10, body, ` stroke="${INK}" stroke-width="1.5"`) +
        circle(48, 24, 9, GLASS, ` stroke="${INK}" stroke-width="1.2"`) +
        circle(46, 22, 2.5, '#78909c') +
        rect(41, 40, 14, 12, 2, SCREEN) +
        circle(48, 62, 3, shade(body, -0.3))
      );
  }
}

function drawConsole(spec: z.infer<typeof consoleSpec>): string {
  const c = spec.color;
  const accent = spec.accent ?? shade(c, -0.5);
  switch (spec.body) {
    case 'tower':
      return (
        `<path d="M30 8q-8 40 0 80h14V8z" fill="${c}" stroke="${INK}" stroke-width="1.5"/>` +
        rect(42, 10, 12, 76, 2, accent, ` stroke="${INK}" stroke-width="1.2"`) +
        `<path d="M54 8h12q8 40 0 80H54z" fill="${c}" stroke="${INK}" stroke-width="1.5"/>` +
        rect(30, 88, 36, 3, 1.5, INK)
      );
    case 'slab':
      return (
        `<path d="M12 36l8-10h56l8 10v26l-8 10H20l-8-10z" fill="${c}" stroke="${INK}" stroke-width="1.5" stroke-linejoin="round"/>` +
        rect(16, 47, 64, 3, 1.5, accent) +
        circle(72, 58, 2, '#4fc3f7')
      );
    case 'cube':
      return (
        rect(26, 14, 44, 72, 4, c, ` stroke="${INK}" stroke-width="1.5"`) +
        circle(48, 22, 9, accent) +
        circle(48, 22, 5, shade(c, -0.2)) +
        rect(30, 78, 8, 2, 1, INK)
      );
    case 'hybrid':
      return (
        rect(8, 30, 14, 36, 7, spec.accent ?? '#29b6f6', ` stroke="${INK}" stroke-width="1.2"`) +
        rect(22, 28, 52, 40, 2, c, ` stroke="${INK}" stroke-width="1.5"`) +
        rect(25, 31, 46, 34, 1, SCREEN) +
        rect(74, 30, 14, 36, 7, spec.accent === undefined ? '#ef5350' : spec.accent, ` stroke="${INK}" stroke-width="1.2"`) +
        circle(15, 40, 2.5, INK) +
        circle(81, 54, 2.5, INK)
      );
    case 'handheld':
      return (
        rect(6, 30, 84, 38, 14, c, ` stroke="${INK}" stroke-width="1.5"`) +
        rect(26, 33, 44, 32, 2, GLASS) +
        rect(28, 35, 40, 28, 1, SCREEN) +
        `<path d="M13 47h8M17 43v8" stroke="${INK}" stroke-width="2.4" stroke-linecap="round"/>` +
        circle(80, 44, 2, INK) +
        circle(80, 52, 2, INK) +
        circle(76, 48, 2, INK) +
        circle(84, 48, 2, INK)
      );
    case 'clamshell':
      return (
        rect(24, 12, 48, 36, 4, c, ` stroke="${INK}" stroke-width="1.5"`) +
        rect(29, 16, 38, 28, 1, SCREEN) +
        rect(24, 50, 48, 36, 4, shade(c, -0.1), ` stroke="${INK}" stroke-width="1.5"`) +
        rect(39, 54, 18, 14, 1, SCREEN) +
        `<path d="M29 60h7M32.5 56.5v7" stroke="${INK}" stroke-width="2" stroke-linecap="round"/>` +
        circle(64, 58, 1.8, INK) +
        circle(64, 64, 1.8, INK)
      );
    case 'headset':
      return (
        `<path d="M14 40q0-10 10-10h48q10 0 10 10v16q0 10-10 10H58l-5-6h-10l-5 6H24q-10 0-10-10z" fill="${c}" stroke="${INK}" stroke-width="1.5"/>` +
        rect(20, 36, 56, 18, 6, accent) +
        `<path d="M14 44H6M90 44h-8" stroke="${INK}" stroke-width="3" stroke-linecap="round"/>`
      );
  }
}

function drawAudio(spec: z.infer<typeof audio>): string {
  const c = spec.color;
  const dark = shade(c, -0.3);
  switch (spec.body) {
    case 'earbuds-stem':
      return (
        rect(26, 52, 44, 34, 12, c, ` stroke="${INK}" stroke-width="1.5"`) +
        `<path d="M26 62h44" stroke="#b0bec5"/>` +
        circle(36, 24, 8, c, ` stroke="${INK}" stroke-width="1.5"`) +
        rect(33, 26, 6, 22, 3, c, ` stroke="${INK}" stroke-width="1.5"`) +
        circle(60, 24, 8, c, ` stroke="${INK}" stroke-width="1.5"`) +
        rect(57, 26, 6, 22, 3, c, ` stroke="${INK}" stroke-width="1.5"`) +
        circle(38, 22, 3, dark) +
        circle(58, 22, 3, dark)
      );
    case 'earbuds':
      return (
        rect(22, 50, 52, 34, 16, c, ` stroke="${INK}" stroke-width="1.5"`) +
        `<path d="M22 64h52" stroke="#b0bec5"/>` +
        circle(34, 28, 11, c, ` stroke="${INK}" stroke-width="1.5"`) +
        circle(34, 28, 5, dark) +
        circle(62, 28, 11, c, ` stroke="${INK}" stroke-width="1.5"`) +
        circle(62, 28, 5, dark)
      );
    case 'headphones':
      return (
        `<path d="M20 56V44a28 28 0 0 1 56 0v12" fill="none" stroke="${dark}" stroke-width="6" stroke-linecap="round"/>` +
        rect(12, 50, 18, 32, 8, c, ` stroke="${INK}" stroke-width="1.5"`) +
        rect(66, 50, 18, 32, 8, c, ` stroke="${INK}" stroke-width="1.5"`) +
        rect(26, 54, 6, 24, 3, dark) +
        rect(64, 54, 6, 24, 3, dark)
      );
    case 'speaker':
      return (
        rect(14, 30, 68, 38, 18, c, ` stroke="${INK}" stroke-width="1.5"`) +
        circle(32, 49, 10, dark) +
        circle(64, 49, 10, dark) +
        rect(40, 44, 16, 10, 5, shade(c, 0.2))
      );
    case 'soundbar':
      return (
        rect(4, 40, 88, 18, 7, c, ` stroke="${INK}" stroke-width="1.5"`) +
        `<path d="M10 45h76M10 49h76M10 53h76" stroke="${dark}" stroke-width="1" stroke-dasharray="1.5 1.5"/>` +
        circle(48, 43, 1.2, '#fff')
      );
    case 'smart-speaker':
      return (
        rect(30, 16, 36, 66, 12, c, ` stroke="${INK}" stroke-width="1.5"`) +
        `<path d="M34 34h28M34 40h28M34 46h28M34 52h28M34 58h28M34 64h28" stroke="${dark}" stroke-width="1" stroke-dasharray="1.5 1.5"/>` +
        circle(48, 24, 3.5, shade(c, -0.15))
      );
  }
}

/** The SVG of one picture spec (no title: the page's `alt` names the device). */
export function renderPicture(spec: PictureSpec): string {
  const body = (() => {
    switch (spec.kind) {
      case 'phone':
        return drawPhone(spec);
      case 'tablet':
        return drawTablet(spec);
      case 'watch':
        return drawWatch(spec);
      case 'laptop':
        return drawLaptop(spec);
      case 'monitor':
        return drawMonitor(spec);
      case 'camera':
        return drawCamera(spec);
      case 'lens':
        return drawLens(spec);
      case 'camcorder':
        return drawCamcorder(spec);
      case 'console':
        return drawConsole(spec);
      case 'audio':
        return drawAudio(spec);
    }
  })();
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 96 96" width="96" height="96">${body}</svg>`;
}

// ---------------------------------------------------------------------------------------------
// The picture set: every rule rendered, named by content hash, and the lookup for the seed.

export const PICTURE_PREFIX = '/pictures/';

export interface Picture {
  readonly name: string;
  /** Hashed file name, e.g. "iphone-15-pro.3f9a0c1b2d.svg". */
  readonly file: string;
  readonly path: string;
  readonly svg: string;
}

export class PictureSet {
  private readonly byFile = new Map<string, Picture>();
  private readonly rules: { readonly rule: PictureRule; readonly pattern: RegExp; readonly picture: Picture }[] = [];

  constructor(table: readonly PictureRule[]) {
    const byName = new Map<string, Picture>();
    for (const rule of table) {
      let picture = byName.get(rule.name);
      if (!picture) {
        const svg = renderPicture(rule.picture);
        const hash = createHash('sha256').update(svg).digest('hex').slice(0, 10);
        const file = `${rule.name}.${hash}.svg`;
        picture = { name: rule.name, file, path: `${PICTURE_PREFIX}${file}`, svg };
        byName.set(rule.name, picture);
        this.byFile.set(file, picture);
      } else if (picture.svg !== renderPicture(rule.picture)) {
        throw new Error(`pictures.json: rules named ${rule.name} describe different pictures`);
      }
      this.rules.push({ rule, pattern: new RegExp(rule.match), picture });
    }
  }

  /** The picture of a model: the first rule of its category whose pattern matches "<brand key> <model>". */
  pictureOf(category: string, brandKey: string, model: string): Picture | undefined {
    const subject = `${brandKey} ${model}`;
    return this.rules.find(({ rule, pattern }) => rule.categories.includes(category) && pattern.test(subject))?.picture;
  }

  file(name: string): Picture | undefined {
    return this.byFile.get(name);
  }

  all(): Picture[] {
    return [...this.byFile.values()];
  }

  /** Changes whenever any picture's content changes (part of the seed checksum). */
  digest(): string {
    const hash = createHash('sha256');
    for (const p of this.byFile.values()) hash.update(p.file).update('\0');
    return hash.digest('hex');
  }
}

export const PICTURES_FILE = 'pictures.json';

export function loadPictureTable(dir: string = CATALOGUE_DIR): PictureRule[] {
  const parsed = PictureTableSchema.safeParse(JSON.parse(readFileSync(join(dir, PICTURES_FILE), 'utf8')));
  if (!parsed.success)
    throw new Error(`${PICTURES_FILE}: ${parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')}`);
  return parsed.data;
}

let shared: PictureSet | undefined;
/** The picture set of the seed catalogue (built once per process). */
export function seedPictures(): PictureSet {
  shared ??= new PictureSet(loadPictureTable());
  return shared;
}
