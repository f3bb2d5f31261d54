// Issue codes: what is wrong with a field, as a stable code the browser app turns into words in the
// shop's language (src/ui/form/issue-messages.ts). The contracts' English messages stay for API
// clients; no screen shows them. A refinement names its code with `coded`; zod's own checks get
// theirs from `issueCode` (a missing or empty value is 'required', a too long one 'tooLong', ...).

import { ISSUE_CODES, isIssueCode, type IssueCode } from './issue-codes';
import { z } from './zod';

export { ISSUE_CODES, type IssueCode } from './issue-codes';
export const IssueCodeSchema = z.enum(ISSUE_CODES);

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
  code: z._default(z.catch(IssueCodeSchema, 'invalid'), 'invalid'),
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
