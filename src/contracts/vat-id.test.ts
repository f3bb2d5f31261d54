import { describe, expect, it } from 'vitest';
import { isValidVatId, normalizeVatId, VAT_ID_EXAMPLE } from './vat-id';

describe('VAT ids', () => {
  it('accepts German ids whose ISO 7064 MOD 11,10 check digit fits', () => {
    expect(isValidVatId('DE136695976')).toBe(true);
    expect(isValidVatId('DE811569869')).toBe(true);
  });

  it('accepts the example the shop shows in its hint and error message', () => {
    expect(isValidVatId(VAT_ID_EXAMPLE)).toBe(true);
    expect(VAT_ID_EXAMPLE).toMatch(/^DE[0-9]{9}$/);
  });

  it('refuses a German id with a wrong check digit', () => {
    expect(isValidVatId('DE136695977')).toBe(false);
    expect(isValidVatId('DE123456789')).toBe(false);
  });

  it('refuses German ids with 8 or 10 digits, letters or a leading zero', () => {
    expect(isValidVatId('DE13669597')).toBe(false);
    expect(isValidVatId('DE1366959761')).toBe(false);
    expect(isValidVatId('DE13669597A')).toBe(false);
    expect(isValidVatId('DE036695976')).toBe(false);
  });

  it('reads spaces, dots, dashes and lower case as typed by people', () => {
    expect(isValidVatId('de 136 695 976')).toBe(true);
    expect(isValidVatId(' DE136.695.976 ')).toBe(true);
    expect(isValidVatId('De-136695976')).toBe(true);
    expect(normalizeVatId('de 136.695-976')).toBe('DE136695976');
  });

  it('accepts other EU member states by their own rules', () => {
    expect(isValidVatId('ATU13585627')).toBe(true);
    expect(isValidVatId('FR40303265045')).toBe(true);
    expect(isValidVatId('IT00743110157')).toBe(true);
    expect(isValidVatId('NL004495445B01')).toBe(true);
    // Greece's prefix is EL, not GR.
    expect(isValidVatId('EL094259216')).toBe(true);
  });

  it('refuses the wrong country: a German number under another prefix, non-EU and unknown prefixes', () => {
    expect(isValidVatId('AT136695976')).toBe(false);
    expect(isValidVatId('GB980780684')).toBe(false);
    expect(isValidVatId('CHE116281710')).toBe(false);
    expect(isValidVatId('XX136695976')).toBe(false);
  });

  it('refuses an id without its country prefix, and empty input', () => {
    expect(isValidVatId('136695976')).toBe(false);
    expect(isValidVatId('')).toBe(false);
    expect(isValidVatId('DE')).toBe(false);
  });
});
