import { describe, expect, it } from 'vitest';
import { bicOfIban } from './bank-codes';

describe('the BIC of an IBAN', () => {
  it("is the bank's BIC for German, Austrian, Spanish and French IBANs, however they are typed", async () => {
    expect(await bicOfIban('DE89 3704 0044 0532 0130 00')).toBe('COBADEFFXXX');
    expect(await bicOfIban('de89370400440532013000')).toBe('COBADEFFXXX');
    expect(await bicOfIban('AT24 2011 1822 2121 9800')).toBe('GIBAATWWXXX');
    expect(await bicOfIban('ES91 2100 0418 4502 0005 1332')).toBe('CAIXESBB');
    expect(await bicOfIban('FR14 2004 1010 0505 0001 3M02 606')).toBe('PSSTFRPPXXX');
  });

  it('is unknown for an invalid IBAN, a country without a table (Italy) and a bank not in the table', async () => {
    expect(await bicOfIban('DE89 3704 0044 0532 0130 01')).toBeNull();
    expect(await bicOfIban('IT60 X054 2811 1010 0000 0123 456')).toBeNull();
    expect(await bicOfIban('AT61 1904 3002 3457 3201')).toBeNull();
    expect(await bicOfIban('')).toBeNull();
  });

  it('answers the same promise for the same IBAN, so a component can wait for it while rendering', () => {
    expect(bicOfIban('DE89 3704 0044 0532 0130 00')).toBe(bicOfIban('DE89370400440532013000'));
  });
});
