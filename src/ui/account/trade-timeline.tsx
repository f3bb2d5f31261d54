// The steps of a trade, oldest first, each with its date in the shop's format: created, label ready,
// received, inspected (per device: as declared, better, worse, with the price), the clarification asked
// and answered, each payout with its breakdown (the devices, the raise, the voucher and the late bonus),
// the devices sent back, or the cancellation.

import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react';
import type { ReactNode } from 'react';
import type { TradeEvent } from '../../contracts/trade-view';
import { formatDate, formatPrice } from '../../i18n/format';
import { useShop } from '../shop-context';
import '../form/form.css';
import './account.css';

export function TradeTimeline({ events }: { events: readonly TradeEvent[] }) {
  const { i18n } = useLingui();
  const shop = useShop();
  return (
    <ol className="trade-timeline" aria-label={i18n._(msg`Steps of this trade`)}>
      {events.map((event, i) => (
        <li key={i} className="trade-event" data-event={event.kind}>
          <time dateTime={event.at}>{formatDate(shop.locale, event.at)}</time>
          <div className="trade-event-body">
            <EventText event={event} />
          </div>
        </li>
      ))}
    </ol>
  );
}

function EventText({ event }: { event: TradeEvent }): ReactNode {
  const { i18n } = useLingui();
  const shop = useShop();
  const money = (amount: number) => formatPrice(shop.locale, amount);
  switch (event.kind) {
    case 'created':
      return <strong>{i18n._(msg`Trade created`)}</strong>;
    case 'labelIssued':
      return <strong>{i18n._(msg`Shipping label ready`)}</strong>;
    case 'received':
      return <strong>{i18n._(msg`Parcel received`)}</strong>;
    case 'inspected':
      return (
        <>
          <strong>{i18n._(msg`Devices inspected`)}</strong>
          <ul>
            {event.devices.map((device, i) => {
              const { deviceName } = device;
              const offered = money(device.offered);
              const price = money(device.price);
              return (
                <li key={i} data-outcome={device.outcome}>
                  {device.outcome === 'asDeclared'
                    ? i18n._(msg`${deviceName}: as you described it, ${price}`)
                    : device.outcome === 'better'
                      ? i18n._(msg`${deviceName}: better than you described it, so we pay more: ${price} instead of ${offered}`)
                      : i18n._(msg`${deviceName}: not as you described it; our new offer: ${price} instead of ${offered}`)}
                </li>
              );
            })}
          </ul>
        </>
      );
    case 'clarificationOpened': {
      const devices = event.devices.join(', ');
      const deadline = formatDate(shop.locale, event.deadline);
      return (
        <>
          <strong>{i18n._(msg`We asked you about ${devices}`)}</strong>
          <p>{i18n._(msg`Please answer by ${deadline}.`)}</p>
        </>
      );
    }
    case 'clarificationAnswered': {
      const { deviceName } = event;
      const counterOffer = money(event.counterOffer);
      if (event.byDeadline)
        return (
          <strong>
            {event.decision === 'accepted'
              ? i18n._(msg`No answer by the deadline: the new offer of ${counterOffer} for ${deviceName} applies`)
              : i18n._(msg`No answer by the deadline: ${deviceName} goes back to you`)}
          </strong>
        );
      return (
        <strong>
          {event.decision === 'accepted'
            ? i18n._(msg`You accepted the new offer of ${counterOffer} for ${deviceName}`)
            : i18n._(msg`You declined the new offer for ${deviceName}`)}
        </strong>
      );
    }
    case 'paid': {
      const amount = money(event.amount);
      const account = event.method === 'paypal' ? i18n._(msg`PayPal ${event.account}`) : event.account;
      return (
        <>
          <strong data-testid="trade-event-paid">{i18n._(msg`Paid ${amount} to ${account}`)}</strong>
          <ul className="payout-breakdown">
            {event.devices.map((device, i) => {
              const { deviceName } = device;
              return (
                <li key={i}>
                  {deviceName}: {money(device.paid)}
                </li>
              );
            })}
            {event.raise > 0 && <li>{i18n._(msg`Of which paid above the offer after inspection: ${money(event.raise)}`)}</li>}
            {event.voucher > 0 && <li>{i18n._(msg`Voucher bonus: ${money(event.voucher)}`)}</li>}
            {event.bonus > 0 && <li>{i18n._(msg`Late-payout bonus: ${money(event.bonus)}`)}</li>}
          </ul>
        </>
      );
    }
    case 'payoutReturned': {
      const amount = money(event.amount);
      return (
        <strong data-testid="trade-event-payout-returned">
          {event.method === 'paypal'
            ? i18n._(msg`PayPal sent the payout of ${amount} back: please check your PayPal address`)
            : i18n._(msg`Your bank sent the payout of ${amount} back: please check your bank details`)}
        </strong>
      );
    }
    case 'returned': {
      const devices = event.devices.join(', ');
      return <strong>{i18n._(msg`Sent back to you: ${devices}`)}</strong>;
    }
    case 'cancelled':
      return <strong>{i18n._(msg`Trade cancelled`)}</strong>;
  }
}
