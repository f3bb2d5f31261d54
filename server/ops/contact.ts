// Operator commands for the messages of the contact form and the help widget (decision 023).

import { listContactMessages, showContactMessage } from '../contact/service';
import { parse, positiveInt, print, table, UsageError, when, withDatabase, type Command } from './command';

export const contactCommands: Record<string, Command> = {
  'contact list': {
    usage: 'contact list [--limit <n>]',
    help: 'Lists messages of the contact form and the help widget, newest first (default limit 50).',
    run: async (args) => {
      const { values } = parse(args, { limit: { type: 'string' } }, 0);
      const limit = values.limit === undefined ? 50 : positiveInt(values.limit, '--limit');
      const rows = await withDatabase((db) => listContactMessages(db, { limit }));
      if (rows.length === 0) return print('no contact messages');
      print(
        table(
          ['REFERENCE', 'SHOP', 'SUBJECT', 'FROM', 'TRADE', 'TO', 'STATUS', 'RECEIVED'],
          rows.map((m) => [m.reference, m.locale, m.subject, m.email, m.tradeNumber ?? '', m.recipient, m.status, when(m.createdAt)]),
        ),
      );
    },
  },
  'contact show': {
    usage: 'contact show <KM-…>',
    help: 'Shows one contact message: sender, subject, trade number, recipient, attachments and the text.',
    run: async (args) => {
      const [ref] = parse(args, {}, 1).positionals as [string];
      if (!/^KM-\d{4}-[0-9A-F]{8}$/i.test(ref)) throw new UsageError(`"${ref}" is not a contact reference (KM-2026-1A2B3C4D).`);
      const details = await withDatabase((db) => showContactMessage(db, ref));
      if (!details) throw new Error(`There is no contact message ${ref.toUpperCase()}.`);
      const { message: m, attachments } = details;
      print(
        [
          `Contact message ${m.reference}   status: ${m.status}`,
          `  shop ${m.locale} · ${m.source === 'widget' ? 'help widget' : 'contact page'} · received ${when(m.createdAt)}${m.mailedAt ? ` · mailed ${when(m.mailedAt)}` : ''}`,
          `  from ${m.name} <${m.email}>`,
          `  to ${m.recipient}${m.business ? ' (business)' : ''}`,
          `  subject ${m.subject}${m.tradeNumber ? ` · trade ${m.tradeNumber}` : ''}`,
          '',
          'Attachments',
          attachments.length
            ? table(
                ['#', 'NAME', 'TYPE', '>BYTES'],
                attachments.map((a, i) => [String(i + 1), a.filename, a.contentType, String(a.size)]),
              )
            : '  none',
          '',
          'Message',
          ...m.message.split('\n').map((line) => `  ${line}`),
        ].join('\n'),
      );
    },
  },
};
