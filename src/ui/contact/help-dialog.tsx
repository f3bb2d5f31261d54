// The help widget's dialog (loaded on the first click of the help button): the top answers for the
// page it was opened on and the contact form. A modal <dialog>: the page behind is inert, Tab stays
// inside, Escape closes it and the focus goes back to the help button.

import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react';
import { useEffect, useId, useRef } from 'react';
import { CONTACT_WIDGET_KEYS } from '../../config/contact';
import { useShop } from '../shop-context';
import { ContactForm } from './contact-form';
import { HELP_ANSWERS, HELP_TOPIC_TITLES, helpTopicOf } from './help-answers';
import './contact.css';
import '../form/form.css';

export interface HelpDialogProps {
  readonly open: boolean;
  /** The screen of the page (ScreenId), for its top answers. */
  readonly screen: string | undefined;
  readonly onClose: () => void;
}

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]):not([tabindex="-1"]), select:not([disabled]), textarea:not([disabled]), summary, [tabindex="0"]';

export function HelpDialog({ open, screen, onClose }: HelpDialogProps) {
  const { i18n } = useLingui();
  const { locale } = useShop();
  const dialog = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const topic = helpTopicOf(screen);

  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    if (open && !element.open) element.showModal();
    if (!open && element.open) element.close();
  }, [open]);

  return (
    <dialog
      ref={dialog}
      className="help-dialog"
      aria-labelledby={titleId}
      data-widget-key={CONTACT_WIDGET_KEYS[locale]}
      data-topic={topic}
      data-testid="help-dialog"
      // The browser fires "close" a task after it closed the dialog and gave the focus back, when the
      // help button may already have opened it again: Escape ("cancel", fired at once) and the close
      // button end the open state themselves, and a "close" that comes late is ignored.
      onCancel={onClose}
      onClose={() => {
        if (!dialog.current?.open) onClose();
      }}
      onKeyDown={(event) => {
        // Keeps Tab inside the dialog (the browser would also move on to its own address bar).
        if (event.key !== 'Tab') return;
        const items = [...event.currentTarget.querySelectorAll<HTMLElement>(FOCUSABLE)].filter((item) => item.offsetParent !== null);
        const first = items[0];
        const last = items.at(-1);
        if (!first || !last) return;
        if (event.shiftKey && document.activeElement === first) {
          event.preventDefault();
          last.focus();
        } else if (!event.shiftKey && document.activeElement === last) {
          event.preventDefault();
          first.focus();
        }
      }}
    >
      <div className="help-dialog-head">
        <h2 id={titleId}>{i18n._(msg`How can we help?`)}</h2>
        <button type="button" className="help-close" onClick={onClose}>
          <span aria-hidden="true">×</span>
          <span className="visually-hidden">{i18n._(msg`Close help`)}</span>
        </button>
      </div>
      <section className="help-answers" aria-label={i18n._(HELP_TOPIC_TITLES[topic])}>
        <h3>{i18n._(HELP_TOPIC_TITLES[topic])}</h3>
        {HELP_ANSWERS[topic].map((item, index) => (
          <details key={index}>
            <summary>{i18n._(item.question)}</summary>
            <p>{i18n._(item.answer)}</p>
          </details>
        ))}
      </section>
      <section className="help-contact">
        <h3>{i18n._(msg`Write to us`)}</h3>
        {/* Mounted from the first opening on, so closing and opening again keeps what was typed and attached. */}
        <ContactForm source="widget" {...(topic === 'payout' ? { subject: 'payment' } : {})} />
      </section>
    </dialog>
  );
}
