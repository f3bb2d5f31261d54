import { describe, expect, it } from 'vitest';
import type { Locale } from '../config/locales';
import {
  TRADE_NUMBER,
  AddressSchema,
  PayoutSchema,
  TradeRequestSchema,
  TradeSchema,
  VoucherCheckRequestSchema,
  VoucherCheckResultSchema,
  paymentTypeCode,
  maskedIban,
  TEXT_LIMITS,
} from './trades';
import { SELLER_ADDRESS, SELLER_SEPA } from './seller.fixtures';
import { issueCode } from './issues';

const ADDRESS = SELLER_ADDRESS;
const SEPA = { method: 'sepa', ...SELLER_SEPA };
const OFFER = '3f1c2a4e-8b7d-4c6e-9a1b-2c3d4e5f6a7b';
const REQUEST = {
  offerIds: [OFFER],
  identity: { kind: 'guest', email: 'erika@example.com' },
  address: ADDRESS,
  payout: SEPA,
  termsAccepted: true,
};

/** A business seller's company and the phone number a business trade needs. */
const BUSINESS = {
  b2b: true,
  company: { name: 'Muster Handel GmbH', legalForm: 'gmbh', vatId: 'de 136 695 976' },
  address: { ...ADDRESS, phone: '0221 123456' },
};

const paths = (result: { success: boolean; error?: { issues: { path: PropertyKey[] }[] } }) =>
  result.error?.issues.map((i) => i.path.join('.')) ?? [];

describe('AddressSchema', () => {
  it.each<[Locale, string, boolean]>([
    ['de', '51147', true],
    ['de', '5114', false],
    ['de', '00000', false],
    ['at', '1010', true],
    ['at', '10100', false],
    ['es', '28013', true],
    ['es', '2801', false],
    ['fr', '75001', true],
    ['fr', '20000', true],
    ['fr', '99000', false],
    ['fr', '00123', false],
    ['it', '00184', true],
    ['it', '0018', false],
    ['default', '10115', true],
  ])('%s postal code %s valid: %s', (locale, postalCode, valid) => {
    expect(AddressSchema(locale).safeParse({ ...ADDRESS, postalCode }).success).toBe(valid);
  });

  it('trims the postal code before the country rule judges it', () => {
    expect(AddressSchema('de').parse({ ...ADDRESS, postalCode: ' 51147 ' }).postalCode).toBe('51147');
  });

  it('requires the name, street, house number and city', () => {
    const result = AddressSchema('de').safeParse({ ...ADDRESS, firstName: ' ', street: undefined, houseNumber: '', city: 'x'.repeat(61) });
    expect(paths(result).sort()).toEqual(['city', 'firstName', 'houseNumber', 'street']);
  });

  it.each([
    ['+49 221 123456', true],
    ['0221-123456', true],
    ['', true],
    ['12345', false],
    ['0221 123456 ext 7', false],
    ['+49 221 1234567890123', false],
  ])('phone %j valid: %s', (phone, valid) => {
    expect(AddressSchema('de').safeParse({ ...ADDRESS, phone }).success).toBe(valid);
  });

  it.each([
    ['German', { firstName: 'Jürgen', lastName: 'Groß-Weißenfels', street: 'Königstraße', city: 'Mönchengladbach' }],
    ['Polish, Czech, Hungarian', { firstName: 'Łucja', lastName: 'Dvořák', street: 'Ősz utca', city: 'Łódź' }],
    ['Nordic and Icelandic', { firstName: 'Þórður', lastName: 'Ærø', street: 'Søndergade', city: 'Reykjavík' }],
    ['Greek and Cyrillic', { firstName: 'Ελένη', lastName: 'Иванова', street: 'Οδός Ερμού', city: 'София' }],
    ['punctuation', { firstName: "D'Arcy", lastName: 'O’Brien-Smith', street: 'Rue du 8-Mai-1945 (bât. B)', city: 'Saint-Étienne' }],
  ])('accepts %s letters, digits and punctuation in names, street and city', (_case, values) => {
    expect(AddressSchema('de').safeParse({ ...ADDRESS, ...values }).success).toBe(true);
  });

  it.each([
    ['an emoji in the first name', { firstName: 'Erika 😀' }, 'firstName'],
    ['a flag in the city', { city: 'Köln 🇩🇪' }, 'city'],
    ['a symbol in the street', { street: 'Heidestraße ♥' }, 'street'],
    ['a Chinese name', { lastName: '王' }, 'lastName'],
    ['a zero-width joiner in the house number', { houseNumber: '1\u200d7' }, 'houseNumber'],
  ])('refuses %s with the code postalText', (_case, values, field) => {
    const result = AddressSchema('de').safeParse({ ...ADDRESS, ...values });
    expect(result.error?.issues.map((issue) => [issue.path.join('.'), issueCode(issue)])).toEqual([[field, 'postalText']]);
  });

  it('answers a too long name with tooLong, not with required (the form shows the limit)', () => {
    const result = AddressSchema('de').safeParse({ ...ADDRESS, firstName: 'x'.repeat(300) });
    expect(result.error?.issues.map((issue) => [issue.path.join('.'), issueCode(issue)])).toEqual([['firstName', 'tooLong']]);
    expect(AddressSchema('de').safeParse({ ...ADDRESS, firstName: 'x'.repeat(TEXT_LIMITS.firstName) }).success).toBe(true);
  });

  it('treats a blank phone as absent', () => {
    expect(AddressSchema('de').parse({ ...ADDRESS, phone: '  ' }).phone).toBeUndefined();
  });
});

