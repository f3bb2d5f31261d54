// Field errors of the forms, as every form machine keeps them: field path → issue code (see
// src/contracts/issues). The contract's zod issues and a server's 400 answer become the same map;
// src/ui/form turns a code into words next to its field.

import { fieldIssues, type FieldIssue, type IssueCode, type IssueLike } from '../contracts/issues';

/** Field path (e.g. 'address.postalCode', 'payout.iban', 'termsAccepted') → what is wrong with it. */
export type FieldErrors = Readonly<Record<string, IssueCode>>;

type ZodIssueLike = IssueLike & { readonly path: readonly PropertyKey[]; readonly message: string };

/**
 * The first issue per field: a server's FieldIssues, or a zod error's issues (`prefix` puts a part's
 * paths under the whole request's). `rename` maps a path to the form's own (null drops it).
 */
export function fieldErrors(
  issues: readonly FieldIssue[] | { readonly issues: readonly ZodIssueLike[] },
  options: { readonly prefix?: string; readonly rename?: (path: string) => string | null } = {},
): FieldErrors {
  const list = 'issues' in issues ? fieldIssues(issues, options.prefix) : issues;
  const errors: Record<string, IssueCode> = {};
  for (const issue of list) {
    const path = options.rename ? options.rename(issue.path) : issue.path;
    if (path !== null) errors[path] ??= issue.code;
  }
  return errors;
}

export const hasErrors = (errors: FieldErrors): boolean => Object.keys(errors).length > 0;

export function withoutError(errors: FieldErrors, path: string): FieldErrors {
  if (!(path in errors)) return errors;
  const { [path]: _removed, ...rest } = errors;
  return rest;
}

/** The errors whose path lies under `prefix` (e.g. 'payout') or equals it. */
export function errorsUnder(errors: FieldErrors, prefix: string): FieldErrors {
  return Object.fromEntries(Object.entries(errors).filter(([path]) => path === prefix || path.startsWith(`${prefix}.`)));
}

export function withoutErrorsUnder(errors: FieldErrors, prefix: string): FieldErrors {
  const under = errorsUnder(errors, prefix);
  return Object.keys(under).length === 0 ? errors : Object.fromEntries(Object.entries(errors).filter(([path]) => !(path in under)));
}
