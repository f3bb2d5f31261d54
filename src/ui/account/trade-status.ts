// What the trade history calls each state of a trade and of each device in it (product §11 life cycle).

import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { TradeView } from '../../contracts/trade-view';

type TradeStatus = TradeView['status'];
type ItemStatus = TradeView['items'][number]['status'];

export const TRADE_STATUS_LABELS: Record<TradeStatus, MessageDescriptor> = {
  created: msg`Waiting for your parcel`,
  received: msg`Parcel received`,
  inspected: msg`Devices inspected`,
  clarification: msg`We have a question`,
  accepted: msg`Accepted`,
  declined: msg`Declined`,
  returned: msg`Sent back to you`,
  paid: msg`Paid`,
  cancelled: msg`Cancelled`,
};

export const ITEM_STATUS_LABELS: Record<ItemStatus, MessageDescriptor> = {
  offered: msg`Waiting for your parcel`,
  received: msg`Received, in inspection`,
  inspected: msg`Inspected`,
  repriced: msg`New price after inspection`,
  clarification: msg`We have a question`,
  accepted: msg`Accepted`,
  declined: msg`Declined`,
  return_pending: msg`Declined: on its way back to you`,
  returned: msg`Sent back to you`,
  paid: msg`Paid`,
  cancelled: msg`Cancelled`,
};

/** A tone for the status badge: done, attention needed, or under way. */
export function statusTone(status: TradeStatus | ItemStatus): 'done' | 'attention' | 'progress' {
  if (status === 'paid' || status === 'accepted') return 'done';
  if (
    status === 'clarification' ||
    status === 'declined' ||
    status === 'return_pending' ||
    status === 'returned' ||
    status === 'cancelled' ||
    status === 'repriced'
  )
    return 'attention';
  return 'progress';
}
