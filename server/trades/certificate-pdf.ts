// The data-erasure certificate as a PDF (issue 28, decision 073): one A4 page in the trade's language
// and brand — the certificate's number, the trade number, the device, its IMEI or serial number
// masked, the method in words with the standard it meets, the day of the erasure in the shop's date
// format, the inspector's short id, and a statement of what was done. Drawn on demand from the
// certificate's row with the label's PDF library and embedded DejaVu Sans (decisions 014, 046).

import fontkit from '@pdf-lib/fontkit';
import { PDFDocument, rgb } from '@pdfme/pdf-lib';
import { BRAND_CONFIG, senderOf } from '../../src/config/brands';
import { countryConfig } from '../../src/config/countries';
import { PAYOUT_PROMISES } from '../../src/config/payout-promise';
import { formatDate } from '../../src/config/rules';
import { serverI18n } from '../i18n/catalog';
import { clip, fitCharacters, fontFiles, wrap } from '../labels/label';
import { localDate } from '../platform/working-days';
import { inspectorShort, isImei, maskIdentifier, type CertificateData } from './erasure';

/**
 * The standard both methods meet, as the certificate names it: a proper name, not translated.
 * Revision 2 (September 2025) replaced revision 1 (2014); both count cryptographic erase, and the
 * factory reset of an encrypted device is one, as a "purge" (decision 073).
 */
export const ERASURE_STANDARD = 'NIST SP 800-88 Rev. 2';
/** The sanitization category of NIST SP 800-88 the methods belong to. */
export const ERASURE_CATEGORY = 'Purge';

const A4 = { width: 595.28, height: 841.89 } as const;
const MARGIN = 56;
const BLACK = rgb(0, 0, 0);
const GREY = rgb(0.35, 0.35, 0.35);
const RULE = rgb(0.75, 0.75, 0.75);

/** The day of the erasure in the shop's date format, counted in the shop's time zone. */
export function erasureDay(data: Pick<CertificateData, 'locale' | 'erasedAt'>): string {
  return formatDate(data.locale, `${localDate(data.erasedAt, PAYOUT_PROMISES[data.locale].timeZone)}T12:00:00Z`);
}

/** The PDF's file name: the trade number and the device's place in it (ASCII only). */
export function certificateFileName(data: Pick<CertificateData, 'tradeNumber' | 'position'>): string {
  return `data-erasure-certificate-${data.tradeNumber.replace(/[^A-Za-z0-9-]/g, '')}-${data.position}.pdf`;
}

export async function renderErasureCertificate(data: CertificateData): Promise<Uint8Array> {
  const i18n = serverI18n(data.locale);
  const t = (id: string, values?: Record<string, unknown>) => i18n._(`certificate.${id}`, values);
  const country = countryConfig(data.locale);
  const brand = BRAND_CONFIG[data.brand].name;
  const standard = `${ERASURE_STANDARD}, ${ERASURE_CATEGORY}`;
  const date = erasureDay(data);
  const inspector = inspectorShort(data.inspector);
  const title = t('title');

  const pdf = await PDFDocument.create();
  pdf.setTitle(`${title} ${data.tradeNumber}`);
  pdf.setSubject(`${data.tradeNumber} · ${data.deviceName}`);
  pdf.setAuthor(senderOf(data.locale, data.brand).name);
  pdf.setCreator(brand);
  pdf.setProducer(brand);
  pdf.setLanguage(country.icuLocale);
  const page = pdf.addPage([A4.width, A4.height]);
  pdf.registerFontkit(fontkit);
  const files = await fontFiles();
  const regular = await pdf.embedFont(files.regular, { subset: true });
  const bold = await pdf.embedFont(files.bold, { subset: true });
  const fit = fitCharacters(regular);

  const left = MARGIN;
  const right = A4.width - MARGIN;
  const width = right - left;
  const text = (value: string, x: number, y: number, size: number, font = regular, color = BLACK, maxWidth?: number) => {
    const fitted = fit(value);
    page.drawText(maxWidth ? clip(fitted, font, size, maxWidth) : fitted, { x, y, size, font, color });
  };

  // The brand, then the title and the certificate's number.
  let y = A4.height - MARGIN - 8;
  text(brand, left, y, 16, bold, BLACK, width);
  y -= 46;
  for (const line of wrap(fit(title), bold, 24, width)) {
    text(line, left, y, 24, bold);
    y -= 30;
  }
  y -= 2;
  text(`${t('number')}${i18n._('mail.colon')}${data.id}`, left, y, 9, regular, GREY, width);
  y -= 18;
  page.drawLine({ start: { x: left, y }, end: { x: right, y }, thickness: 0.75, color: RULE });
  y -= 26;

  // The facts: a label column and a value column; a long value wraps in its column.
  const labelWidth = 150;
  const valueX = left + labelWidth + 12;
  const valueWidth = right - valueX;
  const identifierLabel = isImei(data.identifier) ? t('imei') : t('serial');
  const facts: (readonly [string, string, string?])[] = [
    [t('tradeNumber'), data.tradeNumber],
    [t('device'), data.deviceName],
    [identifierLabel, maskIdentifier(data.identifier), t('masked')],
    [t('method'), t(`method.${data.method}`)],
    [t('standard'), standard],
    [t('date'), date],
    [t('inspector'), inspector],
  ];
  for (const [label, value, note] of facts) {
    const labelLines = wrap(fit(label), regular, 10, labelWidth);
    const valueLines = wrap(fit(value), bold, 11, valueWidth);
    labelLines.forEach((line, i) => text(line, left, y - i * 13, 10, regular, GREY));
    valueLines.forEach((line, i) => text(line, valueX, y - i * 14, 11, bold));
    let used = Math.max(labelLines.length * 13, valueLines.length * 14);
    if (note) {
      text(note, valueX, y - used, 8, regular, GREY, valueWidth);
      used += 10;
    }
    y -= used + 10;
  }

  // What was done, in a sentence or three.
  y -= 8;
  page.drawLine({ start: { x: left, y: y + 8 }, end: { x: right, y: y + 8 }, thickness: 0.75, color: RULE });
  y -= 14;
  for (const line of wrap(fit(t('statement', { date, standard: ERASURE_STANDARD, inspector })), regular, 11, width)) {
    text(line, left, y, 11);
    y -= 15;
  }

  // Who issued it, at the foot of the page.
  const issued = wrap(fit(t('issued', { brand, tradeNumber: data.tradeNumber })), regular, 9, width);
  issued.forEach((line, i) => text(line, left, MARGIN + (issued.length - 1 - i) * 12, 9, regular, GREY));

  return pdf.save({ useObjectStreams: false });
}
