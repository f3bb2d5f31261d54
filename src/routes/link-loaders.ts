// Route loaders of the pages reached by a mail's signed link: the clarification and its quick answer, the
// review form and the guest trade page. Each checks its link (in process on the server, so the first HTML
// says what is wrong with a link) and hands the page what it shows. The router imports this module
// lazily: pages that show no link do not carry its code in their initial JavaScript.

import { isNotFound, notFound } from '@tanstack/react-router';
import type { ClarificationView } from '../contracts/clarifications';
import type { TradeView } from '../contracts/trade-view';
import type { ApiClient } from '../services/api-client';
import type { answerClarification, ClarificationRef, undoClarificationAnswer } from '../services/clarifications';
import type { RouterContext } from './root';

export interface ClarificationLinkData {
  readonly kind: 'clarificationLink';
  readonly clarificationId: string;
  readonly tradeNumber: string;
  /** The quick answer's new offer; null on the clarification page. */
  readonly offerId: string | null;
  /** The link's token; null when opened from the account. */
  readonly token: string | null;
  /** The clarification as the link opens it, loaded once here; null: the page's flow loads it (no token, or the server could not answer now). */
  readonly view: ClarificationView | null;
}

/** What the quick-answer page's form sends without JavaScript (decision 069): its one button's value. */
const QUICK_FORM_FIELD = 'quickAnswer';

/**
 * A clarification link (/clarification/{id}/{trade}?token=…): the clarification is loaded before the
 * page renders (on the server in process, through the shop API's inject fetch), so the first HTML
 * shows it, and a wrong, foreign or expired link answers the expired-link 404 page with status 404
 * (product §2.5, §8). Without a token (opened from the account) the page's flow asks with the
 * session instead; a failure that is not the link's (5xx, no answer) is left to the flow, which
 * offers a retry. The quick-answer page's form posted without JavaScript (`postedForm`) records
 * its decision (accept, or undo) here, before the view is read.
 */
export async function checkClarificationLink(
  context: Pick<RouterContext, 'api' | 'postedForm'>,
  params: { id?: string; trade?: string; offerid?: string },
  searchStr: string,
): Promise<ClarificationLinkData> {
  // Read from the raw query: the router's search parser could turn a token into a number.
  const token = new URLSearchParams(searchStr).get('token');
  const link = {
    kind: 'clarificationLink' as const,
    clarificationId: params.id ?? '',
    tradeNumber: params.trade ?? '',
    offerId: params.offerid ?? null,
    token,
  };
  if (token === null) return { ...link, view: null };
  const [{ createApiClient, statusOf }, clarifications] = await Promise.all([
    import('../services/api-client'),
    import('../services/clarifications'),
  ]);
  const api = createApiClient(context.api);
  const ref = { clarificationId: link.clarificationId, tradeNumber: link.tradeNumber, token };
  try {
    const posted = link.offerId === null ? undefined : context.postedForm?.[QUICK_FORM_FIELD];
    if (posted === 'accept' || posted === 'undo') await decideQuickAnswer(api, ref, posted, clarifications, statusOf);
    const view = await clarifications.fetchClarification(api, ref);
    if (view.status === 'expired') throw notFound();
    return { ...link, view };
  } catch (error) {
    if (isNotFound(error)) throw error;
    const status = statusOf(error);
    if (status !== undefined && status >= 400 && status < 500 && status !== 408 && status !== 429) throw notFound();
    return { ...link, view: null };
  }
}

/** The quick answer's form without JavaScript: accept the link's own clarification, or take that answer back. */
async function decideQuickAnswer(
  api: ApiClient,
  ref: ClarificationRef,
  decision: 'accept' | 'undo',
  clarifications: { answerClarification: typeof answerClarification; undoClarificationAnswer: typeof undoClarificationAnswer },
  statusOf: (error: unknown) => number | undefined,
): Promise<void> {
  try {
    if (decision === 'undo') await clarifications.undoClarificationAnswer(api, ref);
    else {
      const decisions = [{ clarificationId: ref.clarificationId, decision: 'accept' as const }];
      await clarifications.answerClarification(api, ref, decisions, globalThis.crypto.randomUUID());
    }
  } catch (error) {
    // Answered before (a second press), moved on or too late: the page shows what is true now.
    if (statusOf(error) === 409 || statusOf(error) === 410) return;
    throw error;
  }
}

export interface ReviewLinkData {
  readonly kind: 'reviewLink';
  readonly tradeId: string;
  readonly token: string;
  /** open: the form; reviewed: thanks; invalid or expired: the link's problem; unavailable: try again later. */
  readonly status: 'open' | 'reviewed' | 'invalid' | 'expired' | 'unavailable';
  readonly firstName: string;
  /** The page's HTTP status when it is not 200: the link's problem is said on the page, and the status tells robots and logs. */
  readonly httpStatus?: PageHttpStatus;
}

/** What a page may answer instead of 200 while still rendering itself (see entry-server.tsx). */
export type PageHttpStatus = 404 | 410 | 503;

/** A review link (/<review path>/{trade}?token=…) checked before the page renders. */
export async function checkReviewLink(
  context: Pick<RouterContext, 'api'>,
  params: { trade?: string },
  searchStr: string,
): Promise<ReviewLinkData> {
  const token = new URLSearchParams(searchStr).get('token') ?? '';
  const link = { kind: 'reviewLink' as const, tradeId: params.trade ?? '', token, firstName: '' };
  if (token === '') return { ...link, status: 'invalid', httpStatus: 404 };
  const [{ createApiClient, statusOf }, { fetchReviewLink }] = await Promise.all([
    import('../services/api-client'),
    import('../services/reviews'),
  ]);
  try {
    const answer = await fetchReviewLink(createApiClient(context.api), link.tradeId, token);
    return { ...link, status: answer.status, firstName: answer.firstName };
  } catch (error) {
    const status = statusOf(error);
    if (status === 410) return { ...link, status: 'expired', httpStatus: 410 };
    if (status !== undefined && status < 500) return { ...link, status: 'invalid', httpStatus: 404 };
    return { ...link, status: 'unavailable', httpStatus: 503 };
  }
}

export interface TradeStatusData {
  readonly kind: 'tradeStatus';
  readonly tradeNumber: string;
  /** open: the trade; invalid or expired: the link's problem; unavailable: try again later. */
  readonly status: 'open' | 'invalid' | 'expired' | 'unavailable';
  readonly trade: TradeView | null;
  readonly httpStatus?: PageHttpStatus;
}

/** A guest trade link (/<trade path>/{trade}?token=…): the trade, read before the page renders (in process on the server). */
export async function loadTradeStatus(
  context: Pick<RouterContext, 'api'>,
  params: { trade?: string },
  searchStr: string,
): Promise<TradeStatusData> {
  const token = new URLSearchParams(searchStr).get('token') ?? '';
  const link = { kind: 'tradeStatus' as const, tradeNumber: params.trade ?? '', trade: null };
  if (token === '') return { ...link, status: 'invalid', httpStatus: 404 };
  const [{ createApiClient, statusOf }, { fetchTradeStatus }] = await Promise.all([
    import('../services/api-client'),
    import('../services/trade-status'),
  ]);
  try {
    return { ...link, status: 'open', trade: await fetchTradeStatus(createApiClient(context.api), link.tradeNumber, token) };
  } catch (error) {
    const status = statusOf(error);
    if (status === 410) return { ...link, status: 'expired', httpStatus: 410 };
    if (status !== undefined && status < 500) return { ...link, status: 'invalid', httpStatus: 404 };
    return { ...link, status: 'unavailable', httpStatus: 503 };
  }
}
