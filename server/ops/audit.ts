// The operator's view of the audit log (issue 28 item 6): `audit list`, newest first, with the same
// filters as the admin's screen. The log is written by the changes themselves: every staff action and
// every ops trade command (as `cli`, server/ops/trades.ts).

import { listAudit } from '../staff/audit';
import { parse, positiveInt, print, table, UsageError, when, withDatabase, type Command } from './command';

/** A cell of the CHANGE column at most this long. */
const CHANGE_WIDTH = 100;

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);
const show = (value: unknown) => (value === undefined ? '—' : typeof value === 'string' ? value : JSON.stringify(value));

/** What changed, briefly: `status: created → received` per key that differs, or the value as it was or became. */
function describeChange(before: unknown, after: unknown): string {
  let text: string;
  if (isRecord(before) && isRecord(after)) {
    const keys = [...new Set([...Object.keys(before), ...Object.keys(after)])];
    text = keys
      .filter((key) => JSON.stringify(before[key]) !== JSON.stringify(after[key]))
      .map((key) => `${key}: ${show(before[key])} → ${show(after[key])}`)
      .join('; ');
  } else if (before === null || before === undefined) {
    text = isRecord(after)
      ? Object.entries(after)
          .map(([key, value]) => `${key}: ${show(value)}`)
          .join('; ')
      : after === null || after === undefined
        ? ''
        : show(after);
  } else {
    text = `was ${show(before)}${after === null || after === undefined ? '' : ` → ${show(after)}`}`;
  }
  return text.length > CHANGE_WIDTH ? `${text.slice(0, CHANGE_WIDTH - 1)}…` : text;
}

function entryId(value: string): number {
  if (!/^\d{1,15}$/.test(value) || Number(value) < 1) throw new UsageError('--before takes the id of an entry (the ID column).');
  return Number(value);
}

export const auditCommands: Record<string, Command> = {
  'audit list': {
    usage: 'audit list [--actor <email|cli>] [--action <action>] [--trade <TR-…>] [--limit <n>] [--before <id>]',
    help: [
      'Lists the audit log, newest first (default limit 50): who (a staff e-mail, or cli for these commands),',
      'what (e.g. trade.received, trade.inspected, trade.paid, trade.hold_taken_over), the trade and what changed.',
      '--before <id> shows the entries older than that id (the next page).',
    ].join('\n'),
    run: async (args) => {
      const { values } = parse(
        args,
        {
          actor: { type: 'string' },
          action: { type: 'string' },
          trade: { type: 'string' },
          limit: { type: 'string' },
          before: { type: 'string' },
        },
        0,
      );
      const limit = values.limit === undefined ? 50 : positiveInt(values.limit, '--limit');
      const before = values.before === undefined ? undefined : entryId(values.before);
      const page = await withDatabase((db) =>
        listAudit(db, { actor: values.actor, action: values.action, trade: values.trade, before, limit }),
      );
      if (page.entries.length === 0) return print('no audit entries');
      print(
        table(
          ['>ID', 'AT', 'ACTOR', 'ACTION', 'TRADE', 'SUBJECT', 'CHANGE'],
          page.entries.map((e) => [
            String(e.id),
            when(new Date(e.at)),
            e.actor,
            e.action,
            e.tradeNumber ?? '',
            e.subject ?? e.customerId ?? '',
            describeChange(e.before, e.after),
          ]),
        ),
      );
      if (page.next !== null) print(`\nolder entries: audit list … --before ${page.next}`);
    },
  },
};
