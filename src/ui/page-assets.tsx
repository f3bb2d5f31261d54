// Gives the document head the page's built files (see contracts/page-assets).

import { createContext, useContext } from 'react';
import type { PageAssets } from '../contracts/page-assets';

export const PageAssetsContext = createContext<PageAssets>({ entry: '', css: [], preloads: [] });

export function usePageAssets(): PageAssets {
  return useContext(PageAssetsContext);
}