describe('PayoutSchema', () => {
  it.each([
    ['DE', 'DE89370400440532013000'],
    ['AT', 'AT611904300234573201'],
    ['ES', 'ES9121000418450200051332'],
    ['FR', 'FR1420041010050500013M02606'],
    ['IT', 'IT60X0542811101000000123456'],
  ])('accepts a valid %s IBAN', (_country, iban) => {
    expect(PayoutSchema.parse({ ...SEPA, iban })).toMatchObject({ method: 'sepa', iban });
  });

  it('normalizes spaces and lower case in IBAN and BIC', () => {
    expect(PayoutSchema.parse({ ...SEPA, iban: ' de89 3704 0044 0532 0130 00 ', bic: 'cobadeff xxx' })).toMatchObject({
      iban: 'DE89370400440532013000',
      bic: 'COBADEFFXXX',
    });
  });

  it.each([
    ['wrong check digits', 'DE88370400440532013000'],
    ['a wrong length', 'DE8937040044053201300'],
    ['a mistyped digit', 'DE89370400440532013001'],
    ['a country outside SEPA', 'SA0380000000608010167519'],
    ['no IBAN at all', 'not an iban'],
    ['an empty string', ''],
  ])('refuses an IBAN with %s', (_case, iban) => {
    expect(paths(PayoutSchema.safeParse({ ...SEPA, iban }))).toEqual(['iban']);
  });

  it.each([
    ['COBADEFF', true],
    ['COBADEFFXXX', true],
    ['DEUTDEFF500', true],
    ['COBADEF', false],
    ['COBADEFFXX', false],
    ['COBA12FF', false],
    ['COBAXXFF', false],
  ])('BIC %s valid: %s', (bic, valid) => {
    expect(PayoutSchema.safeParse({ ...SEPA, bic }).success).toBe(valid);
  });

  it('accepts an empty or absent BIC with a SEPA IBAN (the IBAN alone suffices) and keeps it as an empty string', () => {
    expect(PayoutSchema.parse({ ...SEPA, iban: 'DE89 3704 0044 0532 0130 00', bic: '' })).toMatchObject({ bic: '' });
    expect(PayoutSchema.parse({ ...SEPA, bic: '   ' })).toMatchObject({ bic: '' });
    const { bic: _bic, ...withoutBic } = SEPA;
    expect(PayoutSchema.parse(withoutBic)).toMatchObject({ iban: 'DE89370400440532013000', bic: '' });
  });

  it('still refuses a given BIC that is not one, with the code bic', () => {
    const result = PayoutSchema.safeParse({ ...SEPA, bic: 'COBA' });
    expect(result.error?.issues.map((issue) => [issue.path.join('.'), issueCode(issue)])).toEqual([['bic', 'bic']]);
  });

  it('masks an IBAN in groups of four, the one way every screen shows it', () => {
    expect(maskedIban('DE89 3704 0044 0532 0130 00')).toBe('DE89 •••• •••• •••• 3000');
    expect(maskedIban('fr14 2004 1010 0505 0001 3m02 606')).toBe('FR14 •••• •••• •••• 2606');
  });

  it('requires the account holder for SEPA and an e-mail for PayPal', () => {
    expect(paths(PayoutSchema.safeParse({ ...SEPA, accountHolder: '' }))).toEqual(['accountHolder']);
    expect(PayoutSchema.parse({ method: 'paypal', email: ' erika@example.com ' })).toEqual({
      method: 'paypal',
      email: 'erika@example.com',
    });
    expect(paths(PayoutSchema.safeParse({ method: 'paypal', email: 'erika' }))).toEqual(['email']);
    expect(PayoutSchema.safeParse({ method: 'cash' }).success).toBe(false);
  });

  it('gives payment type 2 for PayPal and 13 for SEPA (product §9)', () => {
    expect(paymentTypeCode({ method: 'paypal' })).toBe(2);
    expect(paymentTypeCode({ method: 'sepa' })).toBe(13);
  });
});

