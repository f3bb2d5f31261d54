// The credit note ("Gutschrift") of a business trade (decision 036): the purchase document the shop
// issues to the selling company — seller (company, VAT id, contact person, address), buyer (the shop's
// operator, server/business/config.ts), trade number, date, the devices with quantity, unit price and
// amount, the total, the payout account and the VAT treatment configured for the shop. One A4 page,
// drawn with the label's PDF library (decision 014) in the trade's language.

import { PDFDocument, rgb, StandardFonts } from '@pdfme/pdf-lib';
import { countryConfig } from '../../src/config/countries';
import type { Locale } from '../../src/config/locales';
import type { LegalForm } from '../../src/contracts/trades';
import { serverI18n } from '../i18n/catalog';
import { clip, fitCharacters, streetLine, wrap } from '../labels/label';
import { BUYER, VAT_TREATMENT } from './config';

export interface CreditNoteItem {
  readonly name: string;
  /** EUR per unit. */
  readonly unitPrice: number;
  /** Devices of this line; 1 when the trade has no quantities. */
  readonly quantity?: number;
  readonly kind: 'purchase' | 'recycling';
}

export interface CreditNoteData {
  readonly tradeNumber: string;
  readonly locale: Locale;
  readonly createdAt: Date;
  readonly company: { readonly name: string; readonly legalForm: LegalForm; readonly vatId: string | null };
  readonly contact: {
    readonly firstName: string;
    readonly lastName: string;
    readonly street: string;
    readonly houseNumber: string;
    readonly postalCode: string;
    readonly city: string;
    readonly phone?: string | undefined;
  };
  readonly email: string | null;
  readonly items: readonly CreditNoteItem[];
  readonly voucher: { readonly code: string; readonly value: number } | null;
  /** EUR, what the company is paid. */
  readonly total: number;
  /** The payout account, masked (DE89 •••• … 3000). */
  readonly payout: string;
}

const A4 = { width: 595.28, height: 841.89 } as const;
const MARGIN = 48;
const BLACK = rgb(0, 0, 0);
const GREY = rgb(0.35, 0.35, 0.35);

/** Cents of a line: unit price times quantity, in whole cents. */
const lineCents = (item: CreditNoteItem) => Math.round(item.unitPrice * 100) * (item.quantity ?? 1);

