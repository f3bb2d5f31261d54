// The question form of a product detail page posted without JavaScript: checked with the offer
// contract and priced by the same offer service as POST /api/offers (a real, stored binding offer).
// The page is then rendered with the outcome; a refused form is a 400 or 422 page, never a 500.

import type { Locale } from '../../src/config/locales';
import { OfferRequestSchema, offerRequestOfForm, type OfferFormOutcome, type OfferRequest } from '../../src/contracts/offers';
import type { CatalogueStore } from '../catalogue/store';
import { PricingInputError } from './pricing';
import { createOffer } from './service';
import type { OfferWriter } from './writer';

/** The posted values that name an answer id, to show the form again with them chosen. */
function chosenAnswers(request: unknown): OfferRequest['answers'] {
  const answers = (request as { answers: Record<string, unknown> }).answers;
  return Object.fromEntries(
    Object.entries(answers).filter((entry): entry is [string, number] => typeof entry[1] === 'number' && entry[1] > 0),
  );
}

export async function submitOfferForm(
  writer: OfferWriter,
  store: CatalogueStore,
  locale: Locale,
  deviceId: number,
  fields: Readonly<Record<string, string>>,
): Promise<OfferFormOutcome> {
  const request = offerRequestOfForm(deviceId, fields);
  const answers = chosenAnswers(request);
  const parsed = OfferRequestSchema.safeParse(request);
  if (!parsed.success) return { kind: 'invalid', answers, issue: 'invalid' };
  try {
    const result = await createOffer(writer, store, locale, parsed.data);
    return result.kind === 'blocked'
      ? { kind: 'blocked', answers, blockedBy: result.blockedBy }
      : { kind: 'offer', answers, offer: result.offer };
  } catch (error) {
    if (!(error instanceof PricingInputError)) throw error;
    // Only missing answers: the seller has more to answer; anything else was not a choice the page offered.
    const issue = error.fields.every((field) => field.code === 'required') ? 'required' : 'invalid';
    return { kind: 'invalid', answers, issue };
  }
}

/** The status of the page that shows the outcome. */
export function offerFormStatus(outcome: OfferFormOutcome): number {
  return outcome.kind === 'offer' ? 200 : outcome.kind === 'blocked' ? 422 : 400;
}