describe('TradeRequestSchema', () => {
  it('accepts a guest checkout and normalizes it', () => {
    const request = TradeRequestSchema('de').parse({
      ...REQUEST,
      ...BUSINESS,
      offerIds: [OFFER.toUpperCase()],
      voucherCode: ' welcome10 ',
    });
    expect(request).toMatchObject({
      offerIds: [OFFER],
      voucherCode: 'WELCOME10',
      b2b: true,
      identity: { kind: 'guest' },
      company: { name: 'Muster Handel GmbH', legalForm: 'gmbh', vatId: 'DE136695976' },
    });
  });

  it.each([undefined, false, 'true'])('refuses termsAccepted %j with the terms message', (termsAccepted) => {
    const result = TradeRequestSchema('de').safeParse({ ...REQUEST, termsAccepted });
    expect(result.error?.issues).toEqual([
      expect.objectContaining({ path: ['termsAccepted'], message: 'Please accept the terms and conditions.' }),
    ]);
  });

  it.each([
    [[], 'The cart is empty.'],
    [[OFFER, OFFER], 'Each offer can be in the cart only once.'],
    [Array.from({ length: 21 }, (_, i) => `3f1c2a4e-8b7d-4c6e-9a1b-${String(i).padStart(12, '0')}`), 'A trade holds at most 20 devices.'],
  ])('refuses offerIds %j', (offerIds, message) => {
    expect(TradeRequestSchema('de').safeParse({ ...REQUEST, offerIds }).error?.issues[0]?.message).toBe(message);
  });

  it('names the failing field paths', () => {
    const result = TradeRequestSchema('at').safeParse({
      ...REQUEST,
      offerIds: ['nope'],
      identity: { kind: 'guest', email: 'x' },
      address: { ...ADDRESS, postalCode: '51147' },
      payout: { ...SEPA, iban: 'DE00' },
    });
    expect(paths(result).sort()).toEqual(['address.postalCode', 'identity.email', 'offerIds.0', 'payout.iban']);
  });

  it('allows business trade-ins only where the shop has B2B', () => {
    expect(TradeRequestSchema('de').safeParse({ ...REQUEST, ...BUSINESS }).success).toBe(true);
    const austrian = { ...REQUEST, address: { ...ADDRESS, postalCode: '1010' } };
    expect(paths(TradeRequestSchema('at').safeParse({ ...austrian, b2b: true }))).toEqual(['b2b']);
    expect(paths(TradeRequestSchema('at').safeParse({ ...austrian, ...BUSINESS, address: austrian.address }))).toEqual(['b2b']);
    expect(TradeRequestSchema('at').safeParse({ ...austrian, b2b: false }).success).toBe(true);
  });

  it('requires the company, a phone and SEPA with b2b, and refuses a company without b2b', () => {
    const result = TradeRequestSchema('de').safeParse({ ...REQUEST, b2b: true, payout: { method: 'paypal', email: 'erika@example.com' } });
    expect(result.error?.issues.map((i) => [i.path.join('.'), issueCode(i)]).sort()).toEqual([
      ['address.phone', 'required'],
      ['company', 'required'],
      ['payout.method', 'b2bSepaOnly'],
    ]);
    const stray = TradeRequestSchema('de').safeParse({ ...REQUEST, company: BUSINESS.company });
    expect(stray.error?.issues.map((i) => [i.path.join('.'), issueCode(i)])).toEqual([['company', 'companyWithoutB2b']]);
  });

  it('checks the VAT id when given and takes none for a small business', () => {
    const withVat = (vatId: unknown) =>
      TradeRequestSchema('de').safeParse({ ...REQUEST, ...BUSINESS, company: { ...BUSINESS.company, vatId } });
    expect(withVat('').data?.company?.vatId).toBeUndefined();
    expect(withVat(undefined).success).toBe(true);
    const wrong = withVat('DE136695977');
    expect(wrong.error?.issues.map((i) => [i.path.join('.'), issueCode(i)])).toEqual([['company.vatId', 'vatId']]);
    const unknownForm = TradeRequestSchema('de').safeParse({ ...REQUEST, ...BUSINESS, company: { ...BUSINESS.company, legalForm: 'llc' } });
    expect(paths(unknownForm)).toEqual(['company.legalForm']);
  });

  it('reads consumer (TR-) and business (TB-) trade numbers, nothing else', () => {
    for (const number of ['TR-2026-000123', 'TB-2026-000001', 'TB-2027-1234567']) expect(TRADE_NUMBER.test(number), number).toBe(true);
    for (const number of ['TX-2026-000123', 'tb-2026-000001', 'TB-26-000001', 'TB-2026-12345', 'TB-2026-000001 ']) {
      expect(TRADE_NUMBER.test(number), number).toBe(false);
    }
  });

  it('treats an empty voucher code as none and accepts null', () => {
    expect(TradeRequestSchema('de').parse({ ...REQUEST, voucherCode: '' }).voucherCode).toBeUndefined();
    expect(TradeRequestSchema('de').parse({ ...REQUEST, voucherCode: null }).voucherCode).toBeNull();
  });

  it('takes a logged-in customer without an e-mail (the server knows it), and refuses other identities', () => {
    expect(TradeRequestSchema('de').parse({ ...REQUEST, identity: { kind: 'customer' } }).identity).toEqual({ kind: 'customer' });
    expect(paths(TradeRequestSchema('de').safeParse({ ...REQUEST, identity: { kind: 'customer', email: 'erika@example.com' } }))).toEqual([
      'identity.email',
    ]);
    expect(paths(TradeRequestSchema('de').safeParse({ ...REQUEST, identity: { kind: 'partner', customerId: 7 } }))).toEqual([
      'identity.kind',
    ]);
  });
});

