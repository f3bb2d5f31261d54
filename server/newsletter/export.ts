// The confirmed subscribers of a shop as CSV for a mailing tool (`npm run ops -- newsletter export`):
// RFC 4180 quoting, and cells that a spreadsheet would run as a formula are prefixed with a quote.

import type { Locale } from '../../src/config/locales';
import type { Database } from '../db/client';
import { confirmedSubscribers, type Subscriber } from './subscribers';

export const EXPORT_COLUMNS = ['email', 'first_name', 'interests', 'source', 'consented_at', 'shop', 'email_hash'] as const;

function cell(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

export function subscribersCsv(rows: readonly Subscriber[]): string {
  const lines = rows.map((r) =>
    [r.email, r.firstName ?? '', r.interests.join(' '), r.source, r.consentedAt?.toISOString() ?? '', r.locale, r.emailHash]
      .map(cell)
      .join(','),
  );
  return [EXPORT_COLUMNS.join(','), ...lines].join('\r\n') + '\r\n';
}

export async function exportSubscribers(db: Database, locale: Locale): Promise<{ csv: string; count: number }> {
  const rows = await confirmedSubscribers(db, locale);
  return { csv: subscribersCsv(rows), count: rows.length };
}
