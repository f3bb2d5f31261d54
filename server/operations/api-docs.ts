// The API's documentation (issue 16 part 10): the OpenAPI document generated from the zod contracts
// at /api/openapi.json and Swagger UI reading it at /api/docs. Served in development, and in
// production only with API_DOCS=1. Swagger UI's two files come from the swagger-ui-dist package; the
// page's scripts carry the request's CSP nonce like every page of the shop.

import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { openApiDocument, type collectApiRoutes } from '../http/openapi';

const UI_FILES = {
  'swagger-ui.css': 'text/css; charset=utf-8',
  'swagger-ui-bundle.js': 'text/javascript; charset=utf-8',
} as const;

const uiDir = () => dirname(createRequire(import.meta.url).resolve('swagger-ui-dist/package.json'));

const page = (nonce: string) => `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>tradein shop API</title>
<link rel="stylesheet" href="/api/docs/swagger-ui.css">
</head>
<body>
<main id="api-docs"></main>
<script nonce="${nonce}" src="/api/docs/swagger-ui-bundle.js"></script>
<script nonce="${nonce}">SwaggerUIBundle({ url: '/api/openapi.json', dom_id: '#api-docs', deepLinking: true });</script>
</body>
</html>
`;

export function registerApiDocsRoutes(app: FastifyInstance, { routes }: { readonly routes: ReturnType<typeof collectApiRoutes> }) {
  let document: Record<string, unknown> | undefined;
  app.get('/api/openapi.json', async (_request, reply) => {
    document ??= openApiDocument(routes);
    return reply.header('Cache-Control', 'no-cache').send(document);
  });
  app.get('/api/docs', async (request, reply) =>
    reply.type('text/html; charset=utf-8').header('Cache-Control', 'no-cache').send(page(request.cspNonce)),
  );
  app.get<{ Params: { file: string } }>('/api/docs/:file', async (request, reply) => {
    const type = UI_FILES[request.params.file as keyof typeof UI_FILES];
    if (!type) return reply.status(404).send({ statusCode: 404, error: 'Not Found', message: 'No such file of the API docs.' });
    return reply
      .type(type)
      .header('Cache-Control', 'public, max-age=86400')
      .send(await readFile(join(uiDir(), request.params.file)));
  });
}
