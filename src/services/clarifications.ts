// Clarification calls: the seller's view of a trade's clarifications (the token of the mail's link,
// or the logged-in owner's bearer token) and the answers, one decision per item, with the
// Idempotency-Key that makes a retry safe.

import { ClarificationViewSchema, type ClarificationAnswersRequest, type ClarificationView } from '../contracts/clarifications';
import type { ApiClient } from './api-client';

export interface ClarificationRef {
  readonly clarificationId: string;
  readonly tradeNumber: string;
  /** The link's token; null when the owner opens it from the account (bearer token). */
  readonly token: string | null;
}

export async function fetchClarification(api: ApiClient, ref: ClarificationRef): Promise<ClarificationView> {
  const query = { trade: ref.tradeNumber, ...(ref.token === null ? {} : { token: ref.token }) };
  return ClarificationViewSchema.parse(await api(`/api/clarifications/${encodeURIComponent(ref.clarificationId)}`, { query }));
}

export async function answerClarification(
  api: ApiClient,
  ref: ClarificationRef,
  decisions: ClarificationAnswersRequest['decisions'],
  idempotencyKey: string,
): Promise<ClarificationView> {
  const body = { trade: ref.tradeNumber, ...(ref.token === null ? {} : { token: ref.token }), decisions };
  return ClarificationViewSchema.parse(
    await api(`/api/clarifications/${encodeURIComponent(ref.clarificationId)}/answers`, {
      method: 'POST',
      body,
      headers: { 'Idempotency-Key': idempotencyKey },
    }),
  );
}

/** Takes back the answer to the clarification `ref` names (the quick answer's undo): the view afterwards. */
export async function undoClarificationAnswer(api: ApiClient, ref: ClarificationRef): Promise<ClarificationView> {
  const body = { trade: ref.tradeNumber, ...(ref.token === null ? {} : { token: ref.token }) };
  return ClarificationViewSchema.parse(
    await api(`/api/clarifications/${encodeURIComponent(ref.clarificationId)}/undo`, { method: 'POST', body }),
  );
}
