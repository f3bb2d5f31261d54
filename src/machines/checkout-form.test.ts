import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiCallError } from '../services/api-failure';
import { TradeRequestSchema } from '../contracts/trades';
import {
  emptyAddress,
  emptyCompany,
  emptyPayout,
  firstInvalidStep,
  isCheckoutField,
  parseTradeRequest,
  randomKey,
  readField,
  stepOrder,
  submitFailure,
  toTradeRequest,
  validateStep,
  voucherEmail,
  withAccount,
  writeField,
  type AccountPrefill,
  type CheckoutForm,
} from './checkout-form';
import { SELLER_ADDRESS, SELLER_SEPA } from '../contracts/seller.fixtures';

const OFFER = '3f1c2a4e-8b7d-4c6e-9a1b-2c3d4e5f6a7b';
const UUID_V4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

const form: CheckoutForm = {
  locale: 'de',
  cartOfferIds: [OFFER],
  b2b: false,
  identity: { kind: 'guest', email: 'erika@example.com' },
  company: emptyCompany,
  address: {
    ...emptyAddress,
    ...SELLER_ADDRESS,
  },
  payout: {
    ...emptyPayout,
    accountHolder: 'Erika Mustermann',
    iban: 'DE89 3704 0044 0532 0130 00',
    bic: 'cobadeffxxx',
    email: 'old@example.com',
  },
  voucherCode: '',
  termsAccepted: true,
};

describe('stepOrder and validateStep', () => {
  it('orders the steps', () => {
    expect(stepOrder).toEqual(['identity', 'address', 'payout', 'review']);
  });

  it('a complete form has no errors in any step', () => {
    for (const step of stepOrder) expect(validateStep(step, form)).toEqual({});
  });

  it('puts step errors under the request field paths', () => {
    const broken: CheckoutForm = {
      ...form,
      identity: { kind: 'guest', email: 'x' },
      address: { ...form.address, postalCode: '1010' },
      payout: { ...form.payout, bic: 'X' },
      termsAccepted: false,
    };
    expect(validateStep('identity', broken)).toEqual({ 'identity.email': 'email' });
    expect(validateStep('address', broken)).toEqual({ 'address.postalCode': 'postalCode' });
    expect(validateStep('address', { ...broken, locale: 'at' })).toEqual({});
    expect(validateStep('payout', broken)).toEqual({ 'payout.bic': 'bic' });
    expect(validateStep('review', broken)).toEqual({
      'identity.email': 'email',
      'address.postalCode': 'postalCode',
      'payout.bic': 'bic',
      termsAccepted: 'mustAccept',
    });
  });

  it('lets the payout step and the whole request pass with an empty BIC and a German IBAN', () => {
    const noBic: CheckoutForm = { ...form, payout: { ...form.payout, iban: 'DE89 3704 0044 0532 0130 00', bic: '' } };
    expect(validateStep('payout', noBic)).toEqual({});
    expect(parseTradeRequest(noBic).request?.payout).toMatchObject({ method: 'sepa', iban: 'DE89370400440532013000', bic: '' });
  });

  it('refuses emoji in names and impossible postal codes on the address step, with their own codes', () => {
    const address = { ...form.address, firstName: 'Erika 🙂', city: 'x'.repeat(61), postalCode: '00000' };
    expect(validateStep('address', { ...form, locale: 'de', address })).toEqual({
      'address.firstName': 'postalText',
      'address.city': 'tooLong',
      'address.postalCode': 'postalCode',
    });
  });

  it('firstInvalidStep looks only at [from, to)', () => {
    const broken = { ...form, address: { ...form.address, city: '' } };
    expect(firstInvalidStep(broken, 'identity', 'review')).toBe('address');
    expect(firstInvalidStep(broken, 'identity', 'address')).toBeNull();
    expect(firstInvalidStep(broken, 'payout', 'review')).toBeNull();
  });

  it("validation gives issue codes per field path, never the contract's English", () => {
    const sepaOutside = { ...form, payout: { ...form.payout, iban: 'BR1800360305000010009795493C1' } };
    expect(validateStep('payout', sepaOutside)).toEqual({ 'payout.iban': 'ibanNotSepa' });
    expect(validateStep('payout', { ...form, payout: { ...form.payout, iban: 'DE00 1234' } })).toEqual({ 'payout.iban': 'iban' });
    expect(validateStep('address', { ...form, address: { ...form.address, postalCode: '1234', city: '' } })).toEqual({
      'address.postalCode': 'postalCode',
      'address.city': 'required',
    });
    expect(validateStep('review', { ...form, termsAccepted: false })).toEqual({ termsAccepted: 'mustAccept' });
  });
});

