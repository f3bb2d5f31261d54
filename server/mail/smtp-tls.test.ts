// SMTP over TLS against a real SMTP server (smtp-server) with a self-signed certificate (issue 31):
// `smtps://` is TLS from the start, STARTTLS follows SMTP_STARTTLS, and the certificate is checked
// against SMTP_CA_FILE — a server the file does not vouch for gets no mail.

import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { generate } from 'selfsigned';
import { SMTPServer, type SMTPServerOptions } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MailMessage } from './mailer';
import { SmtpMailer, type SmtpTls } from './smtp';

const MESSAGE: MailMessage = {
  from: { address: 'service@tradein.de', name: 'trade-in' },
  to: { address: 'seller@example.org' },
  subject: 'Ihr Paket ist angekommen',
  text: 'Wir prüfen Ihr Gerät.',
  html: '<p>Wir prüfen Ihr Gerät.</p>',
};

interface Received {
  readonly secure: boolean;
  readonly data: string;
}

let dir: string;
let caFile: string;
let otherCaFile: string;
let pems: { key: string; cert: string };

/** A server on a free port of 127.0.0.1 that records every message and whether its session was TLS. */
async function smtpServer(options: SMTPServerOptions) {
  const received: Received[] = [];
  const server = new SMTPServer({
    ...options,
    authOptional: true,
    disabledCommands: ['AUTH', ...(options.disabledCommands ?? [])],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        received.push({ secure: session.secure, data: Buffer.concat(chunks).toString('utf8') });
        callback();
      });
    },
  });
  // A client that refuses the certificate closes the connection mid-handshake: the server reports it as
  // an error event, which is the expected outcome of those cases, not a failure of the server.
  server.on('error', () => undefined);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.server.address() as AddressInfo).port;
  return { port, received, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

async function send(url: string, tls: SmtpTls): Promise<void> {
  const mailer = new SmtpMailer(url, tls);
  try {
    await mailer.send(MESSAGE);
  } finally {
    await mailer.close();
  }
}

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'smtp-tls-'));
  // The server's certificate names 127.0.0.1, the host the URLs use; it is its own authority.
  const own = await generate([{ name: 'commonName', value: '127.0.0.1' }], {
    keySize: 2048,
    extensions: [{ name: 'subjectAltName', altNames: [{ type: 7, ip: '127.0.0.1' }] }],
  });
  const other = await generate([{ name: 'commonName', value: '127.0.0.1' }], { keySize: 2048 });
  pems = { key: own.private, cert: own.cert };
  caFile = join(dir, 'ca.pem');
  otherCaFile = join(dir, 'other-ca.pem');
  writeFileSync(caFile, own.cert);
  writeFileSync(otherCaFile, other.cert);
});

afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('smtps:// (TLS from the start)', () => {
  let server: Awaited<ReturnType<typeof smtpServer>>;
  beforeAll(async () => {
    server = await smtpServer({ secure: true, ...pems });
  });
  afterAll(() => server.close());

  it('delivers over TLS to a server the CA file vouches for', async () => {
    await send(`smtps://127.0.0.1:${server.port}`, { startTls: 'opportunistic', caFile });
    expect(server.received).toHaveLength(1);
    expect(server.received[0]!.secure).toBe(true);
    expect(server.received[0]!.data).toContain('Subject: Ihr Paket ist angekommen');
  });

  it('refuses a certificate no trusted authority signed: with the system authorities, and with another CA file', async () => {
    const before = server.received.length;
    await expect(send(`smtps://127.0.0.1:${server.port}`, { startTls: 'opportunistic' })).rejects.toThrow(/self[- ]signed|certificate/i);
    await expect(send(`smtps://127.0.0.1:${server.port}`, { startTls: 'opportunistic', caFile: otherCaFile })).rejects.toThrow(
      /certificate|signature/i,
    );
    expect(server.received).toHaveLength(before);
  });
});

describe('smtp:// with STARTTLS offered', () => {
  let server: Awaited<ReturnType<typeof smtpServer>>;
  beforeAll(async () => {
    server = await smtpServer({ secure: false, ...pems });
  });
  afterAll(() => server.close());

  it('upgrades when STARTTLS is required or opportunistic', async () => {
    await send(`smtp://127.0.0.1:${server.port}`, { startTls: 'required', caFile });
    await send(`smtp://127.0.0.1:${server.port}`, { startTls: 'opportunistic', caFile });
    expect(server.received.map((mail) => mail.secure)).toEqual([true, true]);
  });

  it('stays in plain text when STARTTLS is off', async () => {
    const before = server.received.length;
    await send(`smtp://127.0.0.1:${server.port}`, { startTls: 'off' });
    expect(server.received.slice(before).map((mail) => mail.secure)).toEqual([false]);
  });
});

describe('smtp:// on a server without STARTTLS', () => {
  let server: Awaited<ReturnType<typeof smtpServer>>;
  beforeAll(async () => {
    server = await smtpServer({ secure: false, disabledCommands: ['STARTTLS'] });
  });
  afterAll(() => server.close());

  it('sends nothing when STARTTLS is required', async () => {
    await expect(send(`smtp://127.0.0.1:${server.port}`, { startTls: 'required', caFile })).rejects.toThrow(/STARTTLS/i);
    expect(server.received).toHaveLength(0);
  });

  it('sends in plain text when STARTTLS is opportunistic', async () => {
    await send(`smtp://127.0.0.1:${server.port}`, { startTls: 'opportunistic', caFile });
    expect(server.received.map((mail) => mail.secure)).toEqual([false]);
  });
});
