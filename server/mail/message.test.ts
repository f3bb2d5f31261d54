import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { FileOutbox, OUTBOX_FILE_NAME, outboxFileName } from './file-outbox';
import type { MailMessage } from './mailer';
import { composeMessage, parseMessage } from './message';

const MESSAGE: MailMessage = {
  from: { name: 'Trade-in Kundenservice', address: 'service@tradein.de' },
  to: { name: 'Zoë Müller', address: 'zoe@example.com' },
  subject: 'Ihr Verkauf TR-2026-000001: vielen Dank!',
  text: `Hallo Zoë,\n\nGrüße — 310,00\u00a0€\nhttps://de.localhost:3000/api/trades/x/label.pdf?token=abc=def\n${'Prüfung '.repeat(30)}\n`,
  html: '<p>Hallo Zoë</p>',
};

const head = (raw: string) => raw.slice(0, raw.indexOf('\r\n\r\n'));

describe('composeMessage / parseMessage', () => {
  it('writes a 7-bit clean MIME multipart/alternative message with the required headers, and reads it back', async () => {
    const raw = (await composeMessage(MESSAGE, { date: new Date('2026-01-05T08:02:03Z'), messageId: 'abc@tradein.de' })).toString('utf8');
    expect(head(raw)).toMatch(/^Date: Mon, 05 Jan 2026 08:02:03 \+0000$/m);
    expect(head(raw)).toMatch(/^From: "Trade-in Kundenservice" <service@tradein\.de>$/m);
    expect(head(raw)).toMatch(/^To: =\?UTF-8\?.+\?= <zoe@example\.com>$/m);
    expect(head(raw)).toMatch(/^Message-ID: <abc@tradein\.de>$/m);
    expect(head(raw)).toMatch(/^MIME-Version: 1\.0$/m);
    expect(head(raw)).toMatch(/^Content-Type: multipart\/alternative;/m);
    expect(raw).toMatch(/^Subject: Ihr Verkauf TR-2026-000001: vielen Dank!$/m);
    expect(raw).toMatch(/^Content-Type: text\/plain; charset=utf-8$/m);
    expect(raw).toMatch(/^Content-Type: text\/html; charset=utf-8$/m);
    expect([...raw].every((c) => c.charCodeAt(0) < 0x80)).toBe(true);
    expect(raw.replace(/\r\n/g, '')).not.toContain('\n'); // CRLF only
    for (const line of raw.split('\r\n')) expect(line.length).toBeLessThanOrEqual(78);

    const parsed = await parseMessage(raw);
    expect(parsed).toMatchObject({
      from: 'Trade-in Kundenservice <service@tradein.de>',
      to: 'Zoë Müller <zoe@example.com>',
      subject: MESSAGE.subject,
    });
    expect(parsed.date).toBe('Mon, 05 Jan 2026 08:02:03 +0000');
    // The part's last line break is the parser's; everything before it reads back as written.
    expect(parsed.text.replace(/\r\n/g, '\n').trimEnd()).toBe(MESSAGE.text.trimEnd());
  });

  it('encodes non-ASCII subjects and names, and lets no header be injected through data', async () => {
    const raw = (
      await composeMessage(
        { ...MESSAGE, subject: 'Grüße\r\nBcc: x@evil.example', to: { name: 'Eve\r\nBcc: y@evil.example', address: 'eve@example.com' } },
        { date: new Date(), messageId: 'x@y' },
      )
    ).toString('utf8');
    expect(head(raw)).not.toMatch(/^Bcc:/im);
    const parsed = await parseMessage(raw);
    expect(parsed.subject).toBe('Grüße Bcc: x@evil.example');
    expect(parsed.headers.has('bcc')).toBe(false);
  });

  it('keeps lines short when the HTML part is one long line of ASCII (as React renders it)', async () => {
    const html = `<!doctype html>\n<html><body>${'<p>A paragraph of plain ASCII text.</p>'.repeat(80)}</body></html>\n`;
    const raw = (await composeMessage({ ...MESSAGE, html }, { date: new Date(), messageId: 'x@y' })).toString('utf8');
    for (const line of raw.split('\r\n')) expect(line.length).toBeLessThanOrEqual(78);
  });

  it('puts attachments in multipart/mixed as base64', async () => {
    const content = new Uint8Array([37, 80, 68, 70, 45, 0, 255]);
    const raw = (
      await composeMessage(
        { ...MESSAGE, attachments: [{ filename: 'label-TR-2026-000001.pdf', contentType: 'application/pdf', content }] },
        { date: new Date(), messageId: 'x@y' },
      )
    ).toString('utf8');
    expect(head(raw)).toMatch(/^Content-Type: multipart\/mixed;/m);
    expect(raw).toMatch(/^Content-Disposition: attachment; filename=label-TR-2026-000001\.pdf$/m);
    expect(raw).toContain(Buffer.from(content).toString('base64'));
    expect((await parseMessage(raw)).text).toContain('Hallo Zoë,');
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
    for (const bad of [
      '../x.eml',
      '20260105T080203004Z-abcdefgh.eml',
      '20260105T080203004Z-0123abcd.eml/..',
      'x/20260105T080203004Z-0123abcd.eml',
      '.20260105T080203004Z-0123abcd.eml.tmp',
    ]) {
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
