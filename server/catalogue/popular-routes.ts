// GET /api/catalogue/popular: the ids of the shop's popular devices (server/catalogue/popular.ts), most
// offered in the last 30 days first. The country comes from the host, like every page of the shop.

import type { FastifyInstance } from 'fastify';
import { resolveShop } from '../../src/config/hosts';
import type { PopularDevices } from '../../src/contracts/search';

export function registerPopularRoute(
  app: FastifyInstance,
  popular: (locale: ReturnType<typeof resolveShop>['locale']) => Promise<number[]>,
) {
  app.get('/api/catalogue/popular', async (request, reply): Promise<PopularDevices> => {
    const shop = resolveShop(request.hostname, request.headers.cookie);
    reply.header('Cache-Control', 'public, max-age=300').header('Vary', 'Host, Cookie');
    return { deviceIds: await popular(shop.locale) };
  });
}
