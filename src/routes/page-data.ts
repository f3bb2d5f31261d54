// The loader data of the page being shown, typed: the registered route tree knows every loader's
// result, and the `kind` each result carries tells the page which one it got (no casts).

import { useMatches } from '@tanstack/react-router';
import type { ClarificationLinkData, PageHttpStatus, ReviewLinkData, TradeStatusData } from './link-loaders';
import type { CategoryData, ContentData, DevicePageData, HomeData, OverviewData, SearchResultsData } from './loaders';
import type { RootData } from './root-data';

export type PageData =
  | HomeData
  | CategoryData
  | OverviewData
  | DevicePageData
  | ContentData
  | ClarificationLinkData
  | ReviewLinkData
  | SearchResultsData
  | TradeStatusData;
export type PageKind = PageData['kind'];

function isOneOf<K extends PageKind>(data: PageData | RootData | undefined, kinds: readonly K[]): data is Extract<PageData, { kind: K }> {
  return data !== undefined && kinds.some((kind) => kind === data.kind);
}

/** The current page's loader data of one of `kinds`; anything else is a routing bug. */
export function usePageData<K extends PageKind>(...kinds: readonly K[]): Extract<PageData, { kind: K }> {
  // Screen routes are leaves: the last match is the page's own.
  const data = useMatches({ select: (matches) => matches.at(-1)?.loaderData });
  if (!isOneOf(data, kinds)) throw new Error(`this page shows ${kinds.join(' or ')} data, the route loaded ${data?.kind ?? 'none'}`);
  return data;
}

/** The HTTP status a page's data asks for instead of 200 (a link page that says on screen what is wrong with the link). */
export function pageHttpStatus(data: PageData | RootData | undefined): PageHttpStatus | undefined {
  return data !== undefined && 'httpStatus' in data ? data.httpStatus : undefined;
}
