// GET /api/trades/{tradeId}/credit-note.pdf?token=…: a business trade's credit note (decision 036).
// The link comes with the trade's 201 answer (Credit-Note-Url header), its mail and the account.
// It stays valid as long as the trade exists: it is the company's accounting document.

import type { FastifyInstance } from 'fastify';
import type { Database } from '../db/client';
import { notFound } from '../http/errors';
import type { LabelLinks } from '../labels/links';
import { sendPdf, UUID } from '../labels/routes';
import { findCreditNoteData } from './repository';

const noSuchCreditNote = () => notFound('There is no such credit note.', { 'Cache-Control': 'private, no-store' });

export function registerCreditNoteRoute(app: FastifyInstance, { db, links }: { readonly db: Database; readonly links: LabelLinks }) {
  app.get<{ Params: { tradeId: string }; Querystring: { token?: unknown } }>(
    '/api/trades/:tradeId/credit-note.pdf',
    async (request, reply) => {
      const tradeId = request.params.tradeId.toLowerCase();
      if (!UUID.test(tradeId) || !links.verifyCreditNote(tradeId, request.query.token)) throw noSuchCreditNote();
      const data = await findCreditNoteData(db, tradeId);
      if (!data) throw noSuchCreditNote();
      const { renderCreditNote } = await import('./credit-note');
      const pdf = await renderCreditNote(data);
      return sendPdf(reply, 'credit-note', data.tradeNumber, pdf);
    },
  );
}