describe('TradeSchema', () => {
  it('describes the answer of POST /api/trades', () => {
    const trade = {
      tradeId: OFFER,
      tradeNumber: 'TR-2026-000123',
      transactionId: 123,
      status: 'created',
      items: [{ offerId: OFFER, deviceId: 1300, deviceName: 'Apple iPhone 13 128 GB', price: 310, conditionId: 1, kind: 'purchase' }],
      subtotal: 310,
      voucher: { code: 'WELCOME10', value: 10 },
      total: 320,
      payout: { method: 'sepa', masked: 'DE89 •••• •••• •••• 3000' },
      createdAt: '2026-11-22T10:00:00.000Z',
    };
    // An item without a quantity (an answer of a server before issue 14) is one unit.
    expect(TradeSchema.parse(trade)).toEqual({ ...trade, items: [{ ...trade.items[0], quantity: 1 }] });
    expect(TradeSchema.parse({ ...trade, items: [{ ...trade.items[0], quantity: 4 }] }).items[0]!.quantity).toBe(4);
    expect(TradeSchema.safeParse({ ...trade, items: [{ ...trade.items[0], quantity: 0 }] }).success).toBe(false);
    expect(TradeSchema.safeParse({ ...trade, tradeNumber: '123' }).success).toBe(false);
    expect(TradeSchema.safeParse({ ...trade, transactionId: 0 }).success).toBe(false);
  });
});

describe('voucher check contract', () => {
  it('upper-cases the code and allows cents only', () => {
    expect(VoucherCheckRequestSchema.parse({ code: ' spring5 ', cartTotal: 123.45 })).toEqual({ code: 'SPRING5', cartTotal: 123.45 });
    expect(paths(VoucherCheckRequestSchema.safeParse({ code: 'SPRING5', cartTotal: 1.005 }))).toEqual(['cartTotal']);
    expect(paths(VoucherCheckRequestSchema.safeParse({ code: '', cartTotal: -1 })).sort()).toEqual(['cartTotal', 'code']);
  });

  it('answers valid with a value or invalid with a reason', () => {
    expect(VoucherCheckResultSchema.parse({ valid: true, code: 'SPRING5', kind: 'percent', value: 6.17 }).valid).toBe(true);
    expect(VoucherCheckResultSchema.safeParse({ valid: false, reason: 'expired' }).success).toBe(true);
    expect(VoucherCheckResultSchema.safeParse({ valid: false, reason: 'stolen' }).success).toBe(false);
  });
});