describe('toTradeRequest', () => {
  it('sends the quantities of a business cart only, and the contract takes them', () => {
    expect(toTradeRequest({ ...form, cartQuantities: { [OFFER]: 4 } })).not.toHaveProperty('quantities');
    const company = { name: 'Muster Handel GmbH', legalForm: 'gmbh', vatId: '' };
    const business = toTradeRequest({
      ...form,
      b2b: true,
      company,
      address: { ...form.address, phone: '0221 123456' },
      cartQuantities: { [OFFER]: 4 },
    });
    expect(business).toMatchObject({ b2b: true, quantities: { [OFFER]: 4 } });
    expect(TradeRequestSchema('de').parse(business).quantities).toEqual({ [OFFER]: 4 });
    expect(toTradeRequest({ ...form, b2b: true, cartQuantities: {} })).not.toHaveProperty('quantities');
  });

  it('shapes the payout by method and is what TradeRequestSchema parses', () => {
    const sepa = toTradeRequest(form);
    expect(sepa.payout).toEqual({
      method: 'sepa',
      accountHolder: 'Erika Mustermann',
      iban: 'DE89 3704 0044 0532 0130 00',
      bic: 'cobadeffxxx',
    });
    expect(sepa).not.toHaveProperty('b2b');
    expect(TradeRequestSchema('de').parse(sepa).payout).toEqual({
      method: 'sepa',
      accountHolder: 'Erika Mustermann',
      iban: 'DE89370400440532013000',
      bic: 'COBADEFFXXX',
    });

    const paypal = toTradeRequest({ ...form, payout: { ...form.payout, method: 'paypal' }, voucherCode: ' summer10 ' });
    expect(paypal.payout).toEqual({ method: 'paypal', email: 'old@example.com' });
    expect(TradeRequestSchema('de').parse(paypal)).toMatchObject({ voucherCode: 'SUMMER10' });

    // A business trade sends its company; the contract wants SEPA and a phone number with it.
    const company = { name: 'Muster Handel GmbH', legalForm: 'gmbh', vatId: '' };
    const business = toTradeRequest({ ...form, b2b: true, company, address: { ...form.address, phone: '0221 123456' } });
    expect(business).toMatchObject({ b2b: true, company });
    expect(TradeRequestSchema('de').parse(business)).toMatchObject({
      b2b: true,
      company: { name: 'Muster Handel GmbH', legalForm: 'gmbh' },
    });
    expect(validateStep('review', { ...form, b2b: true, company, payout: { ...form.payout, method: 'paypal' } })).toEqual({
      'address.phone': 'required',
      'payout.method': 'b2bSepaOnly',
    });
  });
});

describe('fields', () => {
  it('reads and writes every field path', () => {
    expect(isCheckoutField('address.postalCode')).toBe(true);
    expect(isCheckoutField('payout.method')).toBe(false);
    expect(isCheckoutField('address.country')).toBe(false);
    expect(readField(form, 'payout.bic')).toBe('cobadeffxxx');
    expect(writeField(form, 'address.city', 'Bonn')).toEqual({ address: { ...form.address, city: 'Bonn' } });
    expect(writeField(form, 'payout.email', 'a@b.de')).toEqual({ payout: { ...form.payout, email: 'a@b.de' } });
    expect(writeField(form, 'identity.email', 'a@b.de')).toEqual({ identity: { kind: 'guest', email: 'a@b.de' } });
    expect(writeField(form, 'voucherCode', 'X')).toEqual({ voucherCode: 'X' });
  });
});

