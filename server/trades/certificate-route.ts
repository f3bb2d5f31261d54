// GET /api/certificates/{id}.pdf?token=…: a device's data-erasure certificate (decision 073), opened by
// the signed link of the inspection mail, the clarification mail, the account and the guest trade page
// (./links.ts). A malformed id, a wrong token and an unknown certificate all answer the same 404, so the
// endpoint tells nobody which certificates exist. The PDF is drawn on each request from the row.

import type { FastifyInstance } from 'fastify';
import type { Database } from '../db/client';
import { notFound } from '../http/errors';
import { findCertificate } from './erasure';
import type { CertificateLinks } from './links';

const FILE = /^([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\.pdf$/i;
const noSuchCertificate = () =>
  notFound('There is no such certificate. Please use the link from our e-mail.', { 'Cache-Control': 'private, no-store' });

export interface CertificateRouteOptions {
  readonly db: Database;
  readonly links: CertificateLinks;
}

export function registerCertificateRoute(app: FastifyInstance, { db, links }: CertificateRouteOptions): void {
  app.get<{ Params: { file: string }; Querystring: { token?: unknown } }>('/api/certificates/:file', async (request, reply) => {
    const id = FILE.exec(request.params.file)?.[1]?.toLowerCase();
    if (!id || !links.verify(id, request.query.token)) throw noSuchCertificate();
    const data = await findCertificate(db, id);
    if (!data) throw noSuchCertificate();
    // The PDF code (@pdfme/pdf-lib, the fonts) loads with the first certificate, not at server start.
    const { certificateFileName, renderErasureCertificate } = await import('./certificate-pdf');
    const pdf = await renderErasureCertificate(data);
    return reply
      .header('Content-Type', 'application/pdf')
      .header('Content-Disposition', `inline; filename="${certificateFileName(data)}"`)
      .header('Cache-Control', 'private, no-store')
      .header('X-Content-Type-Options', 'nosniff')
      .header('Referrer-Policy', 'no-referrer')
      .send(Buffer.from(pdf));
  });
}
