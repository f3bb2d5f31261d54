import { PDFDocument } from '@pdfme/pdf-lib';
import { describe, expect, it } from 'vitest';
import { LOCALES } from '../../src/config/locales';
import { readCode128 } from '../test-support/code128';
import { renderShippingLabel, type LabelData } from './label';
import { WAREHOUSES } from './warehouses';
import { pageContent, shownInPdf } from '../test-support/pdf';

const DATA: LabelData = {
  tradeNumber: 'TR-2026-000123',
  locale: 'de',
  sender: { firstName: 'Erika', lastName: 'Mustermann', street: 'Heidestraße', houseNumber: '17', postalCode: '51147', city: 'Köln' },
  devices: ['Apple iPhone 13 128 GB', 'Sony PlayStation 5 Digital Edition'],
};

const shown = shownInPdf;

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
    const text = pageContent(page);
    expect(text).toContain(shown('TR-2026-000123'));
  });

  it('shows sender, warehouse, carrier, devices and the packing note in the trade language', async () => {
    const text = pageContent((await PDFDocument.load(await renderShippingLabel(DATA))).getPage(0));
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
      expect(text, line).toContain(shown(line));
    }
    expect(text).toContain(shown('Verpacken'));
  });

  it('draws a return label from the warehouse to the seller, titled as one and without the packing note', async () => {
    const doc = await PDFDocument.load(await renderShippingLabel({ ...DATA, devices: ['Apple iPhone 13 128 GB'], direction: 'return' }));
    expect(doc.getTitle()).toBe('Rücksendeetikett TR-2026-000123');
    const text = pageContent(doc.getPage(0));
    // Sender first (the warehouse), then the recipient (the seller), in drawing order.
    const at = (line: string) => text.indexOf(shown(line));
    expect(at('Absender')).toBeLessThan(at('trade-in Wareneingang'));
    expect(at('trade-in Wareneingang')).toBeLessThan(at('Empfänger'));
    expect(at('Empfänger')).toBeLessThan(at('Erika Mustermann'));
    expect(text).toContain(shown('Rücksendeetikett'));
    expect(text).not.toContain(shown('Verpacken'));
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
    const pdf = await PDFDocument.load(await renderShippingLabel({ ...DATA, locale }));
    const text = pageContent(pdf.getPage(0));
    expect(text).toContain(shown(carrier));
    expect(text).toContain(shown(texts));
    expect(text).toContain(shown(`${WAREHOUSES[locale].postalCode} ${WAREHOUSES[locale].city}`));
  });

  it('survives names outside the PDF fonts (Polish, emoji, control characters) and long device lists', async () => {
    const bytes = await renderShippingLabel({
      ...DATA,
      sender: { ...DATA.sender, firstName: 'Łucja\u0007', lastName: 'Nowak 😀', city: 'Kraków' },
      devices: Array.from(
        { length: 20 },
        (_, i) => `Device ${i + 1} with a rather long name that goes on and on and on and on and on and on`,
      ),
    });
    const text = pageContent((await PDFDocument.load(bytes)).getPage(0));
    expect(text).toContain(shown('Lucja  Nowak'));
    expect(text).toContain(shown('Kraków'));
    expect(text).toContain(shown('… und '));
  });
});
