// GET /dev/mailbox: the developer mailbox, a plain server-rendered list of the mail outbox
// (DATA_DIR/mail, newest first) and GET /dev/mailbox/<file> with one message's text part. Served in
// development and test, or with DEV_MAILBOX=1; otherwise both answer 404. File names must be outbox
// names exactly (no paths), so nothing outside the outbox can be read.

import type { FastifyInstance, FastifyReply } from 'fastify';
import { OUTBOX_FILE_NAME } from '../mail/file-outbox';
import type { ShippingServices } from '../mail/services';

const escapeHtml = (value: string) =>
  value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** Escaped text with its http(s) links clickable (the label link in a confirmation, say). */
function linkify(text: string): string {
  return text
    .split(/(https?:\/\/[^\s<>"]+)/g)
    .map((piece, i) => (i % 2 === 1 ? `<a href="${escapeHtml(piece)}">${escapeHtml(piece)}</a>` : escapeHtml(piece)))
    .join('');
}

function page(title: string, body: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(title)}</title>
<style>
body{font-family:system-ui,sans-serif;margin:2rem;color:#1a1a1a}
table{border-collapse:collapse;width:100%}
th,td{text-align:left;padding:.4rem .8rem .4rem 0;border-bottom:1px solid #ddd;vertical-align:top}
pre{white-space:pre-wrap;background:#f6f6f6;padding:1rem;border-radius:4px}
dt{font-weight:bold}dd{margin:0 0 .4rem}
</style>
</head>
<body>
${body}
</body>
</html>
`;
}

function send(reply: FastifyReply, status: number, html: string) {
  return reply
    .status(status)
    .header('Cache-Control', 'no-store')
    .header('X-Robots-Tag', 'noindex')
    .header('Content-Security-Policy', "default-src 'none'; style-src 'unsafe-inline'")
    .type('text/html; charset=utf-8')
    .send(html);
}

const notFound = (reply: FastifyReply) => send(reply, 404, page('Not found', '<h1>Not found</h1>'));

export function registerDevMailboxRoutes(app: FastifyInstance, shipping: Pick<ShippingServices, 'devMailbox' | 'outbox'>) {
  const { devMailbox, outbox } = shipping;

  app.get('/dev/mailbox', async (_request, reply) => {
    if (!devMailbox) return notFound(reply);
    if (!outbox) {
      return send(reply, 200, page('Mailbox', '<h1>Mailbox</h1><p>Mail goes out by SMTP (SMTP_URL is set): there is no outbox to list.</p>'));
    }
    const entries = await outbox.list();
    const rows = entries
      .map(
        (entry) =>
          `<tr><td>${escapeHtml(entry.date)}</td><td>${escapeHtml(entry.to)}</td><td><a href="/dev/mailbox/${encodeURIComponent(entry.file)}">${escapeHtml(entry.subject || '(no subject)')}</a></td></tr>`,
      )
      .join('\n');
    const body = entries.length
      ? `<table><thead><tr><th>Date</th><th>To</th><th>Subject</th></tr></thead><tbody>\n${rows}\n</tbody></table>`
      : '<p>The outbox is empty.</p>';
    return send(reply, 200, page('Mailbox', `<h1>Mailbox</h1><p>${entries.length} message(s) in ${escapeHtml(outbox.dir)}, newest first.</p>${body}`));
  });

  app.get<{ Params: { file: string } }>('/dev/mailbox/:file', async (request, reply) => {
    const { file } = request.params;
    if (!devMailbox || !outbox || !OUTBOX_FILE_NAME.test(file)) return notFound(reply);
    const message = await outbox.read(file);
    if (!message) return notFound(reply);
    const headers = (['date', 'from', 'to', 'subject'] as const)
      .map((name) => `<dt>${name[0]!.toUpperCase()}${name.slice(1)}</dt><dd>${escapeHtml(message[name])}</dd>`)
      .join('');
    return send(
      reply,
      200,
      page(message.subject || file, `<p><a href="/dev/mailbox">← Mailbox</a></p><h1>${escapeHtml(message.subject || '(no subject)')}</h1><dl>${headers}</dl><pre>${linkify(message.text)}</pre>`),
    );
  });
}
