// GET /api/trades/{tradeId}/label.pdf?token=…: the trade's shipping label as a PDF download. The
// token (HMAC of the trade id, server/labels/links.ts) comes with the trade's 201 answer (Label-Url
// header) and the confirmation mail. A bad id, a wrong or missing token and an unknown trade all
// answer the same 404, so the endpoint tells nobody which trades exist.

import type { FastifyInstance, FastifyReply } from 'fastify';
import type { Database } from '../db/client';
import { notFound } from '../http/errors';
import type { LabelLinks } from './links';
import { findLabelData, findReturnLabelData, labelValidity } from './repository';

export const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const noSuchReturnLabel = () =>
  notFound('There is no return label for this trade: none of its devices was declined to be sent back.', {
    'Cache-Control': 'private, no-store',
  });
const noSuchLabel = () => notFound('There is no such shipping label.', { 'Cache-Control': 'private, no-store' });

/** A trade's PDF as a download: never cached, never sniffed, its link (with the token) never sent on. */
export function sendPdf(reply: FastifyReply, name: string, tradeNumber: string, pdf: Uint8Array) {
  return reply
    .header('Content-Type', 'application/pdf')
    .header('Content-Disposition', `attachment; filename="${name}-${tradeNumber.replace(/[^A-Za-z0-9-]/g, '')}.pdf"`)
    .header('Cache-Control', 'private, no-store')
    .header('X-Content-Type-Options', 'nosniff')
    .header('Referrer-Policy', 'no-referrer')
    .send(Buffer.from(pdf));
}

export function registerLabelRoutes(app: FastifyInstance, { db, links }: { readonly db: Database; readonly links: LabelLinks }) {
  app.get<{ Params: { tradeId: string }; Querystring: { token?: unknown } }>('/api/trades/:tradeId/label.pdf', async (request, reply) => {
    const tradeId = request.params.tradeId.toLowerCase();
    if (!UUID.test(tradeId)) throw noSuchLabel();
    // A link of an older label version (revoked) or of a trade closed for over 30 days opens nothing.
    const validity = await labelValidity(db, tradeId);
    if (!validity || validity.expired || !links.verify(tradeId, request.query.token, validity.version)) throw noSuchLabel();
    const data = await findLabelData(db, tradeId);
    if (!data) throw noSuchLabel();
    // The PDF code (@pdfme/pdf-lib, bwip-js) loads with the first label, not at server start.
    const { renderShippingLabel } = await import('./label');
    const pdf = await renderShippingLabel(data);
    return sendPdf(reply, 'label', data.tradeNumber, pdf);
  });

  // GET /api/trades/{tradeId}/return-label.pdf?token=…: the devices a seller declined go back with
  // this label (warehouse → seller). The link comes with the clarification's view once an item is
  // declined to be sent back (its own token purpose, so the inbound label's token does not open it).
  app.get<{ Params: { tradeId: string }; Querystring: { token?: unknown } }>(
    '/api/trades/:tradeId/return-label.pdf',
    async (request, reply) => {
      const tradeId = request.params.tradeId.toLowerCase();
      if (!UUID.test(tradeId) || !links.verifyReturn(tradeId, request.query.token)) throw noSuchLabel();
      if ((await labelValidity(db, tradeId))?.expired !== false) throw noSuchLabel();
      const data = await findReturnLabelData(db, tradeId);
      if (!data) throw noSuchReturnLabel();
      const { renderShippingLabel } = await import('./label');
      const pdf = await renderShippingLabel(data);
      return sendPdf(reply, 'return-label', data.tradeNumber, pdf);
    },
  );
}
