// Everything the route tree reads from React context, wrapped around the router on server and client.

import type { I18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import type { ReactNode } from 'react';
import type { ShopContext } from '../config/hosts';
import type { PageAssets } from '../contracts/page-assets';
import type { ApiClientOptions } from '../services/api-client';
import { ApiOptionsContext } from '../ui/api-context';
import { PageAssetsContext } from '../ui/page-assets';
import { ShopActorProvider } from '../ui/shop-actor';
import { ShopProvider, makeShop } from '../ui/shop-context';

export function AppProviders(props: { shop: ShopContext; i18n: I18n; assets: PageAssets; api: ApiClientOptions; children: ReactNode }) {
  return (
    <I18nProvider i18n={props.i18n}>
      <ShopProvider shop={makeShop(props.shop)}>
        <ApiOptionsContext.Provider value={props.api}>
          <ShopActorProvider>
            <PageAssetsContext.Provider value={props.assets}>{props.children}</PageAssetsContext.Provider>
          </ShopActorProvider>
        </ApiOptionsContext.Provider>
      </ShopProvider>
    </I18nProvider>
  );
}
