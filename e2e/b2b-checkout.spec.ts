// A company sells through the partner widget host (b2bwidget.localhost: B2B mode from the start):
// the checkout asks for the company, refuses an invalid VAT id in German while keeping every typed
// value, pays to the company account only, and the thank-you page gives the shipping label and the
// credit note, a PDF with the company's data (decisions 035, 036).

import { readFileSync } from 'node:fs';
import { decodePDFRawStream, PDFArray, PDFDocument, type PDFRawStream } from '@pdfme/pdf-lib';
import type { Page } from '@playwright/test';
import { expect, test } from './support/test';
import { hydrated, origin, translate } from './support/shop';
import { VAT_ID_EXAMPLE } from '../src/contracts/vat-id';

const WIDGET = origin('b2bwidget.localhost');

const field = (page: Page, name: string) => page.locator(`[name="${name}"]`);
const errorOf = (page: Page, name: string) => page.locator(`.field-error[data-field="${name}"]`);

/** The text drawn on a PDF's first page, as WinAnsi hex strings in its content stream. */
async function pdfContent(bytes: Buffer): Promise<string> {
  const page = (await PDFDocument.load(bytes)).getPage(0);
  const contents = page.node.Contents();
  const streams = contents instanceof PDFArray ? contents.asArray().map((ref) => page.doc.context.lookup(ref)) : [contents];
  return streams.map((s) => Buffer.from(decodePDFRawStream(s as PDFRawStream).decode()).toString('latin1')).join('\n');
}
const hex = (text: string) => Buffer.from(text, 'latin1').toString('hex').toUpperCase();

test('b2b widget: a company sells a device with its company data and gets label and credit note', async ({ page }) => {
  await page.goto(`${WIDGET}/produkte/apple-iphone-13-128-gb`);
  await hydrated(page);
  const questions = page.locator('fieldset.question');
  const count = await questions.count();
  for (let i = 0; i < count; i++) await questions.nth(i).locator('input[type=radio]').first().check();
  await expect(page.getByTestId('offer-price')).toBeVisible();
  await page.getByRole('button', { name: translate('de', 'Add to cart') }).click();
  await expect(page.getByRole('link', { name: translate('de', 'Go to cart') })).toBeVisible();

  await page.goto(`${WIDGET}/checkout`);
  await hydrated(page);
  const next = page.getByRole('button', { name: translate('de', 'Continue') });
  await field(page, 'identity.email').fill(`einkauf+${Date.now()}@example.org`);
  await next.click();

  // The company step: name, legal form, VAT id, then the contact person and company address.
  await expect(page.getByRole('group', { name: translate('de', 'Your company') })).toBeVisible();
  await field(page, 'company.name').fill('Muster Handel GmbH');
  await page.getByLabel(translate('de', 'Legal form')).selectOption({ label: translate('de', 'GmbH') });
  await field(page, 'company.vatId').fill('DE 136 695 977');
  await field(page, 'address.firstName').fill('Erika');
  await field(page, 'address.lastName').fill('Mustermann');
  await field(page, 'address.street').fill('Heidestraße');
  await field(page, 'address.houseNumber').fill('17');
  await field(page, 'address.postalCode').fill('51147');
  await field(page, 'address.city').fill('Köln');
  await next.click();
  // The phone number is required for a business, and the VAT id's check digit is wrong.
  await expect(errorOf(page, 'company.vatId')).toHaveText(
    translate(
      'de',
      "This VAT ID is not valid. A German VAT ID is DE followed by 9 digits; the last digit is a check digit calculated from the other eight, so one wrong digit makes the number invalid. Please copy it from your tax office's letter, for example {example}.",
    ).replace('{example}', VAT_ID_EXAMPLE),
  );
  await expect(errorOf(page, 'address.phone')).toHaveText(translate('de', 'Please enter a phone number.'));
  await expect(field(page, 'company.vatId')).toHaveAttribute('aria-invalid', 'true');
  // Everything typed is kept.
  await expect(field(page, 'company.name')).toHaveValue('Muster Handel GmbH');
  await expect(field(page, 'company.legalForm')).toHaveValue('gmbh');
  await expect(field(page, 'company.vatId')).toHaveValue('DE 136 695 977');
  await expect(field(page, 'address.city')).toHaveValue('Köln');
  // A reload keeps it too.
  await page.reload();
  await hydrated(page);
  await expect(field(page, 'company.vatId')).toHaveValue('DE 136 695 977');
  await expect(field(page, 'company.name')).toHaveValue('Muster Handel GmbH');

  await field(page, 'company.vatId').fill('DE 136 695 976');
  await field(page, 'address.phone').fill('0221 123456');
  await next.click();

  // Paid to the company account: no PayPal choice.
  await expect(page.getByRole('radio', { name: 'PayPal' })).toHaveCount(0);
  await field(page, 'payout.accountHolder').fill('Muster Handel GmbH');
  await field(page, 'payout.iban').fill('DE89 3704 0044 0532 0130 00');
  await field(page, 'payout.bic').fill('COBADEFFXXX');
  await next.click();

  await expect(page.getByTestId('review-company')).toContainText('Muster Handel GmbH');
  const terms = page.locator('label', { has: page.locator('input[name="termsAccepted"]') });
  await expect(terms.getByRole('link', { name: 'Geschäftsbedingungen für Geschäftskunden' })).toHaveAttribute(
    'href',
    // From the widget, the terms open in the full shop (decision 034).
    `${origin('de.localhost')}/content/agb#9-zusatzliche-bedingungen-fur-geschaftskunden`,
  );
  await page.locator('input[name="termsAccepted"]').check();
  await page.getByRole('button', { name: translate('de', 'Sell now') }).click();

  await expect(page).toHaveURL(`${WIDGET}/thankYou`);
  await expect(page.getByTestId('trade-number')).toHaveText(/^TB-\d{4}-\d{6,}$/);
  const tradeNumber = (await page.getByTestId('trade-number').textContent()) ?? '';
  await expect(page.getByTestId('label-link')).toBeVisible();

  const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('credit-note-link').click()]);
  expect(download.suggestedFilename()).toBe(`credit-note-${tradeNumber}.pdf`);
  const pdf = readFileSync((await download.path()) as string);
  expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
  const text = await pdfContent(pdf);
  expect(text).toContain(hex('Muster Handel GmbH'));
  expect(text).toContain(hex('USt-IdNr.: DE136695976'));
  expect(text).toContain(hex(tradeNumber));
});
