// The scope every group of staff routes is registered in: answers serialized by their zod schemas
// (a field the contract does not name never leaves the server) and marked no-store (staff data is not
// for any cache).

import type { FastifyInstance } from 'fastify';
import { serializerCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { NO_STORE } from '../http/no-store';

const typed = (scope: FastifyInstance) => scope.withTypeProvider<ZodTypeProvider>();
export type StaffRouteScope = ReturnType<typeof typed>;

export function staffRoutes(server: FastifyInstance, routes: (app: StaffRouteScope) => void): void {
  server.register(async (scope) => {
    scope.setSerializerCompiler(serializerCompiler);
    scope.addHook('onSend', NO_STORE.onSend);
    routes(typed(scope));
  });
}
