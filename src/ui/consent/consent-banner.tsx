// The consent banner (product §4): per country shop, localized, and not a wall — it sits at the bottom,
// the page stays usable behind it and nothing is decided until the seller chooses. Accept everything,
// only the necessary, or open the settings (what each purpose means, one switch). It takes the focus
// only when nothing else has it (never out of a field being typed in) and gives it back afterwards.
// Loaded with its own catalog (src/i18n/consent) when the consent machine asks; it only selects and sends.

import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react';
import { Link } from '@tanstack/react-router';
import { useEffect, useId, useRef, useState } from 'react';
import { domainOf } from '../../config/brands';
import type { ConsentActor } from '../../machines/consent';
import './consent.css';
export { withConsentMessages } from '../../i18n/consent-catalog';
import { useActorState } from '../shop-actor';
import { useShop } from '../shop-context';

export interface ConsentBannerProps {
  readonly consent: ConsentActor;
}

export function ConsentBanner({ consent }: ConsentBannerProps) {
  const { i18n } = useLingui();
  const shop = useShop();
  const domain = domainOf(shop.country, shop.mode);
  const titleId = useId();
  const heading = useRef<HTMLHeadingElement>(null);
  const settings = useActorState(consent, (snapshot) => snapshot.matches({ asking: 'settings' }), false);
  const [allow, setAllow] = useState(() => consent.getSnapshot().context.consent);

  useEffect(() => {
    const before = document.activeElement;
    if (!before || before === document.body) heading.current?.focus();
    return () => {
      if (before instanceof HTMLElement && before !== document.body && before.isConnected) before.focus();
    };
  }, []);
  useEffect(() => {
    if (settings) heading.current?.focus();
  }, [settings]);

  return (
    <section className="consent-banner" aria-labelledby={titleId} data-testid="consent-banner">
      <h2 id={titleId} ref={heading} tabIndex={-1}>
        {settings ? i18n._(msg`Cookie settings`) : i18n._(msg`Your privacy at ${domain}`)}
      </h2>
      {settings ? (
        <div className="consent-settings">
          <p>
            <strong>{i18n._(msg`Necessary`)}</strong>{' '}
            {i18n._(msg`Language, cart, log-in and this choice. Always on: the shop does not work without them.`)}
          </p>
          <label className="consent-switch">
            <input type="checkbox" checked={allow} onChange={(event) => setAllow(event.currentTarget.checked)} />
            <span>
              <strong>{i18n._(msg`Measurement and personalisation`)}</strong>{' '}
              {i18n._(
                msg`Which pages are visited and which offers become trades, counted under a random identifier, and device suggestions. Stored for at most 13 months.`,
              )}
            </span>
          </label>
        </div>
      ) : (
        // One short paragraph per point: on a phone the banner stays a strip at the bottom, not half the screen.
        <div className="consent-summary">
          <p>{i18n._(msg`We use necessary cookies to run the shop.`)}</p>
          <p>{i18n._(msg`With your consent we also measure visits and offers and personalise suggestions.`)}</p>
          <p>
            {i18n._(msg`You can change your choice at any time under "Cookie settings" at the bottom of every page.`)}{' '}
            <Link to={shop.contentPath('privacy')}>{i18n._(msg`Privacy policy`)}</Link>
          </p>
        </div>
      )}
      <div className="consent-actions">
        <button type="button" className="button" onClick={() => consent.send({ type: 'consent.accept' })}>
          {i18n._(msg`Accept all`)}
        </button>
        <button type="button" className="button secondary" onClick={() => consent.send({ type: 'consent.refuse' })}>
          {i18n._(msg`Only necessary`)}
        </button>
        {settings ? (
          <button type="button" className="button secondary" onClick={() => consent.send({ type: 'consent.save', allow })}>
            {i18n._(msg`Save settings`)}
          </button>
        ) : (
          <button type="button" className="link-button" onClick={() => consent.send({ type: 'consent.settings' })}>
            {i18n._(msg`Settings`)}
          </button>
        )}
      </div>
    </section>
  );
}
