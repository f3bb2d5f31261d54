// The real actors of the clarification machine (./clarification.ts): the view from the server with
// the choices stored before a reload (IndexedDB), the answers to the server, the quick answer's undo,
// the storing of the choices so far, and the notice that the trade changed. Tests provide fakes instead.

import { fromPromise } from 'xstate';
import type { ClarificationView } from '../contracts/clarifications';
import type { ApiClient } from '../services/api-client';
import { authorizedClient } from '../services/authorized-client';
import { answerClarification, fetchClarification, undoClarificationAnswer, type ClarificationRef } from '../services/clarifications';
import { clearSnapshot, loadSnapshot, saveSnapshot } from '../services/persistence';
import { clarificationStorageKey } from '../services/storage-keys';
import type { ClarificationContext, Choices, LoadResult, SubmitInput } from './clarification';

export interface ClarificationDeps {
  readonly api: () => Promise<ApiClient>;
  /** The logged-in customer's access token: opened from the account (no link token), the owner's bearer token is the proof. */
  readonly accessToken?: () => Promise<string>;
  /** Told after an answer or an undo changed the trade: the page drops its cached copies (the account's trade history). */
  readonly onChanged?: () => void;
}

/** The link's token opens it as it is; without one, the session's bearer token (rejects when nobody is logged in). */
async function clientFor(deps: ClarificationDeps, ref: ClarificationRef): Promise<ApiClient> {
  const api = await deps.api();
  if (ref.token !== null || !deps.accessToken) return api;
  return authorizedClient(api, deps.accessToken);
}

/** Version of the stored choices; another version is ignored. */
const VERSION = 1;

interface StoredChoices {
  readonly version: number;
  readonly choices: Choices;
}

function storedChoices(value: unknown): Choices | null {
  if (typeof value !== 'object' || value === null) return null;
  const stored = value as Partial<StoredChoices>;
  if (stored.version !== VERSION || typeof stored.choices !== 'object' || stored.choices === null) return null;
  const valid = Object.entries(stored.choices).filter(
    ([, c]) => (c?.decision === 'accept' || c?.decision === 'decline') && (c.declineMode === 'return' || c.declineMode === 'recycle'),
  );
  return Object.fromEntries(valid);
}

export function clarificationActors(deps: ClarificationDeps) {
  return {
    load: fromPromise<LoadResult, ClarificationRef>(async ({ input }) => {
      const [view, saved] = await Promise.all([
        fetchClarification(await clientFor(deps, input), input),
        loadSnapshot<unknown>(clarificationStorageKey(input.clarificationId)),
      ]);
      return { view, saved: storedChoices(saved) };
    }),
    submit: fromPromise<ClarificationView, SubmitInput>(async ({ input }) =>
      answerClarification(await clientFor(deps, input.ref), input.ref, input.decisions, input.idempotencyKey),
    ),
    restore: fromPromise<Choices | null, ClarificationRef>(async ({ input }) =>
      storedChoices(await loadSnapshot<unknown>(clarificationStorageKey(input.clarificationId))),
    ),
    undo: fromPromise<ClarificationView, ClarificationRef>(async ({ input }) =>
      undoClarificationAnswer(await clientFor(deps, input), input),
    ),
  };
}

/** The machine's `changed` action: the trade's data cached elsewhere on the page is stale now. */
export const clarificationChanged = (deps: Pick<ClarificationDeps, 'onChanged'>) => ({ changed: () => deps.onChanged?.() });

export const clarificationPersistence = {
  remember: ({ context }: { context: ClarificationContext }) => {
    void saveSnapshot(clarificationStorageKey(context.clarificationId), { version: VERSION, choices: context.choices });
  },
  forget: ({ context }: { context: ClarificationContext }) => {
    void clearSnapshot(clarificationStorageKey(context.clarificationId));
  },
};
