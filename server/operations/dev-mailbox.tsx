// GET /dev/mailbox: the developer mailbox, a plain server-rendered list of the mail outbox
// (DATA_DIR/mail, newest first) and GET /dev/mailbox/<file> with one message's text part. Served in
// development and test, or with DEV_MAILBOX=1; otherwise both answer 404. File names must be outbox
// names exactly (no paths), so nothing outside the outbox can be read.

import type { FastifyInstance, FastifyReply } from 'fastify';
import { Fragment, type ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { OUTBOX_FILE_NAME } from '../mail/file-outbox';
import type { MailServices } from '../mail/setup';

const CSS = `body{font-family:system-ui,sans-serif;margin:2rem;color:#1a1a1a}
table{border-collapse:collapse;width:100%}
th,td{text-align:left;padding:.4rem .8rem .4rem 0;border-bottom:1px solid #ddd;vertical-align:top}
pre{white-space:pre-wrap;background:#f6f6f6;padding:1rem;border-radius:4px}
dt{font-weight:bold}dd{margin:0 0 .4rem}`;

/** Text with its http(s) links clickable (the label link in a confirmation, say). */
function Linkified({ text }: { text: string }) {
  return (
    <>
      {text.split(/(https?:\/\/[^\s<>"]+)/g).map((piece, i) =>
        i % 2 === 1 ? (
          <a key={i} href={piece}>
            {piece}
          </a>
        ) : (
          piece
        ),
      )}
    </>
  );
}

/** A page rendered by React, so every value from a message is escaped. */
function page(title: string, body: ReactNode): string {
  const document = (
    <html lang="en">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="robots" content="noindex" />
        <title>{title}</title>
        {/* A constant: no value from a message goes into it. */}
        <style dangerouslySetInnerHTML={{ __html: CSS }} />
      </head>
      <body>{body}</body>
    </html>
  );
  return `<!doctype html>\n${renderToStaticMarkup(document)}\n`;
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

const notFound = (reply: FastifyReply) => send(reply, 404, page('Not found', <h1>Not found</h1>));

export function registerDevMailboxRoutes(
  app: FastifyInstance,
  { mail: shipping }: { readonly mail: Pick<MailServices, 'devMailbox' | 'outbox'> },
) {
  const { devMailbox, outbox } = shipping;

  app.get('/dev/mailbox', async (_request, reply) => {
    if (!devMailbox) return notFound(reply);
    if (!outbox) {
      return send(
        reply,
        200,
        page(
          'Mailbox',
          <>
            <h1>Mailbox</h1>
            <p>Mail goes out by SMTP (SMTP_URL is set): there is no outbox to list.</p>
          </>,
        ),
      );
    }
    const entries = await outbox.list();
    return send(
      reply,
      200,
      page(
        'Mailbox',
        <>
          <h1>Mailbox</h1>
          <p>{`${entries.length} message(s) in ${outbox.dir}, newest first.`}</p>
          {entries.length ? (
            <table>
              <thead>
                <tr>
                  <th>Date</th>
                  <th>To</th>
                  <th>Subject</th>
                </tr>
              </thead>
              <tbody>
                {entries.map((entry) => (
                  <tr key={entry.file}>
                    <td>{entry.date}</td>
                    <td>{entry.to}</td>
                    <td>
                      <a href={`/dev/mailbox/${encodeURIComponent(entry.file)}`}>{entry.subject || '(no subject)'}</a>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          ) : (
            <p>The outbox is empty.</p>
          )}
        </>,
      ),
    );
  });

  app.get<{ Params: { file: string } }>('/dev/mailbox/:file', async (request, reply) => {
    const { file } = request.params;
    if (!devMailbox || !outbox || !OUTBOX_FILE_NAME.test(file)) return notFound(reply);
    const message = await outbox.read(file);
    if (!message) return notFound(reply);
    const subject = message.subject || '(no subject)';
    return send(
      reply,
      200,
      page(
        message.subject || file,
        <>
          <p>
            <a href="/dev/mailbox">← Mailbox</a>
          </p>
          <h1>{subject}</h1>
          <dl>
            {(['date', 'from', 'to', 'subject'] as const).map((name) => (
              <Fragment key={name}>
                <dt>{`${name[0]!.toUpperCase()}${name.slice(1)}`}</dt>
                <dd>{message[name]}</dd>
              </Fragment>
            ))}
            {/* The newsletter's unsubscribe headers (RFC 2369, RFC 8058), when the message has them. */}
            {(['list-unsubscribe', 'list-unsubscribe-post'] as const).map((name) => {
              const value = message.headers.get(name);
              return value === undefined ? null : (
                <Fragment key={name}>
                  <dt>{name.replace(/(^|-)([a-z])/g, (_all, dash: string, letter: string) => `${dash}${letter.toUpperCase()}`)}</dt>
                  <dd>{value}</dd>
                </Fragment>
              );
            })}
          </dl>
          <pre>
            <Linkified text={message.text} />
          </pre>
        </>,
      ),
    );
  });
}
