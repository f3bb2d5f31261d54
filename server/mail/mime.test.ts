import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { FileOutbox, OUTBOX_FILE_NAME, outboxFileName } from './file-outbox';
import type { MailMessage } from './mailer';
import {
  composeMessage,
  decodeHeaderValue,
  decodeQuotedPrintable,
  encodeHeaderValue,
  encodeQuotedPrintable,
  formatAddress,
  formatDate,
  parseMessage,
} from './mime';

const MESSAGE: MailMessage = {
  from: { name: 'Trade-in Kundenservice', address: 'service@tradein.de' },
  to: { name: 'Zoë Müller', address: 'zoe@example.com' },
  subject: 'Ihr Verkauf TR-2026-000001: vielen Dank!',
  text: 'Hallo Zoë,\n\nGrüße — 310,00\u00a0€\nhttps://de.localhost:3000/api/trades/x/label.pdf?token=abc=def\n',
  html: '<p>Hallo Zoë</p>',
};

describe('RFC 2047 headers', () => {
  it('leaves printable ASCII alone and encodes anything else as UTF-8 B words', () => {
    expect(encodeHeaderValue('Your trade TR-2026-000001: thank you!')).toBe('Your trade TR-2026-000001: thank you!');
    expect(encodeHeaderValue('Vielen Dank für Ihren Verkauf')).toBe(`=?UTF-8?B?${Buffer.from('Vielen Dank für Ihren Verkauf').toString('base64')}?=`);
    // An ASCII value that looks like an encoded word is encoded too, so it reads back as written.
    expect(decodeHeaderValue(encodeHeaderValue('=?UTF-8?B?eA==?='))).toBe('=?UTF-8?B?eA==?=');
  });

  it('splits long values into words of at most 75 characters on character boundaries, folded', () => {
    const subject = 'Votre vente TR-2026-000123 : merci ! Étiquette d’envoi gratuite, à imprimer — ¡ñ! 😀 '.repeat(3);
    const encoded = encodeHeaderValue(subject);
    const lines = encoded.split('\r\n');
    expect(lines.length).toBeGreaterThan(3);
    for (const line of lines) {
      expect(line.trimStart().length).toBeLessThanOrEqual(75);
      expect(line.trimStart()).toMatch(/^=\?UTF-8\?B\?[A-Za-z0-9+/=]+\?=$/);
    }
    expect(decodeHeaderValue(encoded)).toBe(subject.trim());
  });

  it('decodes Q words and other charsets, and keeps plain text around words', () => {
    expect(decodeHeaderValue('=?ISO-8859-1?Q?Gr=FC=DFe_aus_K=F6ln?= und mehr')).toBe('Grüße aus Köln und mehr');
    expect(decodeHeaderValue('=?UTF-8?B?w6k=?=\r\n =?UTF-8?B?w6k=?=')).toBe('éé');
  });

  it('formats addresses: atoms, quoted strings, encoded names; no header injection', () => {
    expect(formatAddress({ address: 'a@example.com' })).toBe('<a@example.com>');
    expect(formatAddress({ name: 'Trade-in Service', address: 'service@tradein.example' })).toBe('Trade-in Service <service@tradein.example>');
    expect(formatAddress({ name: 'Doe, "J"', address: 'j@example.com' })).toBe('"Doe, \\"J\\"" <j@example.com>');
    expect(formatAddress({ name: 'Atención al cliente', address: 'servicio@tradein.es' })).toMatch(/^=\?UTF-8\?B\?.+\?= <servicio@tradein\.es>$/);
    expect(formatAddress({ name: 'Eve\r\nBcc: x@evil.example', address: 'eve@example.com\r\nBcc: y@evil.example' })).not.toMatch(/[\r\n]/);
    expect(encodeHeaderValue('Hi\r\nBcc: x@evil.example')).toBe('Hi Bcc: x@evil.example');
  });

  it('writes RFC 5322 dates in UTC', () => {
    expect(formatDate(new Date('2026-01-05T08:02:03.456Z'))).toBe('Mon, 05 Jan 2026 08:02:03 +0000');
  });
});

describe('quoted-printable', () => {
  it('round-trips UTF-8 text with lines of at most 76 characters', () => {
    const text = `${'Prüfung '.repeat(30)}\nline with trailing space \n=equals= and tabs\t\n`;
    const encoded = encodeQuotedPrintable(text);
    for (const line of encoded.split('\r\n')) {
      expect(line.length).toBeLessThanOrEqual(76);
      expect(line).toMatch(/^[\x21-\x7e \t]*$/);
      expect(line).not.toMatch(/[ \t]$/);
    }
    expect(decodeQuotedPrintable(encoded).toString('utf8')).toBe(text.replace(/\n/g, '\r\n'));
  });
});

