// Mail through an SMTP server (SMTP_URL, e.g. smtps://user:password@smtp.example.com or
// smtp://127.0.0.1:1025 for a local catcher), with nodemailer; the same message as the file outbox.

import { createTransport } from 'nodemailer';
import type { Mailer, MailMessage } from './mailer';
import { mailOptions } from './message';

/** Sending happens while the seller waits for the checkout answer: give up in seconds, not minutes. */
const TIMEOUTS = { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 20_000 } as const;

export class SmtpMailer implements Mailer {
  private readonly transport: ReturnType<typeof createTransport>;

  constructor(url: string) {
    this.transport = createTransport({ url, ...TIMEOUTS });
  }

  async send(message: MailMessage): Promise<void> {
    await this.transport.sendMail(mailOptions(message));
  }

  async close(): Promise<void> {
    this.transport.close();
  }
}
