// The shipping label PDF: an A4 page whose upper half is the label (carrier, sender, our warehouse as
// recipient, the trade number in large text and as a Code 128 barcode) and whose lower half is the
// packing note and a packing slip that goes into the parcel. Home printers print A4 at 100 %.
// The text is DejaVu Sans, embedded (subset), so every European alphabet prints (decision 046);
// addresses wrap at the carrier's line length instead of being cut.

import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import fontkit from '@pdf-lib/fontkit';
import { PDFDocument, type PDFFont, type PDFPage, rgb, type RGB } from '@pdfme/pdf-lib';
import { BRAND_CONFIG, senderOf, type Brand } from '../../src/config/brands';
import { countryConfig, type ShippingCarrier } from '../../src/config/countries';
import type { Locale } from '../../src/config/locales';
import { serverI18n } from '../i18n/catalog';
import { CARRIER_NAMES } from './carriers';
import { code128Bars, QUIET_ZONE_MODULES } from './barcode';
import { warehouseFor, warehouseName } from './warehouses';

export interface LabelSender {
  readonly firstName: string;
  readonly lastName: string;
  readonly street: string;
  readonly houseNumber: string;
  readonly postalCode: string;
  readonly city: string;
}

export interface LabelData {
  readonly tradeNumber: string;
  /** The trade's shop: language, carrier, warehouse and the sender's country. */
  readonly locale: Locale;
  readonly sender: LabelSender;
  /** Device names, in cart order (the packing slip). */
  readonly devices: readonly string[];
  /**
   * 'inbound' (default): the seller's free label to our warehouse. 'return': the label of the devices
   * a seller declined, from our warehouse to the seller's address (decision 025); no packing note.
   */
  readonly direction?: 'inbound' | 'return';
  /** The brand the trade was sold under (decision 033): author, creator and our name on the label. */
  readonly brand?: Brand;
}

/**
 * Characters per address line the carriers' label data take (DHL and UPS name and street lines: 35);
 * a longer name or street goes on over the next line, so the printed label carries what a carrier
 * would key in, in full.
 */
export const CARRIER_LINE_LIMIT = 35;

