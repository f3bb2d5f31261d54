// The shop the page belongs to (locale, mode, country configuration), provided once at the root.

import { createContext, useContext, type ReactNode } from 'react';
import { CONTENT_SLUGS, type ContentPage } from '../config/content';
import { type CountryConfig, countryConfig } from '../config/countries';
import type { ShopContext } from '../config/hosts';
import { buildPath, type PathParams, type ScreenId } from '../config/routes';

export interface Shop extends ShopContext {
  readonly country: CountryConfig;
  /** Localized path of a screen in this shop. */
  readonly path: (screen: ScreenId, params?: PathParams) => string;
  /** Localized path of a content page (/content/{slug}). */
  readonly contentPath: (page: ContentPage) => string;
}

const ShopReactContext = createContext<Shop | null>(null);

export function makeShop(context: ShopContext): Shop {
  return {
    ...context,
    country: countryConfig(context.locale),
    path: (screen, params) => buildPath(screen, context.locale, params),
    contentPath: (page) => buildPath('content', context.locale, { slug: CONTENT_SLUGS[context.locale][page] }),
  };
}

export function ShopProvider({ shop, children }: { shop: Shop; children: ReactNode }) {
  return <ShopReactContext.Provider value={shop}>{children}</ShopReactContext.Provider>;
}

export function useShop(): Shop {
  const shop = useContext(ShopReactContext);
  if (!shop) throw new Error('useShop outside ShopProvider');
  return shop;
}
