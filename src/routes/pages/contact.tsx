// The contact page: the contact form (subject, name, e-mail, trade number, message, attachments),
// and the country's address for those who prefer their own mail program.

import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react';
import { Trans } from '@lingui/react/macro';
import { useRouterState } from '@tanstack/react-router';
import { CONTACT_SUBJECTS, CONTACT_WIDGET_KEYS, type ContactSubject } from '../../config/contact';
import { ContactForm } from '../../ui/contact/contact-form';
import { useShop } from '../../ui/shop-context';
import { ScreenPage } from '../screen-page';
import '../../ui/contact/contact.css';
import '../../ui/form/form.css';

/** A prefilled message is a search text: at most this long. */
const MESSAGE_PREFILL_MAX = 100;

export default function ContactPage() {
  const { i18n } = useLingui();
  const { country, locale } = useShop();
  const address = country.contact.toAddress;
  // ?business=1 (the business landing page's link): the message goes to the partner desk.
  const params = useRouterState({ select: (state) => state.location.searchStr });
  const query = new URLSearchParams(params);
  const business = query.get('business') === '1';
  // ?subject=deviceNotListed&message=… (the search's "device not listed" link): the form starts with them.
  const subject = CONTACT_SUBJECTS.find((s: ContactSubject) => s === query.get('subject'));
  const message = `${query.get('message') ?? ''}`.slice(0, MESSAGE_PREFILL_MAX);
  return (
    <ScreenPage screen="contact">
      <div className="contact-page" data-widget-key={CONTACT_WIDGET_KEYS[locale]}>
        <p className="lead">
          {i18n._(msg`Write to us with the form below. We answer within one working day and send you a confirmation right away.`)}
        </p>
        <ContactForm
          source="page"
          business={business && country.contact.b2bpartner !== undefined}
          {...(subject ? { subject } : {})}
          {...(message ? { message: i18n._(msg`My device is not listed: ${message}`) } : {})}
        />
        <p className="contact-alternative">
          <Trans>
            You can also write to us at <a href={`mailto:${address}`}>{address}</a>.
          </Trans>
        </p>
      </div>
    </ScreenPage>
  );
}
