// Form tickets: the server dates an opened contact form, so a message sent sooner than a person can
// type (MIN_FILL_SECONDS) or with a forged or stale date is refused. `<issued ms>.<HMAC-SHA256>`,
// no state kept on the server.

import { createHmac, timingSafeEqual } from 'node:crypto';
import { MIN_FILL_SECONDS, TICKET_HOURS, ticketIssuedAt } from '../../src/contracts/contact';

const sign = (secret: string, issued: number) => createHmac('sha256', secret).update(`contact-ticket:${issued}`).digest('base64url');

export function issueTicket(secret: string, now: number): string {
  return `${now}.${sign(secret, now)}`;
}

export type TicketCheck = 'ok' | 'tooFast' | 'invalid';

export function checkTicket(secret: string, ticket: string, now: number): TicketCheck {
  const issued = ticketIssuedAt(ticket);
  const signature = ticket.slice(ticket.indexOf('.') + 1);
  if (issued === null || !ticket.includes('.')) return 'invalid';
  const expected = Buffer.from(sign(secret, issued));
  const given = Buffer.from(signature);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return 'invalid';
  if (now - issued > TICKET_HOURS * 3600_000 || issued - now > 60_000) return 'invalid';
  if (now - issued < MIN_FILL_SECONDS * 1000) return 'tooFast';
  return 'ok';
}
