// The sister brand agan (decision 033): a trade sold on an agan host is confirmed, clarified and
// labelled in agan's name — sender, signature, label — and nothing in it names the main brand.

import { PDFDocument } from '@pdfme/pdf-lib';
import { describe, expect, it } from 'vitest';
import type { Brand } from '../../src/config/brands';
import type { Trade } from '../../src/contracts/trades';
import { countryConfig } from '../../src/config/countries';
import { LOCALES } from '../../src/config/locales';
import { accountMail } from '../accounts/mail';
import { clarificationMail } from '../clarifications/mail';
import { acknowledgmentMail } from '../contact/mail';
import { newsletterMail } from '../newsletter/mail';
import { renderShippingLabel } from '../labels/label';
import { confirmationMail } from '../trades/confirmation-mail';
import { publicOriginResolver } from '../platform/origins';
import { pageTexts } from '../test-support/pdf';

const TRADE: Trade = {
  tradeId: '3f2b8c1e-5d4a-4e6b-9c7d-0a1b2c3d4e5f',
  tradeNumber: 'TR-2026-000123',
  transactionId: 7,
  status: 'created',
  items: [
    {
      offerId: '6a0c4f8e-1b2d-4c3e-8f9a-0b1c2d3e4f5a',
      deviceId: 1300,
      deviceName: 'Apple iPhone 13',
      price: 310,
      quantity: 1,
      conditionId: 1,
      kind: 'purchase',
    },
  ],
  subtotal: 310,
  voucher: null,
  total: 310,
  payout: { method: 'sepa', masked: 'DE89 •••• •••• •••• 3000' },
  createdAt: '2026-01-05T08:00:00.000Z',
};

const MAIN_BRAND = /trade-?in/i;

const confirmation = (brand: Brand) =>
  confirmationMail({
    trade: TRADE,
    locale: 'de',
    brand,
    email: 'erika@example.com',
    firstName: 'Erika',
    lastName: 'Mustermann',
    labelUrl: `${publicOriginResolver({}, 3000)('de', brand)}/api/trades/${TRADE.tradeId}/label.pdf?token=abc`,
    tradePageUrl: `${publicOriginResolver({}, 3000)('de', brand)}/verkauf/${TRADE.tradeNumber}?token=abc`,
  });

const clarification = (brand: Brand) =>
  clarificationMail({
    kind: 'opened',
    locale: 'de',
    brand,
    tradeNumber: TRADE.tradeNumber,
    email: 'erika@example.com',
    firstName: 'Erika',
    lastName: 'Mustermann',
    deadline: new Date('2026-02-01T00:00:00Z'),
    url: 'http://agan.localhost:3000/klaerung/x',
    tradePageUrl: 'http://agan.localhost:3000/verkauf/x',
    items: [
      {
        deviceName: 'Apple iPhone 13',
        offeredCents: 31000,
        newCents: 25000,
        status: 'open',
        declineMode: null,
        quickUrl: 'http://agan.localhost:3000/q',
      },
    ],
  });

/** Every word a person can read in a mail: headers, text and HTML. */
const readable = (message: ReturnType<typeof confirmationMail>) =>
  JSON.stringify([message.from, message.subject, message.text, message.html]);

describe('every mail fills in its brand', () => {
  it('no signature shows the {brand} placeholder, in any language', () => {
    for (const locale of LOCALES) {
      const messages = [
        confirmationMail({
          trade: TRADE,
          locale,
          email: 'e@example.com',
          firstName: 'E',
          lastName: 'M',
          labelUrl: 'https://x.example/l',
          tradePageUrl: 'https://x.example/t',
        }),
        accountMail({ kind: 'passwordChanged' }, locale, 'https://x.example', { email: 'e@example.com', firstName: 'E', lastName: 'M' }),
        ...(countryConfig(locale).features.hasNewsletter
          ? [newsletterMail({ kind: 'welcome' }, locale, 'https://x.example', { email: 'e@example.com', emailHash: 'a'.repeat(64) })]
          : []),
        acknowledgmentMail({
          reference: 'K-1',
          locale,
          subject: 'orderStatus',
          name: 'E M',
          email: 'e@example.com',
          message: 'Hallo',
          business: false,
          recipient: 'service@tradein.de',
          source: 'page',
          attachments: [],
        }),
      ];
      for (const message of messages) expect(message.text, locale).not.toMatch(/\{brand\}|undefined/);
    }
  });
});

