// The help button of the country shops, in the header so it never covers content; it floats at the
// window's corner only where the margin beside the page's column is wider than it (decision 078). Tiny on purpose: the dialog, the contact form and
// their texts load on the first click (docs/decisions/023), not with the page.

import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react';
import { useRouterState } from '@tanstack/react-router';
import { useRef, useState, type ComponentType } from 'react';
import { withAccountMessages } from '../../i18n/i18n';
import type { HelpDialogProps } from '../contact/help-dialog';
import { useShop } from '../shop-context';

export function HelpButton() {
  const { i18n } = useLingui();
  const shop = useShop();
  const { locale } = shop;
  const button = useRef<HTMLButtonElement>(null);
  const [Dialog, setDialog] = useState<ComponentType<HelpDialogProps> | null>(null);
  const [open, setOpen] = useState(false);
  const [loading, setLoading] = useState(false);
  const screen = useRouterState({ select: (state) => state.matches.at(-1)?.staticData.screen });

  const show = async () => {
    if (!Dialog) {
      setLoading(true);
      try {
        // The form's texts live in the account catalog with the form kit (lingui.config.ts).
        const [module] = await Promise.all([import('../contact/help-dialog'), withAccountMessages(i18n, locale)]);
        // No module: the stale-build guard (src/services/reload-guard.ts) is reloading the page.
        if ((module as typeof module | undefined) === undefined) return;
        setDialog(() => module.HelpDialog);
      } catch {
        // The dialog's code did not arrive again (a network failure): the contact page, loaded whole, has the same form.
        window.location.assign(shop.path('contact'));
        return;
      } finally {
        setLoading(false);
      }
    }
    setOpen(true);
  };

  return (
    <>
      <button
        ref={button}
        type="button"
        className="help-button"
        aria-haspopup="dialog"
        aria-expanded={open}
        aria-busy={loading || undefined}
        data-testid="help-button"
        onClick={() => void show()}
      >
        <span aria-hidden="true">?</span> <span className="help-button-label">{i18n._(msg`Help`)}</span>
      </button>
      {Dialog && (
        <Dialog
          open={open}
          screen={screen}
          onClose={() => {
            setOpen(false);
            button.current?.focus();
          }}
        />
      )}
    </>
  );
}
