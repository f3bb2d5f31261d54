// How content pages reach the route loader: the server's renderer reads them in process, the browser
// asks GET /api/content/{locale}/{page}. Type-only, so the route tree can name it without its code.

import type { ContentPage } from '../../config/content';
import type { Locale } from '../../config/locales';
import type { ContentDocument } from '../../contracts/content';

/** Resolves to the rendered page, or null when the shop has no such page. */
export type ContentSource = (locale: Locale, page: ContentPage) => Promise<ContentDocument | null>;