const require = createRequire(import.meta.url);
let fonts: Promise<{ regular: Uint8Array; bold: Uint8Array }> | undefined;
/** The DejaVu Sans files of the dejavu-fonts-ttf package, read once per process (the label and the erasure certificate). */
export function fontFiles() {
  fonts ??= Promise.all([
    readFile(require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans.ttf')),
    readFile(require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans-Bold.ttf')),
  ]).then(([regular, bold]) => ({ regular, bold }));
  return fonts;
}

const CARRIERS: Readonly<Record<ShippingCarrier, { name: string; band: RGB; ink: RGB }>> = {
  dhl: { name: CARRIER_NAMES.dhl, band: rgb(1, 0.8, 0), ink: rgb(0.83, 0.02, 0.07) },
  ups: { name: CARRIER_NAMES.ups, band: rgb(0.21, 0.11, 0.08), ink: rgb(1, 0.71, 0) },
};

/** The packing note's steps (catalog ids label.packing.1 … 4). */
const PACKING_STEPS = [1, 2, 3, 4] as const;

const A4 = { width: 595.28, height: 841.89 } as const;
const MARGIN = 36;
const BLACK = rgb(0, 0, 0);
const GREY = rgb(0.35, 0.35, 0.35);

/** Street and house number as the country writes them. */
export function streetLine(locale: Locale, street: string, houseNumber: string): string {
  if (locale === 'fr') return `${houseNumber} ${street}`;
  if (locale === 'es') return `${street}, ${houseNumber}`;
  return `${street} ${houseNumber}`;
}

/** Letters that do not decompose into a base letter and accents, spelled the way people write them without. */
const SPELLED: Readonly<Record<string, string>> = {
  Ł: 'L',
  ł: 'l',
  Đ: 'D',
  đ: 'd',
  Ħ: 'H',
  ħ: 'h',
  ı: 'i',
  Ŀ: 'L',
  ŀ: 'l',
  Ŧ: 'T',
  ŧ: 't',
};

/**
 * Text as the embedded font can print it: a letter the font lacks loses its accents (or becomes '?'),
 * other signs (emoji) and control characters go, so no text can break the label. The checkout's
 * postal-text rule (src/contracts/text.ts) admits only what DejaVu Sans prints, so a seller's
 * address passes unchanged.
 */
export function fitCharacters(font: PDFFont): (text: string) => string {
  const supported = new Set(font.getCharacterSet());
  const fits = (text: string) => Array.from(text).every((c) => supported.has(c.codePointAt(0)!));
  return (text) =>
    Array.from(text.normalize('NFC').replace(/[\p{Cc}\p{Cf}\u2028\u2029]/gu, ' '), (char) => {
      if (fits(char)) return char;
      const plain = SPELLED[char] ?? char.normalize('NFD').replace(/\p{M}/gu, '');
      if (plain !== '' && fits(plain)) return plain;
      return /[\p{L}\p{N}]/u.test(char) ? '?' : '';
    }).join('');
}

/**
 * Splits text into lines no wider than `width` and of at most `maxChars` characters; a word longer
 * than a line is split over lines, never cut off.
 */
export function wrap(text: string, font: PDFFont, size: number, width: number, maxChars = Infinity): string[] {
  const fits = (line: string) => Array.from(line).length <= maxChars && font.widthOfTextAtSize(line, size) <= width;
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(/\s+/).filter(Boolean)) {
    const candidate = line ? `${line} ${word}` : word;
    if (fits(candidate)) {
      line = candidate;
      continue;
    }
    if (line) lines.push(line);
    let rest = Array.from(word);
    while (rest.length > 1 && !fits(rest.join(''))) {
      let cut = rest.length - 1;
      while (cut > 1 && !fits(rest.slice(0, cut).join(''))) cut--;
      lines.push(rest.slice(0, cut).join(''));
      rest = rest.slice(cut);
    }
    line = rest.join('');
  }
  if (line) lines.push(line);
  return lines;
}

/** Shortens a single line to `width` with an ellipsis. */
export function clip(text: string, font: PDFFont, size: number, width: number): string {
  if (font.widthOfTextAtSize(text, size) <= width) return text;
  let end = text.length;
  while (end > 0 && font.widthOfTextAtSize(`${text.slice(0, end)}…`, size) > width) end--;
  return `${text.slice(0, end)}…`;
}

export async function renderShippingLabel(data: LabelData): Promise<Uint8Array> {
  const i18n = serverI18n(data.locale);
  const t = (id: string, values?: Record<string, unknown>) => i18n._(`label.${id}`, values);
  const countryName = (code: string) => t(`country.${code}`);
  const country = countryConfig(data.locale);
  const carrier = CARRIERS[country.footerShippingLogo.carrier];
  const warehouse = warehouseFor(data.locale);
  const brand = data.brand ?? 'tradein';
  const ourName = warehouseName(warehouse, brand);
  const returning = data.direction === 'return';
  const title = returning ? t('returnTitle') : t('title');

  const pdf = await PDFDocument.create();
  pdf.setTitle(`${title} ${data.tradeNumber}`);
  pdf.setSubject(data.tradeNumber);
  pdf.setAuthor(senderOf(data.locale, brand).name);
  pdf.setCreator(BRAND_CONFIG[brand].name);
  pdf.setProducer(BRAND_CONFIG[brand].name);
  pdf.setLanguage(country.icuLocale);
  const page = pdf.addPage([A4.width, A4.height]);
  pdf.registerFontkit(fontkit);
  const files = await fontFiles();
  const regular = await pdf.embedFont(files.regular, { subset: true });
  const bold = await pdf.embedFont(files.bold, { subset: true });
  const fit = fitCharacters(regular);
  /** An address's lines as printed: each wrapped at the carrier's line length and at `width`. */
  const addressLines = (lines: readonly string[], size: number, font: PDFFont, width: number) =>
    lines.flatMap((line) => wrap(fit(line), font, size, width, CARRIER_LINE_LIMIT));

  const text = (value: string, x: number, y: number, size: number, font = regular, color = BLACK, maxWidth?: number) => {
    const fitted = fit(value);
    page.drawText(maxWidth ? clip(fitted, font, size, maxWidth) : fitted, { x, y, size, font, color });
  };

  // ── The label: upper half ───────────────────────────────────────────────────────────────────────
  const left = MARGIN;
  const right = A4.width - MARGIN;
  const top = A4.height - MARGIN;
  const bottom = A4.height / 2 + 18;
  const pad = 14;
  page.drawRectangle({ x: left, y: bottom, width: right - left, height: top - bottom, borderColor: BLACK, borderWidth: 1.5 });

  const bandHeight = 46;
  page.drawRectangle({ x: left, y: top - bandHeight, width: right - left, height: bandHeight, color: carrier.band });
  text(carrier.name, left + pad, top - bandHeight + 12, 28, bold, carrier.ink);
  const titleWidth = bold.widthOfTextAtSize(fit(title), 13);
  text(title, right - pad - titleWidth, top - bandHeight + 17, 13, bold, carrier.ink);

  // Sender (left) and trade number (right).
  const columnGap = 16;
  const half = (right - left - 2 * pad - columnGap) / 2;
  const senderX = left + pad;
  const tradeX = senderX + half + columnGap;
  let y = top - bandHeight - 20;
  text(t('from'), senderX, y, 8, regular, GREY);
  text(t('tradeNumber'), tradeX, y, 8, regular, GREY);
  const s = data.sender;
  const sellerLines = [
    `${s.firstName} ${s.lastName}`,
    streetLine(data.locale, s.street, s.houseNumber),
    `${s.postalCode} ${s.city}`,
    countryName(country.countryCode),
  ];
  const warehouseLines = [ourName, warehouse.street, `${warehouse.postalCode} ${warehouse.city}`, countryName(warehouse.countryCode)];
  text(data.tradeNumber, tradeX, y - 24, 22, bold, BLACK, half);
  text(t('devices', { count: data.devices.length }), tradeX, y - 42, 10, regular, GREY, half);

  // A return goes the other way: from our warehouse to the seller. The recipient is large; a long
  // address takes more lines, so the largest sizes at which sender and recipient fit above the
  // barcode are chosen (the recipient's first: the carrier reads it).
  const barcode = { y: bottom + 24, height: 58 };
  const barcodeTop = barcode.y + barcode.height;
  const recipientX = senderX + 24;
  const recipientWidth = right - pad - recipientX;
  const layouts = [17, 15, 13, 11, 10].flatMap((recipientSize) =>
    [10, 9, 8].map((senderSize) => {
      const senderLines = addressLines(returning ? warehouseLines : sellerLines, senderSize, regular, half);
      const recipientLines = addressLines(returning ? sellerLines : warehouseLines, recipientSize, bold, recipientWidth);
      const senderLeading = senderSize * 1.3;
      const recipientLeading = recipientSize * 1.25;
      const ruleY = y - 14 - (Math.max(senderLines.length, 3) - 1) * senderLeading - 12;
      const toY = ruleY - 18;
      const firstRecipientY = toY - recipientSize - 4;
      const lastRecipientY = firstRecipientY - (recipientLines.length - 1) * recipientLeading;
      const fits = lastRecipientY - recipientSize * 0.25 > barcodeTop + 4;
      return { senderSize, senderLeading, senderLines, recipientSize, recipientLeading, recipientLines, ruleY, toY, firstRecipientY, fits };
    }),
  );
  const layout = layouts.find((candidate) => candidate.fits) ?? layouts.at(-1)!;
  layout.senderLines.forEach((line, i) => text(line, senderX, y - 14 - i * layout.senderLeading, layout.senderSize, regular, BLACK));
  page.drawLine({ start: { x: left + pad, y: layout.ruleY }, end: { x: right - pad, y: layout.ruleY }, thickness: 0.75, color: GREY });
  text(t('to'), senderX, layout.toY, 9, regular, GREY);
  layout.recipientLines.forEach((line, i) =>
    text(line, recipientX, layout.firstRecipientY - i * layout.recipientLeading, layout.recipientSize, bold, BLACK),
  );

  // The trade number as a Code 128 barcode, with its quiet zones, centred above the box's bottom.
  drawBarcode(page, data.tradeNumber, { centerX: A4.width / 2, ...barcode, maxWidth: right - left - 2 * pad });
  const humanWidth = regular.widthOfTextAtSize(data.tradeNumber, 11);
  text(data.tradeNumber, A4.width / 2 - humanWidth / 2, bottom + 9, 11);

  // ── The cut line ────────────────────────────────────────────────────────────────────────────────
  const cutY = A4.height / 2;
  page.drawLine({ start: { x: 12, y: cutY }, end: { x: A4.width - 12, y: cutY }, thickness: 0.5, color: GREY, dashArray: [4, 3] });
  text(t('cutHere'), MARGIN, cutY + 4, 7, regular, GREY);

  // ── The packing note and the slip for the parcel: lower half ───────────────────────────────────
  const width = right - left;
  y = cutY - 36;
  if (!returning) {
    text(t('packingTitle'), left, y, 14, bold);
    y -= 20;
  }
  (returning ? [] : PACKING_STEPS)
    .map((n) => t(`packing.${n}`, { carrier: carrier.name }))
    .forEach((step, index) => {
      const lines = wrap(fit(step), regular, 10, width - 16);
      text(`${index + 1}.`, left, y, 10, bold);
      for (const line of lines) {
        text(line, left + 16, y, 10);
        y -= 13;
      }
      y -= 4;
    });

  y -= 12;
  page.drawLine({ start: { x: left, y: y + 8 }, end: { x: right, y: y + 8 }, thickness: 0.5, color: GREY });
  y -= 10;
  text(`${t('slipTitle')} · ${t('tradeNumber')} ${data.tradeNumber}`, left, y, 12, bold, BLACK, width);
  y -= 18;
  for (const line of wrap(fit(`${s.firstName} ${s.lastName}, ${s.postalCode} ${s.city}`), regular, 10, width)) {
    text(line, left, y, 10, regular, GREY);
    y -= 13;
  }
  y -= 3;
  const lineHeight = 13;
  const room = Math.max(0, Math.floor((y - MARGIN) / lineHeight));
  const shown = data.devices.length <= room ? data.devices.length : Math.max(0, room - 1);
  data.devices.slice(0, shown).forEach((name, i) => {
    text(`${i + 1}.`, left, y, 10, regular);
    text(name, left + 22, y, 10, regular, BLACK, width - 22);
    y -= lineHeight;
  });
  if (shown < data.devices.length) text(t('more', { count: data.devices.length - shown }), left + 22, y, 10, regular, GREY);

  return pdf.save({ useObjectStreams: false });
}

function drawBarcode(page: PDFPage, value: string, box: { centerX: number; y: number; height: number; maxWidth: number }) {
  const { bars, modules } = code128Bars(value);
  const total = modules + 2 * QUIET_ZONE_MODULES;
  // 1.2 pt (0.42 mm) per module reads well with any scanner; long numbers get narrower modules.
  const moduleWidth = Math.min(1.2, box.maxWidth / total);
  const startX = box.centerX - (total * moduleWidth) / 2 + QUIET_ZONE_MODULES * moduleWidth;
  for (const bar of bars) {
    page.drawRectangle({ x: startX + bar.x * moduleWidth, y: box.y, width: bar.width * moduleWidth, height: box.height, color: BLACK });
  }
}
