// /<trade path>/{trade}?token=…: where a trade stands, from the mails' signed link (guests have no account).

import { ScreenPage } from '../screen-page';

export default function TradeStatusPage() {
  return <ScreenPage screen="tradeStatus" />;
}
