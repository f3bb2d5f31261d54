// Where the consent banner appears. Tiny on purpose: it only selects whether the consent machine asks
// (src/machines/consent.ts); the banner, its texts and their catalog load when it does (decision 007).

import { useLingui } from '@lingui/react';
import { useEffect, useState, type ComponentType } from 'react';
import { useActorState, useShopActor } from '../shop-actor';
import { useShop } from '../shop-context';
import type { ConsentBannerProps } from './consent-banner';

export function ConsentSlot() {
  const { i18n } = useLingui();
  const { locale } = useShop();
  const { consent } = useShopActor();
  const asking = useActorState(consent ?? undefined, (snapshot) => snapshot.matches('asking'), false);
  const [Banner, setBanner] = useState<ComponentType<ConsentBannerProps> | null>(null);

  useEffect(() => {
    if (!asking || Banner) return;
    let active = true;
    void import('./consent-banner').then(async (module) => {
      await module.withConsentMessages(i18n, locale);
      if (active) setBanner(() => module.ConsentBanner);
    });
    return () => {
      active = false;
    };
  }, [asking, Banner, i18n, locale]);

  return asking && Banner && consent ? <Banner consent={consent} /> : null;
}
