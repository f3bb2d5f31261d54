import { describe, expect, it } from 'vitest';
import type { Locale } from '../../src/config/locales';
import { PAYOUT_PROMISES } from '../../src/config/payout-promise';
import type { Trade } from '../../src/contracts/trades';
import { confirmationMail } from './confirmation-mail';

const TRADE: Trade = {
  tradeId: '3f2b8c1e-5d4a-4e6b-9c7d-0a1b2c3d4e5f',
  tradeNumber: 'TR-2026-000123',
  transactionId: 7,
  status: 'created',
  items: [
    {
      offerId: '6a0c4f8e-1b2d-4c3e-8f9a-0b1c2d3e4f5a',
      deviceId: 1300,
      deviceName: 'Apple iPhone 13 <128 GB>',
      price: 310,
      conditionId: 1,
      kind: 'purchase',
      quantity: 1,
    },
    {
      offerId: '7b1d5a9f-2c3e-4d4f-9a0b-1c2d3e4f5a6b',
      deviceId: 2100,
      deviceName: 'Samsung Galaxy S21',
      price: 0,
      conditionId: 4,
      kind: 'recycling',
      quantity: 1,
    },
  ],
  subtotal: 310,
  voucher: { code: 'BONUS10', value: 10 },
  total: 320,
  payout: { method: 'sepa', masked: 'DE89 •••• •••• •••• 3000' },
  createdAt: '2026-01-05T08:00:00.000Z',
};
const LINK = `https://www.tradein.de/api/trades/${TRADE.tradeId}/label.pdf?token=abc_DEF-123`;
const TRADE_PAGE = 'https://www.tradein.de/verkauf/TR-2026-000123?token=tok_EN-42';
/** The mail, its non-breaking spaces (which ICU puts around € and French puts before colons) as plain ones. */
const mail = (locale: Locale) => {
  const message = confirmationMail({
    trade: TRADE,
    locale,
    email: 'erika@example.com',
    firstName: 'Erika',
    lastName: 'Mustermann',
    labelUrl: LINK,
    tradePageUrl: TRADE_PAGE,
  });
  return { ...message, text: message.text.replace(/[\u00a0\u202f]/g, ' ') };
};

