// Reading a company's device list (decision 038): bytes → text (UTF-8, with or without BOM; else
// Windows-1252, what Excel on Windows saves as "CSV"), the separator (; or , — whichever splits the
// first row into more fields outside quotes; a tab too), csv-parse for quotes, and each row checked:
// model or search text, quantity 1..99 (blank = 1), grade A–D (blank = B). A first row without a
// number in its quantity column and with a grade column that is no grade is a header. Rows that are
// empty are skipped; bad rows are reported with their line number, never dropped silently.

import type * as CsvParse from 'csv-parse/sync';
import { lazyRequire } from '../platform/lazy-require';
import {
  BULK_GRADES,
  BULK_MAX_BYTES,
  BULK_MAX_LINES,
  BULK_MAX_QUANTITY,
  type BulkGrade,
  type BulkRowProblem,
} from '../../src/contracts/bulk-offers';

const csvParse = lazyRequire<typeof CsvParse>('csv-parse/sync');

export type ListEncoding = 'utf-8' | 'windows-1252';

export class BulkListError extends Error {
  constructor(
    readonly code: 'tooLarge' | 'tooManyLines' | 'unreadable',
    message: string,
  ) {
    super(message);
    this.name = 'BulkListError';
  }
}

/** UTF-8 when the bytes are valid UTF-8 (a BOM is dropped), else Windows-1252 (every byte is a character there). */
export function decodeList(bytes: Uint8Array): { text: string; encoding: ListEncoding } {
  if (bytes.length > BULK_MAX_BYTES) throw new BulkListError('tooLarge', `The list is larger than ${BULK_MAX_BYTES / 1024} KB.`);
  try {
    return { text: new TextDecoder('utf-8', { fatal: true, ignoreBOM: false }).decode(bytes), encoding: 'utf-8' };
  } catch {
    return { text: new TextDecoder('windows-1252').decode(bytes), encoding: 'windows-1252' };
  }
}

/** The separator that splits the first non-empty line into the most fields outside quotes (; wins a tie). */
export function detectSeparator(text: string): ';' | ',' | '\t' {
  const first = text.split(/\r?\n/).find((line) => line.trim() !== '') ?? '';
  const counts = { ';': 0, ',': 0, '\t': 0 };
  let quoted = false;
  for (const char of first) {
    if (char === '"') quoted = !quoted;
    else if (!quoted && char in counts) counts[char as keyof typeof counts] += 1;
  }
  if (counts['\t'] > counts[';'] && counts['\t'] > counts[',']) return '\t';
  return counts[','] > counts[';'] ? ',' : ';';
}

export type ListRow =
  | { readonly kind: 'row'; readonly line: number; readonly text: string; readonly quantity: number; readonly grade: BulkGrade }
  | { readonly kind: 'invalid'; readonly line: number; readonly text: string; readonly problems: BulkRowProblem[] };

const GRADES = new Set<string>(BULK_GRADES);
/** Blank grade: B (good), what most used company devices are. */
export const DEFAULT_GRADE: BulkGrade = 'B';

const HEADER_WORDS = /^(model|modell|device|gerät|geraet|artikel|bezeichnung|name|search|suche)$/i;
/** A first row naming its columns: a known column word first, or a quantity that is a word and a grade that is none. */
const looksLikeHeader = (cells: readonly string[]) => {
  const [first = '', quantity = '', grade] = cells.map((cell) => cell.trim());
  if (HEADER_WORDS.test(first)) return true;
  return quantity !== '' && !/^\d+$/.test(quantity) && (grade === undefined || !GRADES.has(grade.toUpperCase()));
};

function readRow(line: number, cells: readonly string[]): ListRow | null {
  const [rawText = '', rawQuantity = '', rawGrade = ''] = cells.map((cell) => cell.trim());
  if (cells.every((cell) => cell.trim() === '')) return null;
  const problems: BulkRowProblem[] = [];
  const text = rawText.replace(/\s+/g, ' ');
  if (text === '') problems.push('modelMissing');
  const quantity = rawQuantity === '' ? 1 : /^\d+$/.test(rawQuantity) ? Number(rawQuantity) : Number.NaN;
  if (!Number.isInteger(quantity) || quantity < 1 || quantity > BULK_MAX_QUANTITY) problems.push('quantity');
  const grade = rawGrade === '' ? DEFAULT_GRADE : rawGrade.toUpperCase();
  if (!GRADES.has(grade)) problems.push('grade');
  if (text.length > 200) problems.push('modelMissing');
  if (problems.length > 0) return { kind: 'invalid', line, text: cells.join(' · ').trim(), problems };
  return { kind: 'row', line, text, quantity, grade: grade as BulkGrade };
}

/** The rows of a list (text already decoded); throws BulkListError for a list over the limits. */
export function parseList(text: string): ListRow[] {
  if (new TextEncoder().encode(text).length > BULK_MAX_BYTES)
    throw new BulkListError('tooLarge', `The list is larger than ${BULK_MAX_BYTES / 1024} KB.`);
  const body = text.startsWith('\uFEFF') ? text.slice(1) : text;
  let records: { record: string[]; line: number }[];
  try {
    const parsed = csvParse().parse(body, {
      delimiter: detectSeparator(body),
      relax_column_count: true,
      relax_quotes: true,
      skip_empty_lines: true,
      info: true,
    }) as unknown as { record: string[]; info: { lines: number } }[];
    records = parsed.map((entry) => ({ record: entry.record, line: entry.info.lines }));
  } catch (error) {
    throw new BulkListError('unreadable', `The list cannot be read as CSV: ${(error as Error).message}`);
  }
  const first = records[0];
  const rows = first && looksLikeHeader(first.record) ? records.slice(1) : records;
  const read = rows.map((r) => readRow(r.line, r.record)).filter((row): row is ListRow => row !== null);
  if (read.length > BULK_MAX_LINES)
    throw new BulkListError('tooManyLines', `A list has at most ${BULK_MAX_LINES} lines; this one has ${read.length}.`);
  return read;
}
