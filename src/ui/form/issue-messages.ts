// The one table of what a form says about a field's issue (src/contracts/issues), in the shop's
// language. The code says what is wrong; the field path picks the words where they differ by field
// ("Please enter your street."). The contracts' English messages never reach a screen.

import type { I18n, MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react';
import { B2B_TRADE_CAP } from '../../config/constants';
import type { Locale } from '../../config/locales';
import { formatPrice } from '../../i18n/format';
import { PASSWORD_MAX, PASSWORD_MIN } from '../../contracts/account';
import { CONTACT_LIMITS } from '../../contracts/contact';
import type { IssueCode } from '../../contracts/issues';
import { isLimitedField, TEXT_LIMITS } from '../../contracts/trades';
import { VAT_ID_EXAMPLE } from '../../contracts/vat-id';
import type { FieldErrors } from '../../machines/form';
import { useShop } from '../shop-context';

/** A missing value, by the field's full path or else its last segment ('address.city' → 'city'). */
const REQUIRED: Readonly<Record<string, MessageDescriptor>> = {
  email: msg`Please enter a valid e-mail address.`,
  'payout.email': msg`Please enter the e-mail address of your PayPal account.`,
  firstName: msg`Please enter your first name.`,
  lastName: msg`Please enter your last name.`,
  street: msg`Please enter your street.`,
  houseNumber: msg`Please enter your house number.`,
  city: msg`Please enter your city.`,
  postalCode: msg`Please enter your postal code.`,
  accountHolder: msg`Please enter the account holder.`,
  iban: msg`Please enter your IBAN.`,
  password: msg`Please enter your password.`,
  currentPassword: msg`Please enter your current password.`,
  voucherCode: msg`Enter a voucher code of 1 to 40 characters, or leave the field empty.`,
  termsAccepted: msg`Please accept the terms and conditions.`,
  'company.name': msg`Please enter the company name.`,
  'company.legalForm': msg`Please choose the legal form.`,
  company: msg`Please enter the company details.`,
  'address.phone': msg`Please enter a phone number.`,
  privacyAccepted: msg`Please accept the privacy policy to create an account.`,
  subject: msg`Please choose what your message is about.`,
  name: msg`Please enter your name.`,
  stars: msg`Please choose from 1 to 5 stars.`,
  text: msg`Please write a few words about your trade.`,
  message: msg`Please write your message.`,
};

/** An example postal code of each shop, for the postal code message. */
export const POSTAL_CODE_EXAMPLES: Record<Locale, string> = {
  default: '10115',
  de: '10115',
  at: '1010',
  es: '28001',
  fr: '75001',
  it: '00184',
};

const lastSegment = (path: string) => path.slice(path.lastIndexOf('.') + 1);

/** The parts of a request whose text fields have the trade contract's limits (TEXT_LIMITS). */
const LIMITED_PARTS = ['address', 'payout', 'identity', 'company', 'Address', 'payment', 'bankAccount', 'paypalAccount'];

/** The most characters the field at `path` takes, when the trade contract limits it. */
export function maxLengthOf(path: string): number | undefined {
  const field = lastSegment(path);
  const part = path.includes('.') ? path.slice(0, path.indexOf('.')) : '';
  return (part === '' || LIMITED_PARTS.includes(part)) && isLimitedField(field) ? TEXT_LIMITS[field] : undefined;
}

function required(path: string): MessageDescriptor {
  return REQUIRED[path] ?? REQUIRED[lastSegment(path)] ?? msg`Please fill in this field.`;
}

/** What to show next to the field at `path` whose value has the issue `code`. */
export function issueMessage(i18n: I18n, locale: Locale, path: string, code: IssueCode): string {
  switch (code) {
    case 'required':
    case 'mustAccept':
      return i18n._(required(path));
    case 'tooLong': {
      if (lastSegment(path) === 'voucherCode') return i18n._(required('voucherCode'));
      const max = maxLengthOf(path);
      return max === undefined
        ? i18n._(msg`This is too long. Please shorten it.`)
        : i18n._(msg`Please shorten this to at most ${max} characters.`);
    }
    case 'postalText':
      return i18n._(msg`Please use letters, digits, spaces and punctuation only (no emoji or other symbols).`);
    case 'email':
      return i18n._(path === 'payout.email' ? REQUIRED['payout.email']! : msg`Please enter a valid e-mail address.`);
    case 'postalCode': {
      const example = POSTAL_CODE_EXAMPLES[locale];
      return i18n._(msg`Please enter a valid postal code, for example ${example}.`);
    }
    case 'phone':
      return i18n._(msg`A phone number has 6 to 20 digits, spaces, + or -.`);
    case 'iban':
      return i18n._(msg`This IBAN is not valid. Please check it.`);
    case 'ibanNotSepa':
      return i18n._(msg`We can only pay to bank accounts in the SEPA area. Please use such an account or PayPal.`);
    case 'bic':
      return i18n._(msg`This BIC is not valid. It has 8 or 11 characters; you can also leave it empty.`);
    case 'passwordTooShort':
      return i18n._(msg`Please choose a password with at least ${PASSWORD_MIN} characters.`);
    case 'passwordTooLong':
      return i18n._(msg`Please choose a password with at most ${PASSWORD_MAX} characters.`);
    case 'passwordWeak':
      return i18n._(msg`This password is too common or easy to guess. Please choose another one.`);
    case 'passwordMismatch':
      return i18n._(msg`The two passwords are not the same.`);
    case 'passwordWrong':
      return i18n._(msg`The current password is not correct.`);
    case 'date':
      return i18n._(msg`Please enter a valid date.`);
    case 'age':
      return i18n._(msg`Sellers must be at least 16 years old.`);
    case 'offerUnknown':
      return i18n._(msg`This offer is not available any more. Please remove it from your cart.`);
    case 'voucher':
      return i18n._(msg`This voucher code cannot be used.`);
    case 'tradeNumber':
      return i18n._(msg`A trade number looks like TR-2026-000123. Please check it or leave the field empty.`);
    case 'attachmentType':
      return i18n._(msg`This file cannot be attached. Please attach photos (JPEG, PNG, WebP, GIF, HEIC) or PDF files.`);
    case 'attachmentTooLarge': {
      const megabytes = CONTACT_LIMITS.attachmentBytes / 1024 / 1024;
      return i18n._(msg`This file is too large. Each file may have at most ${megabytes} MB.`);
    }
    case 'tooManyAttachments': {
      const count = CONTACT_LIMITS.attachments;
      return i18n._(msg`Please attach at most ${count} files.`);
    }
    case 'tooFast':
      return i18n._(msg`That was very quick. Please check your message and send it again.`);
    case 'invalidCharacters':
      return i18n._(msg`This contains characters we cannot accept (for example invisible control characters). Please type it again.`);
    case 'vatId': {
      const example = VAT_ID_EXAMPLE;
      return i18n._(
        msg`This VAT ID is not valid. A German VAT ID is DE followed by 9 digits; the last digit is a check digit calculated from the other eight, so one wrong digit makes the number invalid. Please copy it from your tax office's letter, for example ${example}.`,
      );
    }
    case 'b2bSepaOnly':
      return i18n._(msg`Business trade-ins are paid by bank transfer to the company account.`);
    case 'companyWithoutB2b':
      return i18n._(msg`Company details can only be given for a business trade-in.`);
    case 'b2bTradeCap': {
      const cap = formatPrice(locale, B2B_TRADE_CAP);
      return i18n._(msg`A business trade-in can be at most ${cap} online.`);
    }
    case 'invalid':
      return i18n._(msg`Please check this field.`);
  }
}

/** The message for a field of `errors` in the shop's language, or undefined when it has none. */
export function useErrorOf(errors: FieldErrors): (path: string) => string | undefined {
  const { i18n } = useLingui();
  const { locale } = useShop();
  return (path) => {
    const code = errors[path];
    return code === undefined ? undefined : issueMessage(i18n, locale, path, code);
  };
}
