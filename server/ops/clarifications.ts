// Operator commands for clarifications (decision 022): list and show them, mail the reminders due
// and apply the deadline default.

import { eq } from 'drizzle-orm';
import { brandOfTrade } from '../../src/config/brands';
import { sendClarificationMail } from '../clarifications/mail';
import { claimReminders, expireClarifications, listClarifications, deadlineOf } from '../clarifications/service';
import { clarifications as clarificationsTable } from '../db/schema/clarifications';
import { trades as tradesTable } from '../db/schema/trades';
import {
  announceTradeLinks,
  parse,
  print,
  shipping,
  shippingOrigin,
  table,
  UsageError,
  when,
  withDatabase,
  withMail,
  type Command,
} from './command';

export const clarificationCommands: Record<string, Command> = {
  'clarifications list': {
    usage: 'clarifications list [--status open|accepted|declined]',
    help: 'Lists clarifications (open first): trade, kind, status, deadline, reminder and answer times.',
    run: async (args) => {
      const { values } = parse(args, { status: { type: 'string' } }, 0);
      const status = values.status as string | undefined;
      if (status !== undefined && !['open', 'accepted', 'declined'].includes(status))
        throw new UsageError(`--status is open, accepted or declined, not "${status}".`);
      const rows = await withDatabase((db) => listClarifications(db, status ? { status: status as 'open' } : {}));
      if (rows.length === 0) return print('no clarifications');
      print(
        table(
          ['ID', 'TRADE', 'KIND', 'STATUS', 'DEADLINE', 'REMINDED', 'ANSWERED'],
          rows.map((r) => [
            r.id,
            r.tradeNumber,
            r.kind,
            r.status + (r.declineMode ? ` (${r.declineMode})` : ''),
            when(r.deadline),
            r.remindedAt ? when(r.remindedAt) : '—',
            r.answeredAt ? when(r.answeredAt) : '—',
          ]),
        ),
      );
    },
  },
  'clarifications show': {
    usage: 'clarifications show <clarificationId>',
    help: "Shows a clarification: its trade, the items' state, and the seller's links (with their tokens).",
    run: async (args) => {
      const [id] = parse(args, {}, 1).positionals as [string];
      const links = (await shipping()).clarifications;
      await withDatabase(async (db) => {
        const clean = id.trim().toLowerCase();
        if (!/^[0-9a-f-]{36}$/.test(clean)) throw new Error(`There is no clarification ${id}.`);
        const [row] = await db
          .select({ clarification: clarificationsTable, trade: tradesTable })
          .from(clarificationsTable)
          .innerJoin(tradesTable, eq(tradesTable.id, clarificationsTable.tradeId))
          .where(eq(clarificationsTable.id, clean));
        if (!row) throw new Error(`There is no clarification ${id}.`);
        const { clarification: c, trade } = row;
        const deadline = deadlineOf(c);
        const base = await shippingOrigin(trade.locale, brandOfTrade(trade.shopMode));
        print(
          `clarification ${c.id} · ${trade.tradeNumber} (${trade.status}) · ${c.kind} · ${c.status}${c.declineMode ? ` (${c.declineMode})` : ''}`,
        );
        print(
          `  deadline ${when(deadline)}${c.remindedAt ? ` · reminded ${when(c.remindedAt)}` : ''}${c.answeredAt ? ` · answered ${when(c.answeredAt)}` : ''}`,
        );
        print(`  ${c.reason}`);
        print(`  link:         ${base}${links.path(c.id, trade.tradeNumber, deadline)}`);
        print(`  quick answer: ${base}${links.path(c.id, trade.tradeNumber, deadline, c.newOfferId)}`);
      });
    },
  },
  'clarifications remind': {
    usage: 'clarifications remind [--days 3]',
    help: 'Mails a reminder for every trade whose open clarifications end within --days (default 3), once per clarification.\nRun it daily (or from any scheduler); running it twice sends nothing new.',
    run: async (args) => {
      const { values } = parse(args, { days: { type: 'string' } }, 0);
      const days = values.days === undefined ? 3 : Number(values.days);
      if (!Number.isFinite(days) || days <= 0 || days > 30) throw new UsageError('--days is a number of days from 1 to 30.');
      const sent = await withDatabase((db) =>
        withMail(db, async (services) => {
          const due = await claimReminders(db, { days });
          for (const t of due) {
            await sendClarificationMail(services, db, t.tradeId, 'reminder');
            await announceTradeLinks(db, t.tradeId);
          }
          return due;
        }),
      );
      print(sent.length === 0 ? 'no reminders due' : sent.map((t) => `reminded ${t.tradeNumber}`).join('\n'));
    },
  },
  'clarifications expire': {
    usage: 'clarifications expire [--trade <TR-…>]',
    help: 'Applies the default (decision 022: a new price is accepted, recycling-only devices go back) to open\nclarifications past their deadline, moves the trades and mails the sellers.',
    run: async (args) => {
      const { values } = parse(args, { trade: { type: 'string' } }, 0);
      const done = await withDatabase((db) =>
        withMail(db, async (services) => {
          const expired = await expireClarifications(db, values.trade ? { tradeRef: values.trade as string } : {});
          for (const t of expired) {
            await sendClarificationMail(services, db, t.tradeId, 'expired');
            await announceTradeLinks(db, t.tradeId);
          }
          return expired;
        }),
      );
      if (done.length === 0) return print('no clarifications past their deadline');
      for (const t of done) {
        print(
          `${t.tradeNumber} clarification → ${t.tradeStatus}: ${t.applied.map((a) => `${a.clarificationId.slice(0, 8)} ${a.decision}`).join(', ')}`,
        );
      }
    },
  },
};
