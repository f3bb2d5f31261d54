import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react';
import { Trans } from '@lingui/react/macro';
import { CONTACT_SUBJECTS, CONTACT_WIDGET_KEYS, type ContactSubject } from '../../config/contact';
import { useShop } from '../../ui/shop-context';
import { ScreenPage } from '../screen-page';

/** Labels of the ten contact subjects of the help widget (spec §1). */
const SUBJECT_LABELS: Record<ContactSubject, MessageDescriptor> = {
  dataChangeOrDocument: msg`Data change or document request`,
  returns: msg`Questions about returns`,
  payment: msg`Questions about payment`,
  purchaseProcess: msg`Questions about the purchase process`,
  orderCancellation: msg`Cancel an order`,
  topicNotListed: msg`My topic is not listed`,
  deviceNotListed: msg`My device is not listed`,
  newOffer: msg`Questions about a new offer`,
  orderStatus: msg`Order status`,
  customerAccount: msg`Customer account`,
};

export default function ContactPage() {
  const { i18n } = useLingui();
  const { country, locale } = useShop();
  const address = country.contact.toAddress;
  return (
    <ScreenPage screen="contact">
      <p>
        <Trans>
          Write to us at <a href={`mailto:${address}`}>{address}</a>. We answer within one working day.
        </Trans>
      </p>
      <h2>
        <Trans>We can help with</Trans>
      </h2>
      <ul className="subjects" data-widget-key={CONTACT_WIDGET_KEYS[locale]}>
        {CONTACT_SUBJECTS.map((subject) => (
          <li key={subject} data-subject={subject}>
            {i18n._(SUBJECT_LABELS[subject])}
          </li>
        ))}
      </ul>
    </ScreenPage>
  );
}
