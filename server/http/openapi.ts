// The OpenAPI document of the shop API (issue 16 part 10), generated from the zod contracts: every
// route the app registers under /api and /searches is listed (collected as it is registered), with
// the JSON Schemas of its zod route schema (params, query, body) or, for the routes that pick their
// schema per shop inside the handler, of the contract they use (for the German shop). The document is
// served at /api/openapi.json and read by the docs page at /api/docs (server/operations/api-docs.ts).

import type { FastifyInstance, RouteOptions } from 'fastify';
import { z } from 'zod';
import { RegistrationSchema, AddressPatchSchema } from '../../src/contracts/account';
import { ContactSubmissionSchema } from '../../src/contracts/contact';
import { ApiErrorSchema, OfferSchema } from '../../src/contracts/offers';
import { ClarificationViewSchema } from '../../src/contracts/clarifications';
import { TradeStatusAnswerSchema } from '../../src/contracts/trade-view';
import { TradeRequestSchema, TradeSchema } from '../../src/contracts/trades';

type JsonSchema = Record<string, unknown>;

interface RouteRecord {
  readonly method: string;
  readonly url: string;
  readonly schema?: RouteOptions['schema'];
}

/** Documentation for routes whose body is checked in the handler (the schema depends on the shop) or is not JSON. */
const HANDLER_CONTRACTS: Record<string, { readonly body?: z.ZodType; readonly bodyType?: string; readonly note?: string }> = {
  'POST /api/trades': {
    body: TradeRequestSchema('de'),
    note: 'Needs an Idempotency-Key header. Postal code and business rules follow the shop of the Host (shown: the German shop).',
  },
  'POST /api/account/register': {
    body: RegistrationSchema('de'),
    note: 'Answers 202 at once; the activation mail follows. Postal code rules follow the shop of the Host (shown: the German shop).',
  },
  'PATCH /api/customers/addresses': {
    body: AddressPatchSchema('de'),
    note: 'Postal code rules follow the shop of the Host (shown: the German shop).',
  },
  'POST /api/contact': {
    body: ContactSubmissionSchema,
    bodyType: 'multipart/form-data',
    note: 'The fields below as form fields, plus up to three attachments (JPEG, PNG, WebP or PDF) and the ticket of GET /api/contact/ticket.',
  },
};

/** Answers of routes that declare no response schema of their own (a route's zod `response` schema is used where it has one). */
const ANSWERS: Record<string, { readonly status: string; readonly schema: z.ZodType }> = {
  'POST /api/offers': { status: '201', schema: OfferSchema },
  'GET /api/offers/{id}': { status: '200', schema: OfferSchema },
  'POST /api/trades': { status: '201', schema: TradeSchema },
  'GET /api/trades/{tradeNumber}/status': { status: '200', schema: TradeStatusAnswerSchema },
  'POST /api/clarifications/{id}/undo': { status: '200', schema: ClarificationViewSchema },
};

const toJson = (schema: z.ZodType): JsonSchema =>
  z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any', target: 'draft-2020-12' }) as JsonSchema;

const isZod = (value: unknown): value is z.ZodType => value instanceof z.ZodType;

/** Collects the API routes as the app registers them; call before the routes are registered. */
export function collectApiRoutes(app: FastifyInstance): readonly RouteRecord[] {
  const routes: RouteRecord[] = [];
  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith('/api/') && route.url !== '/searches') return;
    if (route.url === '/api/*' || route.url.startsWith('/api/docs') || route.url === '/api/openapi.json') return;
    for (const method of [route.method].flat()) {
      if (method === 'HEAD') continue;
      routes.push({ method, url: route.url, ...(route.schema && { schema: route.schema }) });
    }
  });
  return routes;
}

const openApiPath = (url: string) => url.replace(/:([A-Za-z0-9_]+)/g, '{$1}');

function parameters(schema: unknown, where: 'path' | 'query'): JsonSchema[] {
  if (!isZod(schema)) return [];
  const json = toJson(schema);
  const properties = (json.properties ?? {}) as Record<string, JsonSchema>;
  const required = new Set((json.required ?? []) as string[]);
  return Object.entries(properties).map(([name, property]) => ({
    name,
    in: where,
    required: where === 'path' || required.has(name),
    schema: property,
  }));
}

export function openApiDocument(routes: readonly RouteRecord[]): JsonSchema {
  const paths: Record<string, Record<string, JsonSchema>> = {};
  for (const route of routes) {
    const path = openApiPath(route.url);
    const key = `${route.method} ${path}`;
    const handler = HANDLER_CONTRACTS[`${route.method} ${route.url}`];
    const body = isZod(route.schema?.body) ? route.schema.body : handler?.body;
    const pathParams = parameters(route.schema?.params, 'path');
    const named = new Set(pathParams.map((p) => p.name));
    for (const [, name] of path.matchAll(/\{([^}]+)\}/g)) {
      if (!named.has(name!)) pathParams.push({ name, in: 'path', required: true, schema: { type: 'string' } });
    }
    const declared = Object.entries((route.schema?.response ?? {}) as Record<string, unknown>).find(
      (entry): entry is [string, z.ZodType] => /^2\d\d$/.test(entry[0]) && isZod(entry[1]),
    );
    const answer = ANSWERS[key] ?? (declared && { status: declared[0], schema: declared[1] });
    const operation: JsonSchema = {
      tags: [route.url === '/searches' ? 'search' : route.url.split('/')[2]],
      operationId: `${route.method.toLowerCase()}${path.replace(/[^A-Za-z0-9]+(.)?/g, (_, c: string | undefined) => (c ?? '').toUpperCase())}`,
      ...(handler?.note && { description: handler.note }),
      parameters: [...pathParams, ...parameters(route.schema?.querystring, 'query')],
      ...(body && { requestBody: { required: true, content: { [handler?.bodyType ?? 'application/json']: { schema: toJson(body) } } } }),
      responses: {
        [answer?.status ?? '2XX']: {
          description: 'Success',
          ...(answer && { content: { 'application/json': { schema: toJson(answer.schema) } } }),
        },
        '4XX': {
          description: 'The request cannot be served: the message says why (field issues name the field).',
          content: { 'application/json': { schema: toJson(ApiErrorSchema) } },
        },
      },
    };
    (paths[path] ??= {})[route.method.toLowerCase()] = operation;
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'tradein shop API',
      version: '1',
      description:
        'The API of the trade-in shops. The shop (country, brand, mode) is chosen by the Host header, e.g. de.localhost for Germany.',
    },
    paths,
  };
}
