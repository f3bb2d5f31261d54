// Everything the route tree reads from React context, wrapped around the router on server and client.

import type { I18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import type { ReactNode } from 'react';
import type { ShopContext } from '../config/hosts';
import type { PageAssets } from '../contracts/page-assets';
import { PageAssetsContext } from '../ui/page-assets';
import { ShopProvider, makeShop } from '../ui/shop-context';

export function AppProviders(props: { shop: ShopContext; i18n: I18n; assets: PageAssets; children: ReactNode }) {
  return (
    <I18nProvider i18n={props.i18n}>
      <ShopProvider shop={makeShop(props.shop)}>
        <PageAssetsContext.Provider value={props.assets}>{props.children}</PageAssetsContext.Provider>
      </ShopProvider>
    </I18nProvider>
  );
}
