// Internet messages written by hand (RFC 5322 + MIME): headers with RFC 2047 encoded words when they
// are not ASCII, a multipart/alternative body (text + HTML, quoted-printable UTF-8) wrapped in
// multipart/mixed when there are attachments (base64). And the reverse, enough for the developer
// mailbox: unfold and decode the headers, find and decode the text part.

import { randomBytes } from 'node:crypto';
import type { MailAddress, MailMessage } from './mailer';

const CRLF = '\r\n';

// ── Headers ─────────────────────────────────────────────────────────────────────────────────────────

/** Header values never carry line breaks from data (header injection). */
function oneLine(value: string): string {
  return value.replace(/[\r\n\t\v\f\u0085\u2028\u2029]+/g, ' ').trim();
}

const isPrintableAscii = (value: string) => /^[\x20-\x7e]*$/.test(value);

/**
 * RFC 2047 "B" encoded words for a non-ASCII value: UTF-8, at most 45 bytes (60 base64 characters)
 * per word so each word stays within 75 characters, never splitting a character; words are folded
 * onto continuation lines.
 */
export function encodeWords(value: string): string {
  const words: number[][] = [];
  let chunk: number[] = [];
  for (const char of value) {
    const bytes = [...Buffer.from(char, 'utf8')];
    if (chunk.length + bytes.length > 45) {
      words.push(chunk);
      chunk = [];
    }
    chunk.push(...bytes);
  }
  if (chunk.length > 0) words.push(chunk);
  return words.map((bytes) => `=?UTF-8?B?${Buffer.from(bytes).toString('base64')}?=`).join(`${CRLF} `);
}

/** An unstructured header value (Subject): as it is when printable ASCII, else encoded words. */
export function encodeHeaderValue(value: string): string {
  const clean = oneLine(value);
  return isPrintableAscii(clean) && !clean.includes('=?') ? clean : encodeWords(clean);
}

