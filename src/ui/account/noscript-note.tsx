// What the checkout and the account screens say in a browser without JavaScript: they run in the
// browser (the cart and the session are kept there), so instead of a loading text that never ends
// they explain what to do. The loading texts themselves are hidden then (styles.css, `scripting: none`).

import { Trans } from '@lingui/react/macro';
import '../form/form.css';

export function NoScriptNote({ screen }: { screen: 'checkout' | 'account' }) {
  return (
    <noscript>
      <div className="noscript-note" role="note" data-testid="noscript-note">
        <p>
          {screen === 'checkout' ? (
            <Trans>
              The checkout needs JavaScript: your cart is kept in this browser and the checkout runs in it. Please turn on JavaScript in
              your browser settings and reload this page.
            </Trans>
          ) : (
            <Trans>
              Your account needs JavaScript: logging in and your details run in this browser. Please turn on JavaScript in your browser
              settings and reload this page.
            </Trans>
          )}
        </p>
      </div>
    </noscript>
  );
}
