// The funnel report for product owners (issue 12): per shop, the controlling events of each step
// (page views → device views → offers → add to cart → trades) and each step's conversion from the
// step before, plus trades per page view; as a text table or CSV.

import { FUNNEL_STEPS, type FunnelRow } from './controlling';

const percent = (part: number, whole: number) => (whole === 0 ? '–' : `${((100 * part) / whole).toFixed(1)}%`);

const HEADERS = [
  'shop',
  'touchpoints',
  ...FUNNEL_STEPS.flatMap(([, label], i) => (i === 0 ? [label] : [label, `→ ${label}`])),
  'trades per page view',
];

function cells(row: FunnelRow): string[] {
  const c = row.counts;
  return [
    row.locale,
    String(row.touchpoints),
    ...c.flatMap((n, i) => (i === 0 ? [String(n)] : [String(n), percent(n, c[i - 1]!)])),
    percent(c.at(-1)!, c[0]!),
  ];
}

/** Adds a total row over every shop when there is more than one. */
function withTotal(rows: readonly FunnelRow[]): FunnelRow[] {
  if (rows.length < 2) return [...rows];
  return [
    ...rows,
    {
      locale: 'all',
      touchpoints: rows.reduce((sum, r) => sum + r.touchpoints, 0),
      counts: FUNNEL_STEPS.map((_, i) => rows.reduce((sum, r) => sum + r.counts[i]!, 0)),
    },
  ];
}

export function funnelCsv(rows: readonly FunnelRow[]): string {
  const quote = (cell: string) => (/[",\n]/.test(cell) ? `"${cell.replaceAll('"', '""')}"` : cell);
  return [HEADERS, ...withTotal(rows).map(cells)].map((line) => line.map(quote).join(',')).join('\n') + '\n';
}

export function funnelTable(rows: readonly FunnelRow[], range: { from: Date; to: Date }): string {
  const title = `Funnel ${range.from.toISOString()} – ${range.to.toISOString()} (controlling events, with consent only)`;
  if (rows.length === 0) return `${title}\n  no events in this period`;
  const all = [HEADERS, ...withTotal(rows).map(cells)];
  const widths = HEADERS.map((_, i) => Math.max(...all.map((r) => r[i]!.length)));
  return [
    title,
    ...all.map((r) => `  ${r.map((cell, i) => (i === 0 ? cell.padEnd(widths[i]!) : cell.padStart(widths[i]!))).join('  ')}`),
  ].join('\n');
}

const escapeHtml = (text: string) => text.replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c]!);

/** The development page /dev/funnel: the same table as the ops CLI, with a CSV download. */
export function funnelPage(rows: readonly FunnelRow[], range: { from: Date; to: Date }, csvHref: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Funnel</title>
<style>body{font-family:system-ui,sans-serif;margin:2rem}pre{background:#f6f6f6;padding:1rem;border-radius:4px}</style></head>
<body><h1>Funnel</h1><p>Query: <code>?from=YYYY-MM-DD&amp;to=YYYY-MM-DD&amp;country=de</code> (default: the last 30 days). <a href="${escapeHtml(csvHref)}">CSV</a></p>
<pre>${escapeHtml(funnelTable(rows, range))}</pre></body></html>`;
}

/** --from / --to: a date (YYYY-MM-DD; --to then means the end of that day) or an ISO time. */
export function parseReportTime(value: string, end: boolean): Date | null {
  if (/^\d{4}-\d{2}-\d{2}$/.test(value)) {
    const day = new Date(`${value}T00:00:00Z`);
    if (Number.isNaN(day.getTime())) return null;
    return end ? new Date(day.getTime() + 24 * 60 * 60 * 1000) : day;
  }
  const time = new Date(value);
  return /^\d{4}-\d{2}-\d{2}T/.test(value) && !Number.isNaN(time.getTime()) ? time : null;
}
