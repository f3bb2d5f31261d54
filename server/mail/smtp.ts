// Mail through an SMTP server (SMTP_URL, e.g. smtps://user:password@smtp.example.com or
// smtp://127.0.0.1:1025 for a local catcher), with nodemailer; the same message as the file outbox.
// TLS: `smtps://` is TLS from the first byte; on `smtp://` STARTTLS follows SMTP_STARTTLS; the
// certificate is checked against the system's authorities or the PEM file SMTP_CA_FILE names.

import { readFileSync } from 'node:fs';
import type { Transporter } from 'nodemailer';
import type { Mailer, MailMessage } from './mailer';
import { mailOptions, nodemailer } from './message';

/** Sending happens while the seller waits for the checkout answer: give up in seconds, not minutes. */
const TIMEOUTS = { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 20_000 } as const;

export interface SmtpTls {
  readonly startTls: 'opportunistic' | 'required' | 'off';
  /** Path of a PEM file with the authorities to trust instead of the system's. */
  readonly caFile?: string;
}

export class SmtpMailer implements Mailer {
  private readonly transport: Transporter;

  constructor(url: string, tls: SmtpTls = { startTls: 'opportunistic' }) {
    this.transport = nodemailer().createTransport({
      url,
      ...TIMEOUTS,
      requireTLS: tls.startTls === 'required',
      ignoreTLS: tls.startTls === 'off',
      ...(tls.caFile && { tls: { ca: readFileSync(tls.caFile, 'utf8') } }),
    });
  }

  async send(message: MailMessage): Promise<void> {
    await this.transport.sendMail(mailOptions(message));
  }

  async close(): Promise<void> {
    this.transport.close();
  }
}
