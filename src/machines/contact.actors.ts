// The real actors of the contact machine (./contact.ts): the kept draft from IndexedDB with a form
// ticket from the server, and the message itself; plus the draft keeping for a running form.

import { fromPromise, type ActorRefFrom } from 'xstate';
import { MIN_FILL_SECONDS, TICKET_HOURS, ticketIssuedAt, type ContactAccepted } from '../contracts/contact';
import type { ApiClient } from '../services/api-client';
import { fetchContactTicket, sendContactMessage } from '../services/contact';
import { clearSnapshot, loadSnapshot, persistActor, persistableView, type PersistHandle } from '../services/persistence';
import { CONTACT_DRAFT_KEY } from '../services/storage-keys';
import { restoredContact, storedContactOf, type ContactMachine, type Prepared, type SendInput } from './contact';

export interface ContactDeps {
  /** The API client, made on first use. */
  readonly api: () => Promise<ApiClient>;
  /** Epoch ms (tests move it). */
  readonly now?: () => number;
  /** Waits (tests skip it). */
  readonly sleep?: (ms: number) => Promise<void>;
}

/** A kept ticket is used while it is valid (an hour's margin); else the server is asked for one. */
const usable = (ticket: string | null, now: number): ticket is string => {
  const issued = ticket === null ? null : ticketIssuedAt(ticket);
  return issued !== null && now - issued < (TICKET_HOURS - 1) * 3600_000;
};

export function contactActors(deps: ContactDeps) {
  const now = deps.now ?? Date.now;
  const sleep = deps.sleep ?? ((ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)));
  return {
    prepare: fromPromise<Prepared, void>(async () => {
      const kept = restoredContact(await loadSnapshot<unknown>(CONTACT_DRAFT_KEY));
      if (kept === null) await clearSnapshot(CONTACT_DRAFT_KEY);
      const ticket = usable(kept?.ticket ?? null, now()) ? kept!.ticket : await fetchContactTicket(await deps.api()).catch(() => null);
      return { draft: kept?.draft ?? null, ticket };
    }),
    send: fromPromise<ContactAccepted, SendInput>(async ({ input }) => {
      const api = await deps.api();
      let ticket = input.ticket;
      if (!usable(ticket, now())) {
        // No ticket yet (it could not be had when the form opened, or it expired): a new one must
        // be as old as a person needs to fill in a form before the server takes the message.
        ticket = await fetchContactTicket(api);
        await sleep(MIN_FILL_SECONDS * 1000 + 200);
      }
      return sendContactMessage(api, { ...input, ticket });
    }),
  };
}

/** Keeps the running form's draft in IndexedDB; the sent form's is deleted. */
export function keepContactDraft(actor: ActorRefFrom<ContactMachine>): PersistHandle {
  return persistActor(
    persistableView(actor, (snapshot) => storedContactOf(snapshot.context, snapshot.matches('sent'))),
    CONTACT_DRAFT_KEY,
    { debounceMs: 300 },
  );
}
