// A mailer wrapper that lets shutdown wait for the mails still being sent (server/platform/shutdown.ts).

import type { Mailer, MailMessage } from './mailer';

/**
 * A mailer that knows the mails it is still sending: a mail handed off after a commit (the answer
 * does not wait for it) is still delivered when the server shuts down right after.
 */
export function drainingMailer(mailer: Mailer): Mailer & { readonly pending: number } {
  const sending = new Set<Promise<void>>();
  return {
    get pending() {
      return sending.size;
    },
    send(message: MailMessage) {
      const sent = mailer.send(message);
      sending.add(sent);
      const settle = () => void sending.delete(sent);
      sent.then(settle, settle);
      return sent;
    },
    async close() {
      await Promise.allSettled([...sending]);
      await mailer.close?.();
    },
  };
}