export async function renderCreditNote(data: CreditNoteData): Promise<Uint8Array> {
  const i18n = serverI18n(data.locale);
  const t = (id: string, values?: Record<string, unknown>) => i18n._(`creditNote.${id}`, values);
  const country = countryConfig(data.locale);
  const money = new Intl.NumberFormat(country.icuLocale, { style: 'currency', currency: 'EUR' });
  const date = new Intl.DateTimeFormat(country.icuLocale, { dateStyle: 'medium', timeZone: 'Europe/Berlin' });
  const buyer = BUYER[data.locale];
  const treatment = VAT_TREATMENT[data.locale];

  const pdf = await PDFDocument.create();
  pdf.setTitle(`${t('title')} ${data.tradeNumber}`);
  pdf.setSubject(data.tradeNumber);
  pdf.setAuthor(country.contact.fromName);
  pdf.setCreator('trade-in shop');
  pdf.setProducer('trade-in shop');
  pdf.setLanguage(country.icuLocale);
  const page = pdf.addPage([A4.width, A4.height]);
  const regular = await pdf.embedFont(StandardFonts.Helvetica);
  const bold = await pdf.embedFont(StandardFonts.HelveticaBold);
  const fit = fitCharacters(regular);
  const text = (value: string, x: number, y: number, size: number, font = regular, color = BLACK, maxWidth?: number) => {
    const fitted = fit(value);
    page.drawText(maxWidth ? clip(fitted, font, size, maxWidth) : fitted, { x, y, size, font, color });
  };
  const rightAligned = (value: string, right: number, y: number, size: number, font = regular) => {
    const fitted = fit(value);
    page.drawText(fitted, { x: right - font.widthOfTextAtSize(fitted, size), y, size, font, color: BLACK });
  };

  const left = MARGIN;
  const right = A4.width - MARGIN;
  const width = right - left;
  let y = A4.height - MARGIN - 10;
  text(t('title'), left, y, 22, bold);
  y -= 18;
  text(t('subtitle'), left, y, 10, regular, GREY, width);

  // Seller (the company) and buyer (the shop), side by side.
  y -= 34;
  const half = (width - 24) / 2;
  const buyerX = left + half + 24;
  text(t('seller'), left, y, 8, regular, GREY);
  text(t('buyer'), buyerX, y, 8, regular, GREY);
  const c = data.contact;
  const sellerLines = [
    data.company.name,
    `${t('legalForm')}: ${t(`legalForm.${data.company.legalForm}`)}`,
    `${t('contact')}: ${c.firstName} ${c.lastName}`,
    streetLine(data.locale, c.street, c.houseNumber),
    `${c.postalCode} ${c.city}`,
    `${t('vatId')}: ${data.company.vatId ?? t('noVatId')}`,
    ...(c.phone ? [`${t('phone')}: ${c.phone}`] : []),
    ...(data.email ? [`${t('email')}: ${data.email}`] : []),
  ];
  const buyerLines = [buyer.name, buyer.street, buyer.postalCity, `${t('vatId')}: ${buyer.vatId}`];
  sellerLines.forEach((line, i) => text(line, left, y - 14 - i * 13, 10, i === 0 ? bold : regular, BLACK, half));
  buyerLines.forEach((line, i) => text(line, buyerX, y - 14 - i * 13, 10, i === 0 ? bold : regular, BLACK, half));
  y -= 14 + Math.max(sellerLines.length, buyerLines.length) * 13 + 14;

  // Number and date.
  text(`${t('number')}: ${data.tradeNumber}`, left, y, 11, bold);
  // Its own line: a long label and number would run into a date beside them.
  text(`${t('date')}: ${date.format(data.createdAt)}`, left, y - 15, 10);
  y -= 43;

  // The items.
  const col = { pos: left, item: left + 28, qty: right - 190, unit: right - 80, amount: right };
  text(t('col.position'), col.pos, y, 9, bold);
  text(t('col.item'), col.item, y, 9, bold);
  rightAligned(t('col.quantity'), col.qty, y, 9, bold);
  rightAligned(t('col.unitPrice'), col.unit, y, 9, bold);
  rightAligned(t('col.amount'), col.amount, y, 9, bold);
  y -= 6;
  page.drawLine({ start: { x: left, y }, end: { x: right, y }, thickness: 0.75, color: GREY });
  y -= 14;
  data.items.forEach((item, i) => {
    text(`${i + 1}`, col.pos, y, 10);
    // A long device name ("MacBook Pro 14" (M3 Pro, 2023) 18 GB / 512 GB") wraps: it is never cut.
    const nameLines = wrap(fit(item.name), regular, 10, col.qty - col.item - 40);
    nameLines.forEach((line, l) => text(line, col.item, y - l * 12, 10));
    rightAligned(String(item.quantity ?? 1), col.qty, y, 10);
    if (item.kind === 'recycling') {
      rightAligned(t('recycling'), col.amount, y, 10);
    } else {
      rightAligned(money.format(item.unitPrice), col.unit, y, 10);
      rightAligned(money.format(lineCents(item) / 100), col.amount, y, 10);
    }
    y -= 15 + (nameLines.length - 1) * 12;
  });
  if (data.voucher) {
    text(t('voucher', { code: data.voucher.code }), col.item, y, 10, regular, BLACK, col.qty - col.item);
    rightAligned(`+${money.format(data.voucher.value)}`, col.amount, y, 10);
    y -= 15;
  }
  page.drawLine({ start: { x: left, y: y + 9 }, end: { x: right, y: y + 9 }, thickness: 0.75, color: GREY });
  y -= 6;
  text(t('total'), col.item, y, 11, bold);
  rightAligned(money.format(data.total), col.amount, y, 11, bold);
  y -= 28;

  const paragraph = (value: string, size = 10, font = regular) => {
    for (const line of wrap(fit(value), font, size, width)) {
      text(line, left, y, size, font);
      y -= size + 4;
    }
    y -= 8;
  };
  paragraph(t('paidTo', { account: data.payout }));
  if (treatment !== 'none') paragraph(t(`vat.${treatment}`), 10, bold);
  paragraph(t('note'), 9);

  return pdf.save({ useObjectStreams: false });
}
