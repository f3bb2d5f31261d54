// The remaining validity of an offer (issue 18 part 2): "20 days left" (ICU plural per locale), with
// its date for who wants it; close to expiry it is highlighted. Used on the device page, per cart line
// and in the checkout review.

import { msg, plural } from '@lingui/core/macro';
import { useLingui } from '@lingui/react';
import { countdownOf } from '../../config/offer-countdown';
import { formatDate } from '../../i18n/format';
import { useShop } from '../shop-context';
import '../form/form.css';

/** The words of a countdown: days left (plural rules of the shop's language). */
export const countdownMessage = (days: number) => msg`${plural(days, { one: '# day left', other: '# days left' })}`;

export function OfferCountdown({ validUntil, now = Date.now() }: { validUntil: string; now?: number }) {
  const { i18n } = useLingui();
  const shop = useShop();
  const countdown = countdownOf(validUntil, now);
  const date = formatDate(shop.locale, validUntil);
  if (countdown.state === 'expired') return <span className="offer-countdown expired">{i18n._(msg`Expired on ${date}`)}</span>;
  return (
    <span className={`offer-countdown ${countdown.state}`} data-testid="offer-countdown">
      <strong>{i18n._(countdownMessage(countdown.days))}</strong>{' '}
      <span className="countdown-date">{i18n._(msg`(valid until ${date})`)}</span>
    </span>
  );
}
