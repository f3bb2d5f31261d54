// Operator commands for payout batches (issue 29 item 7, decision 074), on the same domain functions as
// the back office's payouts screen (server/payouts/batches.ts): the due payouts, making a batch of all
// due payouts of one method, its bank or PayPal file, recording its execution, listing and cancelling,
// and a bank return of one transfer (server/payouts/bank-returns.ts).
// Every change writes its audit row as `cli`.

import { PAYOUT_BANK_TIME_ZONE } from '../../src/config/constants';
import { writeFile } from 'node:fs/promises';
import { PayoutMethodSchema, type PayoutMethod } from '../../src/contracts/payouts';
import {
  cancelBatch,
  createBatch,
  batchFile,
  duePayouts,
  executeBatch,
  listBatches,
  showBatch,
  type PayoutAudit,
} from '../payouts/batches';
import { recordBankReturn } from '../payouts/bank-returns';
import { localDate } from '../platform/working-days';
import { payoutDebtorOf } from '../runtime';
import { auditWriter } from '../staff/audit';
import { formatCents } from '../trades/lifecycle';
import { atOption, opsConfig, parse, print, table, UsageError, when, withDatabase, withTradeMails, write, type Command } from './command';

const cliAudit = (): PayoutAudit => auditWriter('cli');

function methodOption(value: string | undefined): PayoutMethod {
  const parsed = PayoutMethodSchema.safeParse(value ?? 'sepa');
  if (!parsed.success) throw new UsageError(`--method is sepa or paypal, not "${value}".`);
  return parsed.data;
}

function dayOption(value: string | undefined, name: string, fallback: string): string {
  if (value === undefined) return fallback;
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value) || Number.isNaN(new Date(value).getTime()))
    throw new UsageError(`${name} takes a day, e.g. 2026-11-30.`);
  return value;
}

