import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import fontkit from '@pdf-lib/fontkit';
import { PDFDocument } from '@pdfme/pdf-lib';
import { describe, expect, it } from 'vitest';
import { LOCALES } from '../../src/config/locales';
import { readCode128 } from '../test-support/code128';
import { isPostalText } from '../../src/contracts/text';
import { TEXT_LIMITS } from '../../src/contracts/trades';
import { CARRIER_LINE_LIMIT, renderShippingLabel, type LabelData } from './label';
import { WAREHOUSES } from './warehouses';
import { pageContent, pageTexts } from '../test-support/pdf';

const DATA: LabelData = {
  tradeNumber: 'TR-2026-000123',
  locale: 'de',
  sender: { firstName: 'Erika', lastName: 'Mustermann', street: 'Heidestraße', houseNumber: '17', postalCode: '51147', city: 'Köln' },
  devices: ['Apple iPhone 13 128 GB', 'Sony PlayStation 5 Digital Edition'],
};

/** Everything the label's first page says, one drawn string a line. */
const labelText = async (data: LabelData) => pageTexts((await PDFDocument.load(await renderShippingLabel(data))).getPage(0)).join('\n');

describe('renderShippingLabel', () => {
  it('is a valid one-page A4 PDF with the trade number as text and in its title', async () => {
    const bytes = await renderShippingLabel(DATA);
    expect(Buffer.from(bytes.subarray(0, 5)).toString('latin1')).toBe('%PDF-');
    expect(Buffer.from(bytes.subarray(-6)).toString('latin1')).toContain('%%EOF');
    const pdf = await PDFDocument.load(bytes, { updateMetadata: false });
    expect(pdf.getPageCount()).toBe(1);
    const page = pdf.getPage(0);
    expect(page.getWidth()).toBeCloseTo(595.28);
    expect(page.getHeight()).toBeCloseTo(841.89);
    expect(pdf.getTitle()).toBe('Kostenloses Versandetikett TR-2026-000123');
    expect(pageTexts(page)).toContain('TR-2026-000123');
  });

  it('shows sender, warehouse, carrier, devices and the packing note in the trade language', async () => {
    const text = await labelText(DATA);
    for (const line of [
      'Erika Mustermann',
      'Heidestraße 17',
      '51147 Köln',
      'trade-in Wareneingang',
      'Industriestraße 12',
      '04109 Leipzig',
      'DHL',
      'Absender',
      'Empfänger',
      '2 Geräte',
      'Apple iPhone 13 128 GB',
    ]) {
      expect(text, line).toContain(line);
    }
    expect(text).toContain('Verpacken');
  });

  it('draws a return label from the warehouse to the seller, titled as one and without the packing note', async () => {
    const doc = await PDFDocument.load(await renderShippingLabel({ ...DATA, devices: ['Apple iPhone 13 128 GB'], direction: 'return' }));
    expect(doc.getTitle()).toBe('Rücksendeetikett TR-2026-000123');
    const text = pageTexts(doc.getPage(0)).join('\n');
    // Sender first (the warehouse), then the recipient (the seller), in drawing order.
    const at = (line: string) => text.indexOf(line);
    expect(at('Absender')).toBeLessThan(at('trade-in Wareneingang'));
    expect(at('trade-in Wareneingang')).toBeLessThan(at('Empfänger'));
    expect(at('Empfänger')).toBeLessThan(at('Erika Mustermann'));
    expect(text).toContain('Rücksendeetikett');
    expect(text).not.toContain('Verpacken');
  });

  it('draws the Code 128 symbol of the trade number: bar and gap widths read back as the trade number', async () => {
    const text = pageContent((await PDFDocument.load(await renderShippingLabel(DATA))).getPage(0));
    // The PDF library draws each bar as a path translated to its corner: `1 0 0 1 x y cm … 0 0 m 0 58 l w 58 l`.
    const bars = [...text.matchAll(/1 0 0 1 ([\d.]+) [\d.]+ cm\n(?:1 0 0 1 0 0 cm\n)*0 0 m\n0 58 l\n([\d.]+) 58 l/g)].map((m) => ({
      x: Number(m[1]),
      width: Number(m[2]),
    }));
    const module = Math.min(...bars.map((b) => b.width));
    const widths: number[] = [];
    bars.forEach((bar, i) => {
      if (i > 0) widths.push(Math.round((bar.x - bars[i - 1]!.x - bars[i - 1]!.width) / module));
      widths.push(Math.round(bar.width / module));
    });
    expect(readCode128(widths)).toBe(DATA.tradeNumber);
    // At least 0.4 mm per module, and the quiet zone (10 modules) fits inside the label box (x ≥ 36 pt).
    expect(module).toBeGreaterThanOrEqual(1.13);
    expect(bars[0]!.x - 10 * module).toBeGreaterThan(36);
  });

  it.each(LOCALES)('renders the %s shop: its warehouse, its carrier, its language', async (locale) => {
    const carrier = locale === 'default' || locale === 'de' ? 'DHL' : 'UPS';
    const texts = { default: 'From', de: 'Absender', at: 'Absender', es: 'Remitente', fr: 'Expéditeur', it: 'Mittente' }[locale];
    const text = await labelText({ ...DATA, locale });
    expect(text).toContain(carrier);
    expect(text).toContain(texts);
    expect(text).toContain(`${WAREHOUSES[locale].postalCode} ${WAREHOUSES[locale].city}`);
  });

  it('prints the European alphabets with the embedded font, drops emoji and control characters, and survives long device lists', async () => {
    const text = await labelText({
      ...DATA,
      sender: { ...DATA.sender, firstName: 'Łucja\u0007', lastName: 'Nowak 🦄', street: 'Οδός Ερμού', city: 'Kraków' },
      devices: Array.from(
        { length: 20 },
        (_, i) => `Device ${i + 1} with a rather long name that goes on and on and on and on and on and on`,
      ),
    });
    expect(text).toContain('Łucja Nowak');
    expect(text).toContain('Οδός Ερμού 17');
    expect(text).toContain('Kraków');
    expect(text).toContain('… und ');
    for (const gone of ['\u0007', '🦄', '\uFFFD']) expect(text).not.toContain(gone);
  });

  // The longest values the checkout allows (src/contracts/trades.ts TEXT_LIMITS), in words and as one word.
  const longest = (word: string, length: number) =>
    Array.from({ length }, (_, i) => (i % 8 === 7 ? ' ' : word[i % word.length]))
      .join('')
      .trim();
  const MAXIMAL: LabelData['sender'][] = [
    {
      firstName: longest('Maximilián', TEXT_LIMITS.firstName),
      lastName: longest('Grünewald', TEXT_LIMITS.lastName),
      street: longest('Straße', TEXT_LIMITS.street),
      houseNumber: '12a-14b/3c',
      postalCode: '99998',
      city: longest('Ελληνικά', TEXT_LIMITS.city),
    },
    {
      firstName: 'Ж'.repeat(TEXT_LIMITS.firstName),
      lastName: 'W'.repeat(TEXT_LIMITS.lastName),
      street: 'Ł'.repeat(TEXT_LIMITS.street),
      houseNumber: '9'.repeat(TEXT_LIMITS.houseNumber),
      postalCode: '01067',
      city: 'M'.repeat(TEXT_LIMITS.city),
    },
  ];

  it.each(MAXIMAL.flatMap((sender) => (['inbound', 'return'] as const).map((direction) => [direction, sender] as const)))(
    'a %s label with the longest allowed values prints every value in full, in lines of at most the carrier limit',
    async (direction, sender) => {
      const page = (await PDFDocument.load(await renderShippingLabel({ ...DATA, direction, sender }))).getPage(0);
      const texts = pageTexts(page);
      // Wrapping only breaks lines: without the breaks, each value is there, whole and in order.
      const joined = texts.join('').replace(/\s+/g, '');
      for (const value of Object.values(sender)) expect(joined, value).toContain(value.replace(/\s+/g, ''));
      expect(texts.join('\n')).not.toContain('…');
      // Every line of the label (above the cut line: carrier, sender, recipient) fits the carrier's line length.
      for (const line of texts.slice(0, texts.indexOf('Hier abschneiden')))
        expect(Array.from(line).length, line).toBeLessThanOrEqual(CARRIER_LINE_LIMIT);
    },
  );

  it('has a glyph, regular and bold, for every character the checkout accepts in an address (src/contracts/text.ts)', () => {
    const require = createRequire(import.meta.url);
    const assigned = /[\p{L}\p{M}\p{N}\p{P}\p{Zs}\p{S}]/u;
    for (const file of ['DejaVuSans.ttf', 'DejaVuSans-Bold.ttf']) {
      const glyphs = new Set(fontkit.create(readFileSync(require.resolve(`dejavu-fonts-ttf/ttf/${file}`))).characterSet);
      const missing: string[] = [];
      for (let cp = 0x20; cp <= 0x1ffff; cp++) {
        const char = String.fromCodePoint(cp);
        if (assigned.test(char) && isPostalText(char) && !glyphs.has(cp)) missing.push(`U+${cp.toString(16).toUpperCase()}`);
      }
      expect(missing, file).toEqual([]);
    }
  });
});