/** `Name <address>`: the name as an atom phrase, a quoted string, or encoded words. */
export function formatAddress(address: MailAddress): string {
  const email = oneLine(address.address).replace(/[<>\s]/g, '');
  const name = address.name ? oneLine(address.name) : '';
  if (!name) return `<${email}>`;
  if (/^[A-Za-z0-9!#$%&'*+/=?^_`{|}~ -]+$/.test(name) && !name.includes('=?')) return `${name} <${email}>`;
  if (isPrintableAscii(name) && !name.includes('=?')) return `"${name.replace(/(["\\])/g, '\\$1')}" <${email}>`;
  return `${encodeWords(name)} <${email}>`;
}

const DAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** RFC 5322 date-time in UTC: `Thu, 15 Jan 2026 08:12:31 +0000`. */
export function formatDate(date: Date): string {
  const two = (n: number) => String(n).padStart(2, '0');
  return `${DAYS[date.getUTCDay()]}, ${two(date.getUTCDate())} ${MONTHS[date.getUTCMonth()]} ${date.getUTCFullYear()} ${two(date.getUTCHours())}:${two(date.getUTCMinutes())}:${two(date.getUTCSeconds())} +0000`;
}

// ── Bodies ──────────────────────────────────────────────────────────────────────────────────────────

/** Quoted-printable (RFC 2045 §6.7) of UTF-8 text: CRLF line ends, lines of at most 76 characters. */
export function encodeQuotedPrintable(text: string): string {
  const out: string[] = [];
  for (const line of text.replace(/\r\n?/g, '\n').split('\n')) {
    const bytes = Buffer.from(line, 'utf8');
    let current = '';
    bytes.forEach((byte, index) => {
      const last = index === bytes.length - 1;
      const literal = (byte >= 33 && byte <= 126 && byte !== 61) || ((byte === 32 || byte === 9) && !last);
      const token = literal ? String.fromCharCode(byte) : `=${byte.toString(16).toUpperCase().padStart(2, '0')}`;
      if (current.length + token.length > 75) {
        out.push(`${current}=`);
        current = '';
      }
      current += token;
    });
    out.push(current);
  }
  return out.join(CRLF);
}

export function decodeQuotedPrintable(body: string): Buffer {
  const joined = body.replace(/=\r?\n/g, '');
  const bytes: number[] = [];
  for (let i = 0; i < joined.length; i++) {
    const char = joined[i]!;
    const hex = joined.slice(i + 1, i + 3);
    if (char === '=' && /^[0-9A-Fa-f]{2}$/.test(hex)) {
      bytes.push(parseInt(hex, 16));
      i += 2;
    } else {
      bytes.push(...Buffer.from(char, 'utf8'));
    }
  }
  return Buffer.from(bytes);
}

function base64Lines(content: Uint8Array): string {
  return (Buffer.from(content).toString('base64').match(/.{1,76}/g) ?? []).join(CRLF);
}

/** An attachment's file name, reduced to characters every mail program takes in a quoted string. */
function safeFileName(name: string): string {
  return oneLine(name).replace(/[^A-Za-z0-9._ -]/g, '_').slice(0, 100) || 'attachment';
}

const boundary = () => `=_tradein_${randomBytes(12).toString('hex')}`;

export interface MessageMeta {
  readonly date: Date;
  /** Without angle brackets: `<uuid>@<domain>`. */
  readonly messageId: string;
}

/** The whole message, CRLF line ends, ready for a .eml file or an SMTP DATA command. */
export function composeMessage(message: MailMessage, meta: MessageMeta): string {
  const alternative = boundary();
  const textPart = [
    'Content-Type: text/plain; charset=utf-8',
    'Content-Transfer-Encoding: quoted-printable',
    '',
    encodeQuotedPrintable(message.text),
  ].join(CRLF);
  const htmlPart = [
    'Content-Type: text/html; charset=utf-8',
    'Content-Transfer-Encoding: quoted-printable',
    '',
    encodeQuotedPrintable(message.html),
  ].join(CRLF);
  const alternativeBody = [`--${alternative}`, textPart, `--${alternative}`, htmlPart, `--${alternative}--`, ''].join(CRLF);

  const attachments = message.attachments ?? [];
  let contentType = `multipart/alternative; boundary="${alternative}"`;
  let body = alternativeBody;
  if (attachments.length > 0) {
    const mixed = boundary();
    contentType = `multipart/mixed; boundary="${mixed}"`;
    const parts = [`Content-Type: multipart/alternative; boundary="${alternative}"${CRLF}${CRLF}${alternativeBody}`];
    for (const attachment of attachments) {
      const filename = safeFileName(attachment.filename);
      parts.push(
        [
          `Content-Type: ${oneLine(attachment.contentType)}; name="${filename}"`,
          'Content-Transfer-Encoding: base64',
          `Content-Disposition: attachment; filename="${filename}"`,
          '',
          base64Lines(attachment.content),
        ].join(CRLF),
      );
    }
    body = [...parts.map((part) => `--${mixed}${CRLF}${part}`), `--${mixed}--`, ''].join(CRLF);
  }

  const headers = [
    `Date: ${formatDate(meta.date)}`,
    `From: ${formatAddress(message.from)}`,
    `To: ${formatAddress(message.to)}`,
    `Subject: ${encodeHeaderValue(message.subject)}`,
    `Message-ID: <${oneLine(meta.messageId).replace(/[<>\s]/g, '')}>`,
    'MIME-Version: 1.0',
    `Content-Type: ${contentType}`,
  ];
  return `${headers.join(CRLF)}${CRLF}${CRLF}This is a multi-part message in MIME format.${CRLF}${CRLF}${body}`;
}

// ── Reading a message back (developer mailbox) ──────────────────────────────────────────────────────

export interface ParsedMessage {
  /** Header names in lower case; values unfolded and decoded. */
  readonly headers: ReadonlyMap<string, string>;
  readonly date: string;
  readonly from: string;
  readonly to: string;
  readonly subject: string;
  /** The text/plain part, decoded ('' when there is none). */
  readonly text: string;
}

function charsetDecoder(charset: string): TextDecoder {
  try {
    return new TextDecoder(charset.toLowerCase());
  } catch {
    return new TextDecoder('utf-8');
  }
}

/** Decodes RFC 2047 encoded words (B and Q); white space between two encoded words goes. */
export function decodeHeaderValue(value: string): string {
  const unfolded = value.replace(/\r?\n[ \t]+/g, ' ');
  return unfolded
    .replace(/(=\?[^?\s]+\?[BbQq]\?[^?\s]*\?=)\s+(?==\?[^?\s]+\?[BbQq]\?[^?\s]*\?=)/g, '$1')
    .replace(/=\?([^?\s]+)\?([BbQq])\?([^?\s]*)\?=/g, (_, charset: string, encoding: string, text: string) => {
      const bytes =
        encoding.toUpperCase() === 'B'
          ? Buffer.from(text, 'base64')
          : decodeQuotedPrintable(text.replace(/_/g, ' '));
      return charsetDecoder(charset.replace(/\*.*$/, '')).decode(bytes);
    });
}

function splitHead(raw: string): { head: string; body: string } {
  const match = /\r?\n\r?\n/.exec(raw);
  return match ? { head: raw.slice(0, match.index), body: raw.slice(match.index + match[0].length) } : { head: raw, body: '' };
}

function parseHeaders(head: string): Map<string, string> {
  const headers = new Map<string, string>();
  for (const line of head.replace(/\r?\n[ \t]+/g, ' ').split(/\r?\n/)) {
    const colon = line.indexOf(':');
    if (colon <= 0) continue;
    const name = line.slice(0, colon).trim().toLowerCase();
    if (!headers.has(name)) headers.set(name, line.slice(colon + 1).trim());
  }
  return headers;
}

function parameter(headerValue: string, name: string): string | undefined {
  const match = new RegExp(`;\\s*${name}\\s*=\\s*(?:"([^"]*)"|([^;\\s]+))`, 'i').exec(headerValue);
  return match ? (match[1] ?? match[2]) : undefined;
}

function decodeBody(body: string, headers: Map<string, string>): string {
  const encoding = (headers.get('content-transfer-encoding') ?? '7bit').toLowerCase();
  const charset = parameter(headers.get('content-type') ?? '', 'charset') ?? 'utf-8';
  const bytes =
    encoding === 'quoted-printable'
      ? decodeQuotedPrintable(body)
      : encoding === 'base64'
        ? Buffer.from(body.replace(/\s+/g, ''), 'base64')
        : Buffer.from(body, 'utf8');
  return charsetDecoder(charset).decode(bytes);
}

/** The first text/plain part, depth first through multiparts. */
function findText(head: Map<string, string>, body: string, depth = 0): string | undefined {
  const type = (head.get('content-type') ?? 'text/plain').toLowerCase();
  if (type.startsWith('multipart/')) {
    const mark = parameter(head.get('content-type') ?? '', 'boundary');
    if (!mark || depth > 5) return undefined;
    const sections = body.split(new RegExp(`^--${mark.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(?:--)?[ \\t]*\\r?$\\n?`, 'm'));
    for (const section of sections.slice(1)) {
      if (section.trim() === '') continue;
      const part = splitHead(section);
      const found = findText(parseHeaders(part.head), part.body.replace(/\r?\n$/, ''), depth + 1);
      if (found !== undefined) return found;
    }
    return undefined;
  }
  if (type.startsWith('text/plain') && !/attachment/i.test(head.get('content-disposition') ?? '')) return decodeBody(body, head);
  return undefined;
}

export function parseMessage(raw: string): ParsedMessage {
  const { head, body } = splitHead(raw);
  const headers = parseHeaders(head);
  const decoded = new Map([...headers].map(([name, value]) => [name, decodeHeaderValue(value)]));
  return {
    headers: decoded,
    date: decoded.get('date') ?? '',
    from: decoded.get('from') ?? '',
    to: decoded.get('to') ?? '',
    subject: decoded.get('subject') ?? '',
    text: findText(headers, body) ?? '',
  };
}