export const payoutCommands: Record<string, Command> = {
  'payouts due': {
    usage: 'payouts due [--method sepa|paypal] [--day <YYYY-MM-DD>]',
    help: 'Lists the payouts due on a day (default today), most urgent first: late ones (the late-payout bonus is included), those due by the next working day, then the rest.',
    run: async (args) => {
      const { values } = parse(args, { method: { type: 'string' }, day: { type: 'string' } }, 0);
      const day = dayOption(values.day, '--day', localDate(new Date(), PAYOUT_BANK_TIME_ZONE));
      const method = values.method === undefined ? undefined : methodOption(values.method);
      const due = await withDatabase((db) => duePayouts(db, { day, method }));
      if (due.length === 0) return print(`no payouts due on ${day}`);
      print(
        table(
          ['TRADE', 'METHOD', 'TO', '>AMOUNT', '>BONUS', 'DUE BY', 'URGENCY'],
          due.map((p) => [
            p.tradeNumber,
            p.method,
            p.recipient,
            formatCents(p.amountCents),
            formatCents(p.bonusCents),
            p.dueBy ?? '—',
            p.topUp ? 'late (bonus top-up)' : p.urgency.replace('_', ' '),
          ]),
        ),
      );
      const sum = due.reduce((total, p) => total + p.amountCents, 0);
      print(`${due.length} payout(s), ${formatCents(sum)} in all`);
    },
  },
  'payouts batch create': {
    usage: 'payouts batch create [--method sepa|paypal] [--instant] [--date <YYYY-MM-DD>]',
    help:
      'Puts every payout of the method (default sepa) due now into a new batch, frozen; prints the batch id alone on the first line, then its figures.\n' +
      '--date: the execution day the file asks for (default today); --instant: SEPA Instant Credit Transfer.',
    run: async (args) => {
      const { values } = parse(args, { method: { type: 'string' }, instant: { type: 'boolean' }, date: { type: 'string' } }, 0);
      const method = methodOption(values.method);
      const now = new Date();
      const requestedDate = dayOption(values.date, '--date', localDate(now, PAYOUT_BANK_TIME_ZONE));
      const batch = await withDatabase(async (db) => {
        const due = await duePayouts(db, { day: requestedDate, method });
        if (due.length === 0) throw new Error(`No ${method} payouts are due; no batch was made.`);
        return createBatch(
          db,
          { method, tradeNumbers: due.map((p) => p.tradeNumber), instant: values.instant ?? false, requestedDate },
          payoutDebtorOf(opsConfig()),
          { actor: 'cli', audit: cliAudit(), now },
        );
      });
      print(batch.id);
      print(
        `${batch.reference}: ${batch.count} ${method}${batch.instant ? ' instant' : ''} payout(s), control sum ${formatCents(batch.controlSumCents)}, execution day ${batch.requestedDate}`,
      );
    },
  },
  'payouts batch list': {
    usage: 'payouts batch list [--state open|executed|cancelled]',
    help: 'Lists payout batches, newest first.',
    run: async (args) => {
      const { values } = parse(args, { state: { type: 'string' } }, 0);
      const state = values.state;
      if (state !== undefined && !['open', 'executed', 'cancelled'].includes(state))
        throw new UsageError(`--state is open, executed or cancelled, not "${state}".`);
      const batches = await withDatabase((db) =>
        listBatches(db, { limit: 100, state: state as 'open' | 'executed' | 'cancelled' | undefined }),
      );
      if (batches.length === 0) return print('no payout batches');
      print(
        table(
          ['BATCH', 'METHOD', 'STATE', '>PAYOUTS', '>CONTROL SUM', 'EXECUTION DAY', 'CREATED', 'BY'],
          batches.map((b) => [
            b.reference,
            `${b.method}${b.instant ? ' instant' : ''}`,
            b.state,
            String(b.count),
            formatCents(b.controlSumCents),
            b.requestedDate,
            when(new Date(b.createdAt)),
            b.createdBy,
          ]),
        ),
      );
    },
  },
  'payouts batch show': {
    usage: 'payouts batch show <id|PB-…>',
    help: "Shows a batch's payouts: trade, account (masked), amount, bonus and state.",
    run: async (args) => {
      const [ref] = parse(args, {}, 1).positionals as [string];
      const batch = await withDatabase((db) => showBatch(db, ref));
      print(
        `${batch.reference} (${batch.id}): ${batch.method}${batch.instant ? ' instant' : ''}, ${batch.state}, execution day ${batch.requestedDate}`,
      );
      print(
        table(
          ['TRADE', 'TO', 'HOLDER', '>AMOUNT', '>BONUS', 'STATE'],
          batch.entries.map((e) => [
            e.tradeNumber,
            e.recipient,
            e.holder,
            formatCents(e.amountCents),
            formatCents(e.bonusCents),
            e.shortfallCents > 0 ? `${e.state}, bonus short ${formatCents(e.shortfallCents)}` : e.state,
          ]),
        ),
      );
      print(`${batch.count} payout(s), control sum ${formatCents(batch.controlSumCents)}`);
    },
  },
  'payouts batch export': {
    usage: 'payouts batch export <id|PB-…> [--out <file>]',
    help: 'Writes the batch file: pain.001.001.09 XML for SEPA, the Payouts Web CSV for PayPal; to standard output without --out.',
    run: async (args) => {
      const { positionals, values } = parse(args, { out: { type: 'string' } }, 1);
      const file = await withDatabase((db) => batchFile(db, positionals[0]!));
      if (values.out === undefined) return void write(file.body);
      await writeFile(values.out, file.body, { encoding: 'utf8', flag: 'w' });
      print(`${file.fileName} written to ${values.out}`);
    },
  },
  'payouts batch execute': {
    usage: 'payouts batch execute <id|PB-…> [--at <time>]',
    help:
      'Records that the bank or PayPal executed the batch (--at: when, ISO time, not in the future; default now): each payout is recorded and mailed,\n' +
      'trades paid in full move to paid. Paid after a due day later than the file asked, the extra late-payout bonus becomes a due top-up.',
    run: async (args) => {
      const { positionals, values } = parse(args, { at: { type: 'string' } }, 1);
      const at = atOption(values.at);
      const { batch, payouts } = await withDatabase((db) =>
        withTradeMails(db, (mails) => executeBatch(db, positionals[0]!, at, { actor: 'cli', audit: cliAudit(), mails })),
      );
      print(`${batch.reference} executed at ${when(at)}: ${payouts.length} payout(s), ${formatCents(batch.controlSumCents)}`);
      for (const p of payouts)
        print(
          `  ${p.tradeNumber} ${formatCents(p.amountCents)} → ${p.status}${p.shortfallCents > 0 ? `; bonus top-up due ${formatCents(p.shortfallCents)}` : ''}`,
        );
      print('payout mails to the sellers');
    },
  },
  'payouts batch cancel': {
    usage: 'payouts batch cancel <id|PB-…>',
    help: 'Cancels an open batch (e.g. the bank refused its file): its payouts are due again.',
    run: async (args) => {
      const [ref] = parse(args, {}, 1).positionals as [string];
      const batch = await withDatabase((db) => cancelBatch(db, ref, { actor: 'cli', audit: cliAudit(), now: new Date() }));
      print(`${batch.reference} cancelled: its ${batch.count} payout(s) are due again`);
    },
  },
  'payouts batch return': {
    usage: 'payouts batch return <id|PB-…> <trade number> --reason <the bank’s reason>',
    help:
      'Records that the bank or PayPal sent the transfer of one trade of an executed batch back: its payout is due again,\n' +
      'a trade it had paid in full is no longer paid, and the seller is mailed to check the account.',
    run: async (args) => {
      const { positionals, values } = parse(args, { reason: { type: 'string' } }, 2);
      const reason = values.reason?.trim();
      if (!reason) throw new UsageError('--reason is required: the reason the bank gave (e.g. "AC04 account closed").');
      if (reason.length > 200) throw new UsageError('--reason has at most 200 characters.');
      const [ref, tradeNumber] = positionals as [string, string];
      const returned = await withDatabase((db) =>
        withTradeMails(db, (mails) =>
          recordBankReturn(db, ref, { tradeNumber, reason }, new Date(), { actor: 'cli', audit: cliAudit(), mails }),
        ),
      );
      print(
        `${returned.batch.reference}: the transfer of ${formatCents(returned.amountCents)} to ${returned.tradeNumber} came back; trade ${returned.status}, its payout is due again`,
      );
      print('mail to the seller: check the account');
    },
  },
};