describe('submitFailure', () => {
  const conflict = (extra: object) => ({ statusCode: 409, error: 'Conflict', message: 'm', ...extra });

  it.each([
    ['no status (network)', new ApiCallError(), { kind: 'network' }, true],
    ['a plain TypeError', new TypeError('Failed to fetch'), { kind: 'network' }, true],
    ['500', new ApiCallError({ status: 500 }), { kind: 'network' }, true],
    ['503', new ApiCallError({ status: 503 }), { kind: 'network' }, true],
    ['429', new ApiCallError({ status: 429 }), { kind: 'network' }, true],
    ['409 in progress', new ApiCallError({ status: 409, body: conflict({}) }), { kind: 'network' }, true],
    [
      '409 expired',
      new ApiCallError({ status: 409, body: conflict({ expiredOfferIds: [OFFER] }) }),
      { kind: 'expired', offerIds: [OFFER] },
      false,
    ],
    ['409 used', new ApiCallError({ status: 409, body: conflict({ usedOfferIds: [OFFER] }) }), { kind: 'used', offerIds: [OFFER] }, false],
    [
      '422 voucher',
      new ApiCallError({ status: 422, body: { statusCode: 422, error: 'e', message: 'm', reason: 'expired' } }),
      { kind: 'voucher', reason: 'expired' },
      false,
    ],
    [
      '422 cap',
      new ApiCallError({ status: 422, body: { statusCode: 422, error: 'e', message: 'm', cap: 5000 } }),
      { kind: 'b2bCap', cap: 5000 },
      false,
    ],
    [
      '422 key reused for another body',
      new ApiCallError({ status: 422, body: { statusCode: 422, error: 'e', message: 'm' } }),
      { kind: 'unknown' },
      false,
    ],
    [
      '400 unknown offers',
      new ApiCallError({
        status: 400,
        body: {
          statusCode: 400,
          error: 'e',
          message: 'm',
          unknownOfferIds: [OFFER],
          fields: [{ path: 'offerIds.0', code: 'offerUnknown', message: 'Unknown offer.' }],
        },
      }),
      { kind: 'invalid', offerIds: [OFFER] },
      false,
    ],
    ['404', new ApiCallError({ status: 404 }), { kind: 'unknown' }, false],
  ])('%s', (_name, error, submitError, keepKey) => {
    const failure = submitFailure(error);
    expect(failure.submitError).toEqual(submitError);
    expect(failure.keepKey).toBe(keepKey);
  });

  it('400 fields become field errors; a voucher refusal carries its reason', () => {
    const invalid = submitFailure(
      new ApiCallError({
        status: 400,
        body: {
          statusCode: 400,
          error: 'e',
          message: 'm',
          fields: [
            { path: 'payout.iban', code: 'ibanNotSepa', message: 'ibanNotSepa' },
            // An older server without codes, or a code this app does not know: 'invalid'.
            { path: 'address.city', message: 'required' },
            { path: 'address.street', code: 'somethingNew', message: '?' },
          ],
        },
      }),
    );
    expect(invalid.errors).toEqual({ 'payout.iban': 'ibanNotSepa', 'address.city': 'invalid', 'address.street': 'invalid' });
    expect(
      submitFailure(new ApiCallError({ status: 422, body: { statusCode: 422, error: 'e', message: 'm', reason: 'unknown' } })).voucherError,
    ).toBe('unknown');
  });

  it('ApiCallError carries status, body and cause', () => {
    const cause = new TypeError('Failed to fetch');
    const error = new ApiCallError({ status: 400, body: { a: 1 } }, { cause });
    expect(error).toBeInstanceOf(Error);
    expect(error).toMatchObject({ name: 'ApiCallError', status: 400, body: { a: 1 }, cause });
  });
});

describe('randomKey', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('is a UUID v4, different each time', () => {
    const a = randomKey();
    expect(a).toMatch(UUID_V4);
    expect(randomKey()).not.toBe(a);
  });

  it('falls back to getRandomValues where randomUUID is missing (insecure contexts)', () => {
    const real = globalThis.crypto;
    vi.stubGlobal('crypto', { getRandomValues: <T extends ArrayBufferView>(array: T) => real.getRandomValues(array as never) as T });
    const key = randomKey();
    expect(key).toMatch(UUID_V4);
  });
});

describe('a customer identity', () => {
  const customer: CheckoutForm = { ...form, identity: { kind: 'customer', email: 'erika@example.com' } };

  it('is valid without a typed e-mail and sends {kind: customer} only', () => {
    expect(validateStep('identity', { ...customer, identity: { kind: 'customer', email: '' } })).toEqual({});
    expect(toTradeRequest(customer).identity).toEqual({ kind: 'customer' });
    const parsed = TradeRequestSchema('de').safeParse(toTradeRequest(customer));
    expect(parsed.success && parsed.data.identity).toEqual({ kind: 'customer' });
  });

  it('gives the account e-mail to the voucher check', () => {
    expect(voucherEmail(customer.identity)).toBe('erika@example.com');
    expect(voucherEmail({ kind: 'customer', email: '' })).toBeUndefined();
  });
});

describe('withAccount', () => {
  const prefill: AccountPrefill = {
    email: 'erika@example.com',
    address: { firstName: 'Erika', lastName: 'Mustermann', street: 'Heidestraße', houseNumber: '17a', postalCode: '51147', city: 'Köln' },
    sepa: { ...SELLER_SEPA },
    paypal: { email: 'pp@example.com' },
  };
  const fresh = { identity: { kind: 'guest' as const, email: '' }, address: emptyAddress, payout: emptyPayout };

  it('fills an untouched form completely (missing fields blank) and makes the identity the customer', () => {
    expect(withAccount(fresh, prefill)).toEqual({
      identity: { kind: 'customer', email: 'erika@example.com' },
      address: { ...prefill.address, phone: '' },
      payout: { method: 'sepa', ...prefill.sepa, email: 'pp@example.com' },
    });
  });

  it('keeps every part the seller typed in, including the chosen method', () => {
    const typed = {
      ...fresh,
      address: { ...emptyAddress, city: ' Bonn' },
      payout: { ...emptyPayout, method: 'paypal' as const, email: 'mine@example.com' },
    };
    const result = withAccount(typed, prefill);
    expect(result.address).toBe(typed.address);
    expect(result.payout).toEqual({ method: 'paypal', ...prefill.sepa, email: 'mine@example.com' });
  });

  it('without account data the form stays as it is', () => {
    const result = withAccount(fresh, { email: 'erika@example.com', address: null, sepa: null, paypal: null });
    expect(result.address).toBe(emptyAddress);
    expect(result.payout).toEqual(emptyPayout);
  });
});
