// The audit log for the admin (issue 28 item 6): every staff action and ops CLI move, newest first,
// filtered by who (an e-mail or `cli`), what (an action such as `trade.received`) and trade number,
// paged by id. The log itself is written by the changes it records (./audit.ts).

import type { FastifyInstance } from 'fastify';
import { serializerCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { AuditAnswerSchema, AuditQuerySchema } from '../../src/contracts/staff';
import type { Database } from '../db/client';
import { NO_STORE } from '../http/no-store';
import { listAudit } from './audit';
import { allow } from './guard';

export function registerAuditRoutes(server: FastifyInstance, options: { readonly db: Database }): void {
  server.register(async (scope) => {
    scope.setSerializerCompiler(serializerCompiler);
    scope
      .withTypeProvider<ZodTypeProvider>()
      .get(
        '/api/staff/audit',
        { ...NO_STORE, onRequest: allow('admin'), schema: { querystring: AuditQuerySchema, response: { 200: AuditAnswerSchema } } },
        async (request) => listAudit(options.db, request.query),
      );
  });
}
