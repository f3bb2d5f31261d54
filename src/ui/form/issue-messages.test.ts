import { setupI18n } from '@lingui/core';
import { describe, expect, it } from 'vitest';
import { ISSUE_CODES } from '../../contracts/issues';
import { issueMessage } from './issue-messages';

const i18n = setupI18n({ locale: 'en', messages: { en: {} } });

describe('issueMessage', () => {
  it('has words for every issue code, none of them the contract’s English', () => {
    for (const code of ISSUE_CODES) {
      const text = issueMessage(i18n, 'de', 'address.city', code);
      expect(text, code).toMatch(/\w/);
      expect(text, code).not.toBe(code);
    }
  });

  it('says which field is missing, by its full path or its last segment', () => {
    expect(issueMessage(i18n, 'de', 'address.city', 'required')).toBe('Please enter your city.');
    expect(issueMessage(i18n, 'de', 'Address.city', 'required')).toBe('Please enter your city.');
    expect(issueMessage(i18n, 'de', 'payout.email', 'required')).toBe('Please enter the e-mail address of your PayPal account.');
    expect(issueMessage(i18n, 'de', 'identity.email', 'required')).toBe('Please enter a valid e-mail address.');
    expect(issueMessage(i18n, 'de', 'termsAccepted', 'mustAccept')).toBe('Please accept the terms and conditions.');
    expect(issueMessage(i18n, 'de', 'privacyAccepted', 'required')).toBe('Please accept the privacy policy to create an account.');
    expect(issueMessage(i18n, 'de', 'somethingElse', 'required')).toBe('Please fill in this field.');
  });

  it('tells an IBAN outside SEPA from a wrong one, and gives the shop’s postal code example', () => {
    expect(issueMessage(i18n, 'de', 'payout.iban', 'iban')).toBe('This IBAN is not valid. Please check it.');
    expect(issueMessage(i18n, 'de', 'payout.iban', 'ibanNotSepa')).toMatch(/SEPA/);
    expect(issueMessage(i18n, 'at', 'address.postalCode', 'postalCode')).toBe('Please enter a valid postal code, for example 1010.');
    expect(issueMessage(i18n, 'fr', 'address.postalCode', 'postalCode')).toBe('Please enter a valid postal code, for example 75001.');
  });

  it('names the limit of a too long field and tells emoji apart from control characters', () => {
    expect(issueMessage(i18n, 'de', 'address.firstName', 'tooLong')).toBe('Please shorten this to at most 50 characters.');
    expect(issueMessage(i18n, 'de', 'payout.accountHolder', 'tooLong')).toBe('Please shorten this to at most 70 characters.');
    expect(issueMessage(i18n, 'de', 'address.firstName', 'postalText')).toMatch(/emoji/);
    expect(issueMessage(i18n, 'de', 'address.firstName', 'invalidCharacters')).toMatch(/control characters/);
  });
});