describe('mails and labels of the sister brand agan', () => {
  it('the confirmation comes from agan, is signed by agan, links to agan and never names trade-in', () => {
    const message = confirmation('agan');
    expect(message.from).toEqual({ name: 'agan Kundenservice', address: 'service@agan.de' });
    expect(message.text).toContain('Ihr agan-Team');
    expect(message.text).toContain('http://agan.localhost:3000/api/trades/');
    expect(readable(message)).not.toMatch(MAIN_BRAND);
  });

  it("the main brand's confirmation stays the main brand's", () => {
    const message = confirmation('tradein');
    expect(message.from).toEqual({ name: 'Trade-in Kundenservice', address: 'service@tradein.de' });
    expect(message.text).toContain('Ihr trade-in-Team');
    expect(message.text).toContain('http://de.localhost:3000/api/trades/');
  });

  it('account mails asked for on agan come from agan, are signed by agan and never name trade-in', () => {
    for (const mail of [
      { kind: 'activation', token: 'tok' },
      { kind: 'passwordReset', token: 'tok' },
      { kind: 'alreadyRegistered' },
    ] as const) {
      const message = accountMail(
        mail,
        'de',
        'http://agan.localhost:3000',
        { email: 'e@example.com', firstName: 'E', lastName: 'M' },
        'agan',
      );
      expect(message.from, mail.kind).toEqual({ name: 'agan Kundenservice', address: 'service@agan.de' });
      expect(message.text, mail.kind).toContain('http://agan.localhost:3000/');
      expect(readable(message), mail.kind).not.toMatch(MAIN_BRAND);
    }
  });

  it('newsletter and contact mails of agan come from agan, are signed by agan and never name trade-in', () => {
    const to = { email: 'e@example.com', emailHash: 'h'.repeat(43) };
    const newsletter = newsletterMail({ kind: 'confirm', token: 'tok' }, 'de', 'http://agan.localhost:3000', to, 'agan');
    const ack = acknowledgmentMail({
      reference: 'KM-2026-0000ABCD',
      locale: 'de',
      subject: 'orderStatus',
      name: 'Erika',
      email: 'e@example.com',
      message: 'Hallo',
      business: false,
      recipient: 'service@agan.de',
      source: 'page',
      attachments: [],
      brand: 'agan',
    });
    for (const message of [newsletter, ack]) {
      expect(message.from).toEqual({ name: 'agan Kundenservice', address: 'service@agan.de' });
      expect(readable(message)).not.toMatch(MAIN_BRAND);
    }
  });

  it('a clarification of an agan trade comes from agan and never names trade-in', () => {
    const message = clarification('agan');
    expect(message.from).toEqual({ name: 'agan Kundenservice', address: 'service@agan.de' });
    expect(message.text).toContain('Ihr Ankauf-Team von agan');
    expect(readable(message)).not.toMatch(MAIN_BRAND);
  });

  it('the shipping label of an agan trade names agan as recipient and author, and trade-in nowhere', async () => {
    const bytes = await renderShippingLabel({
      tradeNumber: TRADE.tradeNumber,
      locale: 'de',
      brand: 'agan',
      sender: { firstName: 'Erika', lastName: 'Mustermann', street: 'Heidestraße', houseNumber: '17', postalCode: '51147', city: 'Köln' },
      devices: ['Apple iPhone 13'],
    });
    const pdf = await PDFDocument.load(bytes, { updateMetadata: false });
    expect(pdf.getAuthor()).toBe('agan Kundenservice');
    expect(pdf.getCreator()).toBe('agan');
    const texts = pageTexts(pdf.getPage(0));
    expect(texts).toContain('agan Wareneingang');
    expect(texts.join('\n')).not.toMatch(MAIN_BRAND);
    expect(Buffer.from(bytes).toString('latin1')).not.toMatch(MAIN_BRAND);
  });
});