describe('confirmation mail', () => {
  it.each([
    ['default', 'Your trade TR-2026-000123: thank you!', 'Hello Erika,', 'You receive: €320.00', 'service@tradein.example'],
    ['de', 'Ihr Verkauf TR-2026-000123: vielen Dank!', 'Hallo Erika,', 'Sie erhalten: 320,00 €', 'service@tradein.de'],
    ['at', 'Ihr Verkauf TR-2026-000123: vielen Dank!', 'Hallo Erika,', 'Sie erhalten: € 320,00', 'service@tradein.at'],
    ['es', 'Tu venta TR-2026-000123: ¡gracias!', 'Hola, Erika:', 'Recibes: 320,00 €', 'servicio@tradein.es'],
    ['fr', 'Votre vente TR-2026-000123 : merci !', 'Bonjour Erika,', 'Vous recevez : 320,00 €', 'service@tradein.fr'],
    ['it', 'La tua vendita TR-2026-000123: grazie!', 'Ciao Erika,', 'Ricevi: 320,00 €', 'servizio@tradein.it'],
  ] as const)('is written for the %s shop', (locale, subject, greeting, total, from) => {
    const message = mail(locale);
    expect(message.subject).toBe(subject);
    expect(message.from.address).toBe(from);
    expect(message.to).toEqual({ name: 'Erika Mustermann', address: 'erika@example.com' });
    expect(message.text.startsWith(`${greeting}\n`)).toBe(true);
    expect(message.text).toContain(total);
    expect(message.text).toContain(LINK);
    expect(message.text).toContain('TR-2026-000123');
    expect(message.text).toContain('Apple iPhone 13 <128 GB>');
    expect(message.text).toContain('BONUS10');
    expect(message.text).toContain('DE89 •••• •••• •••• 3000');
    expect(message.text).toContain(locale === 'default' || locale === 'de' ? 'DHL' : 'UPS');
    // Four next steps: pack, ship, inspection, payout.
    expect(message.text.match(/^\d\. /gm)).toHaveLength(4);
    expect(message.html).toContain(`href="${LINK}"`);
    // Every mail of the trade links to the seller's trade page (issue 27).
    expect(message.text).toContain(TRADE_PAGE);
    expect(message.html).toContain(`href="${TRADE_PAGE}"`);
  });

  it('uses the shop register: Sie, vous, tú, tu', () => {
    expect(mail('de').text).toMatch(/\bSie\b/);
    expect(mail('de').text).not.toMatch(/\b(du|dein|deine)\b/i);
    expect(mail('at').text).toContain('bitte geben Sie sie bei Fragen immer an');
    expect(mail('fr').text).toMatch(/\bvous\b/);
    expect(mail('fr').text).not.toMatch(/\b(tu|ton|ta|tes)\b/);
    expect(mail('es').text).toMatch(/\b(tu|tus)\b/);
    expect(mail('es').text).not.toMatch(/\busted\b/);
    expect(mail('it').text).toMatch(/\b(tua|tuoi|ti)\b/);
    expect(mail('it').text).not.toMatch(/\bLei\b/);
  });

  it('shows recycling devices as free recycling and escapes the HTML part', () => {
    const message = mail('default');
    expect(message.text).toContain('- Samsung Galaxy S21: free recycling');
    expect(message.text).toContain('- Voucher BONUS10: +€10.00');
    expect(message.html).toContain('Apple iPhone 13 &lt;128 GB&gt;');
    expect(message.html).not.toContain('<128 GB>');
    expect(message.html).toMatch(/^<!doctype html>\n<html lang="en-GB">/);
  });

  it('shows a business line as units × unit price = amount, and promises SEPA transfer only', () => {
    const units = (locale: Locale) => {
      const message = confirmationMail({
        trade: {
          ...TRADE,
          tradeNumber: 'TB-2026-000001',
          b2b: true,
          items: [
            { ...TRADE.items[0]!, deviceName: 'Apple MacBook Pro 14" (M3 Pro, 2023) 18 GB / 512 GB', price: 1185, quantity: 3 },
            { ...TRADE.items[0]!, offerId: '8c2e6b0a-3d4f-4e5a-8b1c-2d3e4f5a6b7c', price: 134.5, quantity: 1 },
          ],
          subtotal: 3689.5,
          voucher: null,
          total: 3689.5,
        },
        locale,
        email: 'einkauf@example.com',
        firstName: 'Erika',
        lastName: 'Mustermann',
        labelUrl: LINK,
        tradePageUrl: TRADE_PAGE,
      });
      return { ...message, text: message.text.replace(/[\u00a0\u202f]/g, ' ') };
    };
    const de = units('de');
    expect(de.text).toContain('- Apple MacBook Pro 14" (M3 Pro, 2023) 18 GB / 512 GB: 3 × 1.185,00 € = 3.555,00 €');
    expect(de.text).toContain('134,50 €');
    expect(de.text).toContain('Sie erhalten: 3.689,50 €');
    expect(de.text).toContain('SEPA');
    expect(de.text).not.toContain('PayPal');
    expect(units('fr').text).toContain('3 × 1 185,00 € = 3 555,00 €');
    // A consumer trade still names both ways.
    expect(mail('de').text).toContain('PayPal');
  });

  it('promises the payout as the thank-you page does: working days and the late bonus from the payout promise', () => {
    const promise = PAYOUT_PROMISES.de;
    const de = mail('de');
    expect(de.text).toContain(`innerhalb von ${promise.workingDays} Werktagen`);
    expect(de.text).toContain(`legen wir automatisch ${promise.bonusBasisPoints / 100} % auf die Auszahlung (höchstens 20,00 €)`);
    expect(de.text).not.toContain('weniger Tage');
    expect(mail('default').text).toContain(`within ${promise.workingDays} working days`);
    expect(mail('fr').text).toContain('dans les 2 jours ouvrés');
    // The HTML part says the same.
    expect(de.html.replace(/[\u00a0\u202f]/g, ' ')).toContain(`innerhalb von ${promise.workingDays} Werktagen`);
  });

  it('is headed by the brand and laid out for phones and dark mode', () => {
    const { html } = mail('de');
    expect(html).toContain('<meta name="viewport" content="width=device-width, initial-scale=1"/>');
    expect(html).toContain('<meta name="color-scheme" content="light"/>');
    expect(html).toMatch(/<body style="[^"]*color:#1a1a1a;background-color:#ffffff/);
    expect(html).toMatch(/<div style="max-width:600px;margin:0 auto"><p style="[^"]*">trade-in<\/p><p>Hallo Erika,<\/p>/);
  });
});
