// The trade_created event of product §3/§7 for the tracking data layer: one entry per traded device.

import type { Trade } from '../contracts/trades';
import { track } from './tracking';

export function trackTradeCreated(trade: Trade, categoryOf: (deviceId: number) => string | undefined): void {
  track({
    event: 'trade_created',
    tradeId: trade.tradeNumber,
    transactionId: trade.transactionId,
    revenue: trade.total,
    voucherCode: trade.voucher?.code ?? null,
    voucherValue: trade.voucher?.value ?? 0,
    items: trade.items.map((item) => ({
      offerId: item.offerId,
      deviceId: item.deviceId,
      productName: item.deviceName,
      category: categoryOf(item.deviceId) ?? null,
      conditionId: item.conditionId,
      price: item.price,
    })),
  });
}