describe('composeMessage / parseMessage', () => {
  it('writes a MIME multipart/alternative message with the required headers, and reads it back', () => {
    const raw = composeMessage(MESSAGE, { date: new Date('2026-01-05T08:02:03Z'), messageId: 'abc@tradein.de' });
    const head = raw.slice(0, raw.indexOf('\r\n\r\n'));
    expect(head).toContain('Date: Mon, 05 Jan 2026 08:02:03 +0000');
    expect(head).toContain('From: Trade-in Kundenservice <service@tradein.de>');
    expect(head).toContain(`To: =?UTF-8?B?${Buffer.from('Zoë Müller').toString('base64')}?= <zoe@example.com>`);
    expect(head).toContain('Message-ID: <abc@tradein.de>');
    expect(head).toContain('MIME-Version: 1.0');
    expect(head).toMatch(/Content-Type: multipart\/alternative; boundary="=_tradein_[0-9a-f]{24}"/);
    expect(raw).toMatch(/^Subject: Ihr Verkauf TR-2026-000001: vielen Dank!$/m);
    expect(raw).toContain('Content-Type: text/plain; charset=utf-8');
    expect(raw).toContain('Content-Type: text/html; charset=utf-8');
    expect([...raw].every((c) => c.charCodeAt(0) < 0x80)).toBe(true); // 7-bit clean
    expect(raw.replace(/\r\n/g, '')).not.toContain('\n'); // CRLF only

    const parsed = parseMessage(raw);
    expect(parsed).toMatchObject({ from: 'Trade-in Kundenservice <service@tradein.de>', to: 'Zoë Müller <zoe@example.com>', subject: MESSAGE.subject });
    expect(parsed.text).toBe(MESSAGE.text.replace(/\n/g, '\r\n'));
  });

  it('puts attachments in multipart/mixed as base64', () => {
    const content = new Uint8Array([37, 80, 68, 70, 45, 0, 255]);
    const raw = composeMessage(
      { ...MESSAGE, subject: 'Grüße', attachments: [{ filename: 'label-TR-2026-000001.pdf', contentType: 'application/pdf', content }] },
      { date: new Date(), messageId: 'x@y' },
    );
    expect(raw).toMatch(/^Subject: =\?UTF-8\?B\?R3LDvMOfZQ==\?=$/m);
    expect(raw).toMatch(/^Content-Type: multipart\/mixed; boundary=/m);
    expect(raw).toContain('Content-Disposition: attachment; filename="label-TR-2026-000001.pdf"');
    expect(raw).toContain(Buffer.from(content).toString('base64'));
    const parsed = parseMessage(raw);
    expect(parsed.subject).toBe('Grüße');
    expect(parsed.text).toContain('Hallo Zoë,');
  });
});

describe('FileOutbox', () => {
  let dir: string | undefined;
  afterEach(async () => {
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  it('names files by time so they sort, and the name pattern is strict', () => {
    const a = outboxFileName(new Date('2026-01-05T08:02:03.004Z'));
    const b = outboxFileName(new Date('2026-01-05T08:02:03.010Z'));
    expect(a).toMatch(/^20260105T080203004Z-[0-9a-f]{8}\.eml$/);
    expect([b, a].sort()).toEqual([a, b]);
    for (const bad of ['../x.eml', '20260105T080203004Z-abcdefgh.eml', '20260105T080203004Z-0123abcd.eml/..', 'x/20260105T080203004Z-0123abcd.eml', '.20260105T080203004Z-0123abcd.eml.tmp']) {
      expect(OUTBOX_FILE_NAME.test(bad), bad).toBe(false);
    }
  });

  it('writes one .eml per message into a directory it creates, and lists them newest first', async () => {
    dir = await mkdtemp(join(tmpdir(), 'outbox-'));
    let clock = Date.parse('2026-01-05T08:00:00Z');
    const outbox = new FileOutbox(join(dir, 'deep', 'mail'), () => new Date((clock += 1000)));
    await outbox.send(MESSAGE);
    await outbox.send({ ...MESSAGE, subject: 'Second', to: { address: 'b@example.com' } });
    const files = await readdir(join(dir, 'deep', 'mail'));
    expect(files).toHaveLength(2);
    const list = await outbox.list();
    expect(list.map((e) => e.subject)).toEqual(['Second', MESSAGE.subject]);
    expect(list[0]).toMatchObject({ to: '<b@example.com>', date: 'Mon, 05 Jan 2026 08:00:02 +0000' });
    const raw = await readFile(join(dir, 'deep', 'mail', list[1]!.file), 'utf8');
    expect(raw).toMatch(/^Message-ID: <[0-9a-f-]{36}@tradein\.de>$/m);
    expect((await outbox.read(list[1]!.file))?.text).toContain('Hallo Zoë');
    expect(await outbox.read('../../etc/passwd')).toBeUndefined();
  });

  it('lists an outbox that does not exist yet as empty', async () => {
    expect(await new FileOutbox(join(tmpdir(), `missing-${Date.now()}`)).list()).toEqual([]);
  });
});
