// The bank sent a payout back (TradeView.payoutReturn, issue 29): the trade card says so and offers the
// payout details to correct — in the account and on the guest trade page alike; the page hands in how
// to save (the account's call, or the trade link's). The form keeps what was typed through errors; a
// business trade is paid to the company's bank account only. Once corrected, the next payout run pays
// the new account.

import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react';
import { useActorRef } from '@xstate/react';
import { useId, useMemo } from 'react';
import { fromPromise } from 'xstate';
import type { TradeView } from '../../contracts/trade-view';
import { PayoutSchema, type Payout } from '../../contracts/trades';
import { tradePayoutMachine } from '../../machines/account-forms';
import { emptyPayout, payoutRequest, type PayoutForm } from '../../machines/checkout-form';
import { formatDate, formatPrice } from '../../i18n/format';
import { SAVE_FAILURE_TEXTS } from '../form/form-status';
import { useLatest } from '../form/latest';
import { PayoutDetailsForm } from './payout-form';
import { useShop } from '../shop-context';
import '../form/form.css';
import './account.css';

/** Saves the corrected details; the page then shows the trade as the server answered. */
export type SavePayoutCorrection = (payout: Payout) => Promise<void>;

const CORRECTION_FAILURE_TEXTS = {
  ...SAVE_FAILURE_TEXTS,
  // 409: the payout is on its way again already, or was paid meanwhile.
  refused: msg`Your payout details could not be changed now: the payout may already be on its way again. Please reload the page.`,
} as const;

/** `headingLevel`: one below the card's. */
export function PayoutCorrection({ trade, save, headingLevel }: { trade: TradeView; save: SavePayoutCorrection; headingLevel: 3 | 4 }) {
  const { i18n } = useLingui();
  const shop = useShop();
  const id = useId();
  const returned = trade.payoutReturn!;
  const latest = useLatest(save);
  const machine = useMemo(
    () =>
      tradePayoutMachine.provide({
        actors: {
          save: fromPromise(async ({ input }: { input: { values: PayoutForm } }) => {
            await latest.current(PayoutSchema.parse(payoutRequest(input.values)));
          }),
        },
      }),
    [latest],
  );
  const business = trade.tradeNumber.startsWith('TB-');
  const actor = useActorRef(machine, { input: { values: { ...emptyPayout, method: business ? 'sepa' : trade.payout.method } } });
  const amount = formatPrice(shop.locale, returned.amount);
  const day = formatDate(shop.locale, returned.returnedAt);
  const Heading = headingLevel === 3 ? 'h3' : 'h4';
  return (
    <section className="payout-correction" aria-labelledby={`${id}-heading`} data-testid="payout-correction">
      <Heading id={`${id}-heading`}>{i18n._(msg`Your payout came back`)}</Heading>
      <p>{i18n._(msg`On ${day} your bank sent our payout of ${amount} back to us: the money did not reach your account.`)}</p>
      {returned.corrected ? (
        <p role="status">{i18n._(msg`Thank you: you corrected your payout details. We pay again with our next payout run.`)}</p>
      ) : (
        <p>{i18n._(msg`Please check your payout details and enter them again. We pay again as soon as they are correct.`)}</p>
      )}
      <PayoutDetailsForm
        actor={actor}
        businessAccount={business}
        failureTexts={CORRECTION_FAILURE_TEXTS}
        legend={returned.corrected ? i18n._(msg`Change your payout details again`) : i18n._(msg`Your corrected payout details`)}
      />
    </section>
  );
}
