// Cart holds for price-drop warnings (issue 18 part 3, decision 058): PUT /api/cart-holds (the
// checkout reports the offers of a cart whose e-mail is known; 202 for every valid request, rate
// limited per client IP and per address) and the warning mail's stop link, /cart-holds/stop?token=…:
// GET shows a page with one button (a mail scanner following the link stops nothing), POST deletes
// every hold of the address (also the one-click target of a mail client).

import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { resolveShop } from '../../src/config/hosts';
import { LANGUAGE_TAG, type Locale } from '../../src/config/locales';
import { buildPath } from '../../src/config/routes';
import { CartHoldsRequestSchema } from '../../src/contracts/offers';
import { usernameHash } from '../accounts/audit';
import { clockOf, type AccountServices } from '../accounts/services';
import type { Database } from '../db/client';
import { badRequest } from '../http/errors';
import { rateLimits } from '../http/rate-limits';
import { NO_STORE } from '../http/no-store';
import { serverI18n } from '../i18n/catalog';
import { cartHoldStopPath, replaceCartHolds, stopCartHolds, type CartHoldStopLinks } from './cart-holds';

const FORM_TYPE = 'application/x-www-form-urlencoded';

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** A page of its own, without scripts or styles: a heading, a paragraph, and a form or a link. */
function stopPage(locale: Locale, body: string): string {
  const t = serverI18n(locale);
  return `<!doctype html>
<html lang="${LANGUAGE_TAG[locale]}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex"><title>${escapeHtml(t._('cartHolds.stop.title'))}</title></head>
<body><main><h1>${escapeHtml(t._('cartHolds.stop.title'))}</h1>
${body}
<p><a href="${escapeHtml(buildPath('home', locale))}">${escapeHtml(t._('cartHolds.stop.home'))}</a></p></main></body></html>`;
}

export function registerCartHoldRoutes(
  server: FastifyInstance,
  deps: { readonly db: Database; readonly accounts: AccountServices; readonly stops: CartHoldStopLinks },
): void {
  const { db, accounts, stops } = deps;
  const now = () => new Date(clockOf(accounts));
  const limits = rateLimits(accounts);
  const limit = limits.perIp;

  void server.register(async (scope) => {
    const app = scope.withTypeProvider<ZodTypeProvider>();
    // The stop page's button (and a mail client's one-click) posts a form; its token is in the query.
    scope.addContentTypeParser(FORM_TYPE, { parseAs: 'string', bodyLimit: 1024 }, (_request, _body, done) => done(null, {}));

    app.put(
      '/api/cart-holds',
      {
        ...NO_STORE,
        preValidation: [limit('offerShare')],
        schema: { body: CartHoldsRequestSchema },
        config: { invalidBody: 'Please send the e-mail address, the shop and the offer ids of the cart.' },
      },
      async (request, reply) => {
        const { email, locale, offerIds } = request.body;
        if (locale !== resolveShop(request.hostname, request.headers.cookie).locale)
          throw badRequest('This cart belongs to another shop: send it to the shop where its offers were made.', [
            { path: 'locale', code: 'invalid', message: 'Not this shop.' },
          ]);
        const allowed = await limits.allows('cartHolds', usernameHash(email));
        if (allowed) await replaceCartHolds(db, { email, locale: locale as Locale, offerIds, now: now() });
        // The same answer whether the holds were stored or the address had enough for this hour.
        return reply.status(202).send({ status: 'accepted' });
      },
    );

    const page = (reply: FastifyReply, status: number, html: string) =>
      reply
        .status(status)
        .header('Cache-Control', 'no-store')
        .header('Referrer-Policy', 'no-referrer')
        .type('text/html; charset=utf-8')
        .send(html);
    const tokenOf = (request: FastifyRequest) => (request.query as { token?: unknown }).token;

    app.get('/cart-holds/stop', { preValidation: [limit('offerShare')] }, async (request, reply) => {
      const { locale } = resolveShop(request.hostname, request.headers.cookie);
      const t = serverI18n(locale);
      const token = tokenOf(request);
      if (stops.verify(token) === null) return page(reply, 400, stopPage(locale, `<p>${escapeHtml(t._('cartHolds.stop.invalid'))}</p>`));
      return page(
        reply,
        200,
        stopPage(
          locale,
          `<p>${escapeHtml(t._('cartHolds.stop.confirm'))}</p>
<form method="post" action="${escapeHtml(cartHoldStopPath(String(token)))}"><button type="submit">${escapeHtml(t._('cartHolds.stop.button'))}</button></form>`,
        ),
      );
    });

    app.post('/cart-holds/stop', { preValidation: [limit('offerShare')] }, async (request, reply) => {
      const { locale } = resolveShop(request.hostname, request.headers.cookie);
      const t = serverI18n(locale);
      const email = stops.verify(tokenOf(request));
      if (email === null) return page(reply, 400, stopPage(locale, `<p>${escapeHtml(t._('cartHolds.stop.invalid'))}</p>`));
      const deleted = await stopCartHolds(db, email);
      request.log.info({ cartHolds: 'stopped', deleted }, 'cart holds: stopped by the mail link');
      return page(reply, 200, stopPage(locale, `<p role="status">${escapeHtml(t._('cartHolds.stop.done'))}</p>`));
    });
  });
}
