// Issue codes: what is wrong with a field, as a stable code the browser app turns into words in the
// shop's language (src/ui/form/issue-messages.ts). The contracts' English messages stay for API
// clients; no screen shows them. A refinement names its code with `coded`; zod's own checks get
// theirs from `issueCode` (a missing or empty value is 'required', a too long one 'tooLong', ...).

import { z } from './zod';

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
export const IssueCodeSchema = z.enum(ISSUE_CODES);

const KNOWN = new Set<string>(ISSUE_CODES);
const isIssueCode = (value: unknown): value is IssueCode => typeof value === 'string' && KNOWN.has(value);

/** The options of a refinement that fails with `code`; `message` is the English text API clients read. */
export const coded = (code: IssueCode, message: string, options: { readonly abort?: boolean; readonly path?: PropertyKey[] } = {}) => ({
  error: message,
  params: { code },
  ...options,
});

/** What issueCode reads of a zod issue (also of one the Fastify type provider passed on). */
export interface IssueLike {
  readonly code?: string;
  readonly params?: { readonly code?: unknown };
  readonly origin?: string;
  readonly format?: string;
  readonly minimum?: unknown;
  readonly values?: readonly unknown[];
}

/** The issue code of a zod issue: a refinement's own, else one derived from zod's check. */
export function issueCode(issue: IssueLike): IssueCode {
  if (isIssueCode(issue.params?.code)) return issue.params.code;
  switch (issue.code) {
    // zod does not report the input; the forms always send strings, so a wrong type is a missing value.
    case 'invalid_type':
      return 'required';
    case 'too_small':
      // An empty text, or an empty list where one entry is needed (the privacy consent ['true']).
      return (issue.origin === 'string' || issue.origin === 'array') && Number(issue.minimum) <= 1 ? 'required' : 'invalid';
    case 'too_big':
      return 'tooLong';
    case 'invalid_format':
      return issue.format === 'email' ? 'email' : issue.format === 'date' ? 'date' : 'invalid';
    case 'invalid_value':
      // A literal `true` (or the string 'true') is a box that must be ticked.
      return issue.values?.length === 1 && (issue.values[0] === true || issue.values[0] === 'true') ? 'mustAccept' : 'invalid';
    default:
      return 'invalid';
  }
}

/** One failing field of an error answer: its path (dot-separated), its code and an English message. */
export const FieldIssueSchema = z.object({
  path: z.string(),
  // An older server (or another API) may send a code this app does not know: it reads as 'invalid'.
  code: IssueCodeSchema.catch('invalid').default('invalid'),
  message: z.string(),
});
export type FieldIssue = z.infer<typeof FieldIssueSchema>;

/** The FieldIssues of a zod error; `prefix` puts the paths under a part of a larger request. */
export function fieldIssues(
  error: { readonly issues: readonly (IssueLike & { path: readonly PropertyKey[]; message: string })[] },
  prefix?: string,
): FieldIssue[] {
  return error.issues.map((issue) => ({
    path: [prefix, ...issue.path.map(String)].filter((part) => part !== undefined && part !== '').join('.') || '(body)',
    code: issueCode(issue),
    message: issue.message,
  }));
}
