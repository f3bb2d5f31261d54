// Operator commands for the mail outbox (decision 054): list it, and give dead mails fresh attempts.

import { MailOutbox, type MailStatus } from '../mail/outbox';
import { parse, print, table, UsageError, withDatabase, withMail, type Command } from './command';

const MAIL_STATUSES: readonly MailStatus[] = ['pending', 'sending', 'sent', 'dead'];

export const mailCommands: Record<string, Command> = {
  'mail list': {
    usage: 'mail list [--status pending|sending|sent|dead] [--limit 50]',
    help: 'Lists the mail outbox, newest first: status, attempts, next attempt, recipient, subject and the last error.',
    run: async (args) => {
      const { values } = parse(args, { status: { type: 'string' }, limit: { type: 'string' } }, 0);
      const status = values.status as string | undefined;
      if (status !== undefined && !MAIL_STATUSES.includes(status as MailStatus)) {
        throw new UsageError(`--status is one of ${MAIL_STATUSES.join(', ')}.`);
      }
      const limit = values.limit === undefined ? 50 : Number(values.limit);
      if (!Number.isInteger(limit) || limit < 1 || limit > 1000) throw new UsageError('--limit is a number from 1 to 1000.');
      const { rows, depth } = await withDatabase(async (db) => {
        const outbox = new MailOutbox(db);
        return { rows: await outbox.list({ ...(status && { status: status as MailStatus }), limit }), depth: await outbox.depth() };
      });
      print(`pending ${depth.pending} · sending ${depth.sending} · dead ${depth.dead}`);
      if (rows.length === 0) return print('no mail');
      print(
        table(
          ['ID', 'CREATED', 'STATUS', '>TRIES', 'NEXT', 'TO', 'SUBJECT', 'LAST ERROR'],
          rows.map((r) => [
            r.id,
            r.createdAt.toISOString().slice(0, 19),
            r.status,
            String(r.attempts),
            r.status === 'pending' ? r.nextAttemptAt.toISOString().slice(0, 19) : '',
            r.recipient,
            r.subject.length > 50 ? `${r.subject.slice(0, 49)}…` : r.subject,
            r.lastError ?? '',
          ]),
        ),
      );
    },
  },
  'mail retry': {
    usage: 'mail retry (--dead | <id> …)',
    help: 'Gives dead mails (all with --dead, or the ids listed by `mail list`) fresh attempts and sends what is due.',
    run: async (args) => {
      const { values, positionals } = parse(args, { dead: { type: 'boolean' } }, 0, Infinity);
      if (Boolean(values.dead) === positionals.length > 0)
        throw new UsageError('Name the mails to retry (ids from `mail list`) or give --dead.');
      const bad = positionals.find((id) => !/^[0-9a-f-]{36}$/i.test(id));
      if (bad) throw new UsageError(`${bad} is not a mail id (see \`mail list\`).`);
      const retried = await withDatabase((db) =>
        withMail(db, (services) => services.mailQueue!.outbox.retry(values.dead ? undefined : positionals)),
      );
      print(retried === 0 ? 'no dead mail to retry' : `${retried} mail(s) queued again`);
    },
  },
};
