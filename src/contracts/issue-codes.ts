// The issue codes (what is wrong with a field; ./issues.ts explains them) and a reader of one failing
// field of an error answer, without zod: the failure reader (src/services/api-failure.ts) is in every
// page's first script, where zod is not (decision 090). ./issues.ts keeps the schemas.

export const ISSUE_CODES = [
  /** Missing or empty. */
  'required',
  /** Longer than the field allows. */
  'tooLong',
  /** Not an e-mail address. */
  'email',
  /** Not a postal code of the shop's country. */
  'postalCode',
  /** Not a phone number (6 to 20 digits, spaces, + or -). */
  'phone',
  /** Not an IBAN (check digits, length). */
  'iban',
  /** An IBAN outside the SEPA area. */
  'ibanNotSepa',
  /** Not a BIC (8 or 11 characters). */
  'bic',
  /** A box that must be ticked (terms, privacy notice). */
  'mustAccept',
  /** A new password shorter than the minimum. */
  'passwordTooShort',
  /** A new password longer than the maximum. */
  'passwordTooLong',
  /** A new password on the list of the most common ones, or equal to the e-mail address. */
  'passwordWeak',
  /** The repeated new password differs from the first. */
  'passwordMismatch',
  /** The current password is not the account's. */
  'passwordWrong',
  /** Not a date (yyyy-mm-dd). */
  'date',
  /** A birthdate of someone younger than 16 (or older than 120). */
  'age',
  /** An offer the server does not know, or one made in another country shop. */
  'offerUnknown',
  /** A voucher the server refused (the answer's `reason` says why). */
  'voucher',
  /** Not a trade number (TR-2026-000123). */
  'tradeNumber',
  /** An attachment that is not an image (JPEG, PNG, WebP, GIF, HEIC) or a PDF, judged by its content. */
  'attachmentType',
  /** An attachment larger than the size limit. */
  'attachmentTooLarge',
  /** More attachments than a message may carry. */
  'tooManyAttachments',
  /** A form sent sooner after it was opened than a person can fill it in (anti-spam). */
  'tooFast',
  /** Text with characters no person types and the database cannot keep: NUL, other control characters, broken Unicode (src/contracts/text.ts). */
  'invalidCharacters',
  /** A name, street or city with characters other than letters, digits, spaces and punctuation (emoji, symbols; src/contracts/text.ts). */
  'postalText',
  /** Not a VAT identification number of an EU member state (format, check digit). */
  'vatId',
  /** A business trade-in is paid by SEPA transfer only. */
  'b2bSepaOnly',
  /** Company data sent for a trade that is not a business trade-in (API clients only). */
  'companyWithoutB2b',
  /** A business trade-in over the cap (B2B_TRADE_CAP): the answer carries cap, total and overBy. */
  'b2bTradeCap',
  /** Anything else: the value does not fit (wrong type, unknown option, ...). */
  'invalid',
] as const;
export type IssueCode = (typeof ISSUE_CODES)[number];

const KNOWN = new Set<string>(ISSUE_CODES);
export const isIssueCode = (value: unknown): value is IssueCode => typeof value === 'string' && KNOWN.has(value);

/**
 * One failing field of an error answer as FieldIssueSchema (./issues.ts) reads it: its path and
 * message, and its code, 'invalid' when the code is missing or unknown (an older server); null when
 * it is not such a field.
 */
export function readFieldIssue(value: unknown): { path: string; code: IssueCode; message: string } | null {
  if (typeof value !== 'object' || value === null) return null;
  const { path, code, message } = value as Record<string, unknown>;
  if (typeof path !== 'string' || typeof message !== 'string') return null;
  return { path, code: isIssueCode(code) ? code : 'invalid', message };
}
