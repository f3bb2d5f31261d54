// The newsletter sign-up of the footer and the home page, in shops with a newsletter (product §1: not
// Austria). The form and its machine load when the seller turns to the form (pointer over it, or
// focus in it): decision 007 keeps XState out of the initial JavaScript, and an anonymous first visit
// fetches no form code (nor the form's messages) it does not use (issue budget: ≤ 15 KB after hydration). Until then the same
// form is shown without them, and what was typed there (and its focus) comes along.

import { useLingui } from '@lingui/react';
import { useRef, useState } from 'react';
import type { NewsletterSource } from '../../contracts/newsletter';
import { withAccountMessages } from '../../i18n/i18n';
import { useShop } from '../shop-context';
import type SignUpFormModule from './sign-up-form';
import { SignUpFrame } from './sign-up-frame';

type SignUpFormComponent = typeof SignUpFormModule;

export function NewsletterSignUp({ source }: { source: NewsletterSource }) {
  const shop = useShop();
  const { i18n } = useLingui();
  const [draft, setDraft] = useState('');
  const focused = useRef(false);
  const [submitted, setSubmitted] = useState(false);
  // The machine-driven form, once loaded. The stand-in stays the same element until then, so
  // nothing typed into it is lost while the code arrives.
  const [Form, setForm] = useState<SignUpFormComponent | null>(null);
  const requested = useRef(false);
  if (!shop.country.features.hasNewsletter) return null;
  const want = () => {
    if (requested.current) return;
    requested.current = true;
    // The form's messages (field errors, the answers after sending) are in the second catalog.
    void Promise.all([import('./sign-up-form'), withAccountMessages(i18n, shop.locale)]).then(([module]) => setForm(() => module.default));
  };
  if (Form) return <Form source={source} initialEmail={draft} autoFocus={focused.current} submitAtOnce={submitted} />;
  return (
    <div className="newsletter-sign-up-frame" onFocusCapture={want} onPointerEnter={want}>
      <SignUpFrame
        source={source}
        email={draft}
        onEmail={setDraft}
        onFocusChange={(hasFocus) => (focused.current = hasFocus)}
        autoFocus={focused.current}
        // Sent before the form's code arrived: it sends as soon as it is there.
        onSubmit={() => {
          setSubmitted(true);
          want();
        }}
        sending={submitted}
      />
    </div>
  );
}
