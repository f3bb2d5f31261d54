// What the offer panel says until every question is answered: how to get the offer and the most a
// device like new brings (both offer flows show it, the eager one and the machine's).

import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react';
import { Trans } from '@lingui/react/macro';
import { formatPrice } from '../../i18n/format';
import { useShop } from '../shop-context';

export function AnsweringHint({ basePrice }: { basePrice: number }) {
  const { i18n } = useLingui();
  const shop = useShop();
  return (
    <p>
      <Trans>Answer all questions to see your binding offer.</Trans>{' '}
      {i18n._(msg`Up to ${formatPrice(shop.locale, basePrice)} for a device like new.`)}
    </p>
  );
}
