import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react';
import { Trans } from '@lingui/react/macro';
import { useShop } from '../../ui/shop-context';
import { ScreenPage } from '../screen-page';

/** The ten contact subjects of the help widget (spec §1). */
const SUBJECTS = [
  msg`Data change or document request`,
  msg`Questions about returns`,
  msg`Questions about payment`,
  msg`Questions about the purchase process`,
  msg`Cancel an order`,
  msg`My topic is not listed`,
  msg`My device is not listed`,
  msg`Questions about a new offer`,
  msg`Order status`,
  msg`Customer account`,
];

export default function ContactPage() {
  const { i18n } = useLingui();
  const { country } = useShop();
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
      <ul className="subjects">
        {SUBJECTS.map((subject) => (
          <li key={subject.id}>{i18n._(subject)}</li>
        ))}
      </ul>
    </ScreenPage>
  );
}
