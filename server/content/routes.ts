// GET /api/content/{locale}/{page}: a content page for the browser's client-side navigation (the
// first page comes server-rendered with it).

import type { FastifyInstance } from 'fastify';
import { CONTENT_PAGES, type ContentPage } from '../../src/config/content';
import { isLocale } from '../../src/config/locales';
import type { ContentDocument } from '../../src/contracts/content';
import type { ContentLibrary } from './library';

export function registerContentRoutes(app: FastifyInstance, { library }: { readonly library: ContentLibrary }): void {
  app.get<{ Params: { locale: string; page: string } }>('/api/content/:locale/:page', async (request, reply) => {
    const { locale, page } = request.params;
    const known = isLocale(locale) && (CONTENT_PAGES as readonly string[]).includes(page);
    const rendered = known ? library.page(locale, page as ContentPage) : null;
    if (!rendered) return reply.status(404).send({ statusCode: 404, error: 'Not Found', message: `No content page ${locale}/${page}` });
    const body: ContentDocument = { html: rendered.html, description: rendered.description };
    return reply.header('Cache-Control', 'public, max-age=300').send(body);
  });
}
