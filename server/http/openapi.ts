// The OpenAPI 3.1 document of the shop API (issue 16 part 10, completed by issue 31), generated from
// the zod contracts: every route the app registers under /api and /searches is listed (collected as it
// is registered), with the JSON Schemas of its zod route schema (params, query, body, response) or, for
// the routes that pick their schema per shop inside the handler, of the contract they use (for the
// German shop). What a route schema cannot say — summary, security, the headers and query values read
// in the handler, the success answer of a route without a response schema — is one row per operation
// in ./openapi-operations.ts. Served at /api/openapi.json and read by the docs page at /api/docs
// (server/operations/api-docs.ts); `redocly lint` (recommended rules) finds no error in it and the
// contract walk (./openapi-contract.test.ts) calls every operation against it (decision 086).

import type { FastifyInstance, RouteOptions } from 'fastify';
import { z } from 'zod';
import { RegistrationSchema, AddressPatchSchema } from '../../src/contracts/account';
import { ContactSubmissionSchema } from '../../src/contracts/contact';
import { ApiErrorSchema } from '../../src/contracts/offers';
import { StaffErrorSchema } from '../../src/contracts/staff';
import { TradeRequestSchema } from '../../src/contracts/trades';
import { OPERATIONS, type Access, type Answer, type Input } from './openapi-operations';

type JsonSchema = Record<string, unknown>;

interface RouteRecord {
  readonly method: string;
  readonly url: string;
  readonly schema?: RouteOptions['schema'];
}

interface HandlerContract {
  /** The body's schema by media type (a JSON Schema for a body that is a file itself). */
  readonly content: Readonly<Record<string, z.core.$ZodType | JsonSchema>>;
  readonly optional?: boolean;
  readonly note?: string;
}

const OneClickSchema = z.object({
  'List-Unsubscribe': z.literal('One-Click').describe('RFC 8058 one-click unsubscribe; a mail link sends no body.'),
});

/** Documentation for routes whose body is checked in the handler (the schema depends on the shop) or is not JSON. */
const HANDLER_CONTRACTS: Record<string, HandlerContract> = {
  'POST /api/trades': {
    content: { 'application/json': TradeRequestSchema('de') },
    note: 'Postal code and business rules follow the shop of the Host (shown: the German shop).',
  },
  'POST /api/account/register': {
    content: { 'application/json': RegistrationSchema('de') },
    note: 'Answers 202 at once; the activation mail follows. Postal code rules follow the shop of the Host (shown: the German shop).',
  },
  'PATCH /api/customers/addresses': {
    content: { 'application/json': AddressPatchSchema('de') },
    note: 'Postal code rules follow the shop of the Host (shown: the German shop).',
  },
  'POST /api/contact': {
    content: { 'multipart/form-data': ContactSubmissionSchema },
    note: 'The fields below as form fields, plus up to three attachments (JPEG, PNG, WebP, GIF, HEIC or PDF, 5 MB each) in the field `attachments`, and the ticket of GET /api/contact/ticket.',
  },
  'POST /api/staff/trades/{tradeNumber}/items/{offerId}/photos': {
    content: Object.fromEntries(
      ['image/jpeg', 'image/png', 'image/webp'].map((type) => [type, { type: 'string', contentMediaType: type }]),
    ),
    note: 'The photo itself is the body (at most 5 MB; six photos per item).',
  },
  'POST /api/newsletter/unsubscribe/{emailHash}': {
    content: { 'application/x-www-form-urlencoded': OneClickSchema, 'multipart/form-data': OneClickSchema },
    optional: true,
  },
};

/** The contact form's honeypot: hidden from people, so only robots fill it (a filled one is answered 202 and dropped). */
const HONEYPOT: JsonSchema = {
  type: 'string',
  maxLength: 0,
  description:
    'Honeypot: leave it empty or leave it out. The form hides it from people; a message with text in it is answered 202 and dropped.',
  'x-honeypot': true,
};

const TAGS: Readonly<Record<string, string>> = {
  catalogue: 'The device catalogue: search and popular devices.',
  offers: 'Offers: pricing a device, sharing, saving and the cart.',
  trades: 'Trades: the checkout, labels, the guest trade page, certificates and vouchers.',
  clarifications: "Clarifications: the seller's answers when the inspection found another condition.",
  reviews: 'Reviews of paid trades.',
  contact: 'The contact form and the help widget.',
  account: 'Customer accounts: registration, sign-in and passwords.',
  customers: "The signed-in customer's data.",
  newsletter: 'The newsletter (double opt-in, profile, unsubscribe).',
  controlling: 'Consent and consented controlling events.',
  content: 'Content pages.',
  staff: 'The staff back office (on the staff host only).',
};

const TAG_OF_SEGMENT: Readonly<Record<string, string>> = {
  searches: 'catalogue',
  'shared-offers': 'offers',
  'cart-holds': 'offers',
  certificates: 'trades',
  vouchers: 'trades',
  activateCustomerByIdentifier: 'account',
  'client-id': 'controlling',
};

function tagOf(path: string): string {
  if (path.startsWith('/api/customers/saved-offers')) return 'offers';
  if (path.startsWith('/api/customers/trades/')) return 'trades';
  const segment = path === '/searches' ? 'searches' : path.split('/')[2]!;
  return TAG_OF_SEGMENT[segment] ?? segment;
}

const UUID_EXAMPLE = '0b9f4c2e-8d6a-4c1e-9f3a-5d2b7e8c1a40';
/** An example value of each path parameter, by name (the contract walk calls with real ones). */
const PATH_EXAMPLES: Readonly<Record<string, string | number>> = {
  id: UUID_EXAMPLE,
  tradeId: UUID_EXAMPLE,
  offerId: UUID_EXAMPLE,
  photoId: UUID_EXAMPLE,
  tradeNumber: 'TR-2026-000123',
  emailHash: '5d41402abc4b2a76b9719d911017c5925d41402abc4b2a76b9719d911017c592',
  file: `${UUID_EXAMPLE}.pdf`,
  locale: 'de',
  page: 'imprint',
  reference: 'KM-2026-0A1B2C3D',
  position: 0,
};

/**
 * Keeps what a pipe's output says of its input (an e-mail format, a list of choices), so schema-valid
 * requests are accepted; writes "any value or null" (an unknown that may be null) as any value.
 */
function override(ctx: { zodSchema: z.core.$ZodTypes; jsonSchema: z.core.JSONSchema.BaseSchema }) {
  const anyOf = ctx.jsonSchema.anyOf;
  if (anyOf?.some((member) => typeof member === 'object' && Object.keys(member).length === 0)) delete ctx.jsonSchema.anyOf;
  const def = ctx.zodSchema._zod.def;
  if (def.type !== 'pipe') return;
  const out = z.toJSONSchema(def.out as z.ZodType, { io: 'output', unrepresentable: 'any' }) as JsonSchema;
  for (const keyword of ['enum', 'format', 'const'] as const) {
    if (out[keyword] !== undefined && ctx.jsonSchema[keyword] === undefined) (ctx.jsonSchema as JsonSchema)[keyword] = out[keyword];
  }
}

const toJson = (schema: z.core.$ZodType, io: 'input' | 'output' = 'input'): JsonSchema => {
  const { $schema: _dialect, ...json } = z.toJSONSchema(schema, {
    io,
    unrepresentable: 'any',
    target: 'draft-2020-12',
    override,
  }) as JsonSchema;
  return json;
};

// The contracts are zod/mini schemas (decision 097): every zod 4 schema is a core $ZodType, not all a classic ZodType.
const isZod = (value: unknown): value is z.core.$ZodType => value instanceof z.core.$ZodType;

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

function security(access: Access, method: string): readonly Record<string, never[]>[] {
  switch (access) {
    case 'public':
      return [];
    case 'bearer':
      return [{ bearerAuth: [] }];
    case 'bearerOptional':
      return [{}, { bearerAuth: [] }];
    case 'staffSignIn':
      return [{ staffSession: [] }];
    case 'staff':
      return method === 'GET' ? [{ staffSession: [] }] : [{ staffSession: [], staffCsrf: [] }];
  }
}

const inputParameter = (input: Input): JsonSchema => ({
  name: input.name,
  in: input.in,
  required: input.required,
  description: input.description,
  schema: input.schema,
  ...(input.example && { example: input.example }),
});

function successContent(answer: Answer): JsonSchema | undefined {
  if ('json' in answer) return { 'application/json': { schema: toJson(answer.json, 'output') } };
  if ('file' in answer)
    return Object.fromEntries(answer.file.map((type) => [type, { schema: { type: 'string', contentMediaType: type } }]));
  return undefined;
}

/** An error answer: the shape of every refusal, a 429's wait, and the details some refusals add (e.g. `reason`, `usedOfferIds`). */
const ApiErrorAnswer = z.looseObject({
  ...ApiErrorSchema.shape,
  retryAfterSeconds: z.number().int().optional().describe('429: seconds to wait (also the Retry-After header).'),
});

const ERROR_TEXT = 'The request cannot be served: `message` says why, `fields` names the failing fields of a 400.';

export function openApiDocument(routes: readonly RouteRecord[]): JsonSchema {
  const paths: Record<string, Record<string, JsonSchema>> = {};
  for (const route of routes) {
    const path = openApiPath(route.url);
    const key = `${route.method} ${path}`;
    const doc = OPERATIONS[key];
    const handler = HANDLER_CONTRACTS[key];
    const staff = path.startsWith('/api/staff/');

    const pathParams = parameters(route.schema?.params, 'path');
    const named = new Set(pathParams.map((p) => p.name));
    for (const [, name] of path.matchAll(/\{([^}]+)\}/g)) {
      if (!named.has(name!)) pathParams.push({ name, in: 'path', required: true, schema: { type: 'string', minLength: 1 } });
    }
    for (const parameter of pathParams) parameter.example = PATH_EXAMPLES[parameter.name as string] ?? 'x';
    const query = parameters(route.schema?.querystring, 'query');
    const known = new Set(query.map((p) => p.name));
    const inputs = (doc?.inputs ?? []).filter((input) => !(input.in === 'query' && known.has(input.name))).map(inputParameter);

    const body: Readonly<Record<string, z.core.$ZodType | JsonSchema>> | undefined = isZod(route.schema?.body)
      ? { 'application/json': route.schema.body }
      : handler?.content;
    const requestContent =
      body && Object.fromEntries(Object.entries(body).map(([type, schema]) => [type, { schema: isZod(schema) ? toJson(schema) : schema }]));
    const honeypot = (requestContent?.['multipart/form-data']?.schema as JsonSchema | undefined)?.properties as JsonSchema | undefined;
    if (key === 'POST /api/contact' && honeypot) honeypot.website = HONEYPOT;

    const declared = Object.entries((route.schema?.response ?? {}) as Record<string, unknown>).find(
      (entry): entry is [string, z.core.$ZodType] => /^2\d\d$/.test(entry[0]) && isZod(entry[1]),
    );
    const answer: Answer | undefined = declared ? { status: Number(declared[0]), json: declared[1] } : doc?.answer;
    const content = answer && successContent(answer);

    const operation: JsonSchema = {
      tags: [tagOf(path)],
      summary: doc?.summary ?? `${route.method} ${path} (undocumented)`,
      operationId: `${route.method.toLowerCase()}${path.replace(/[^A-Za-z0-9]+(.)?/g, (_, c: string | undefined) => (c ?? '').toUpperCase())}`,
      ...(handler?.note && { description: handler.note }),
      security: security(doc?.access ?? 'public', route.method),
      parameters: [...pathParams, ...query, ...inputs],
      ...(requestContent && { requestBody: { required: !handler?.optional, content: requestContent } }),
      responses: {
        [answer ? String(answer.status) : '2XX']: {
          description: 'Success',
          ...(doc?.answerHeaders && {
            headers: Object.fromEntries(
              doc.answerHeaders.map(({ name, description }) => [
                name,
                { description, schema: { type: 'string', format: 'uri-reference' } },
              ]),
            ),
          }),
          ...(content && { content }),
        },
        '4XX': {
          description: ERROR_TEXT,
          content: {
            'application/json': { schema: { $ref: staff ? '#/components/schemas/StaffError' : '#/components/schemas/ApiError' } },
          },
        },
      },
      ...(!doc && { 'x-undocumented': true }),
    };
    (paths[path] ??= {})[route.method.toLowerCase()] = operation;
  }
  const used = new Set(
    Object.values(paths).flatMap((operations) => Object.values(operations).map((operation) => (operation.tags as string[])[0]!)),
  );
  return {
    openapi: '3.1.0',
    info: {
      title: 'tradein shop API',
      version: '1',
      description:
        'The API of the trade-in shops. The shop (country, brand, mode) is chosen by the Host header, e.g. de.localhost for Germany; the staff back office answers on its own host only.',
      license: { name: 'Proprietary', identifier: 'LicenseRef-Proprietary' },
    },
    servers: [
      {
        url: 'https://www.tradein.de',
        description: 'The German shop (each shop has its own host; in development http://de.localhost:3000)',
      },
      { url: 'https://staff.tradein.com', description: 'The staff back office (in development http://staff.localhost:3000)' },
    ],
    tags: Object.entries(TAGS)
      .filter(([name]) => used.has(name))
      .map(([name, description]) => ({ name, description })),
    paths,
    components: {
      schemas: { ApiError: toJson(ApiErrorAnswer, 'output'), StaffError: toJson(z.looseObject(StaffErrorSchema.shape), 'output') },
      securitySchemes: {
        bearerAuth: {
          type: 'http',
          scheme: 'bearer',
          bearerFormat: 'JWT',
          description: 'The access token of POST /api/account/login (and loginRefresh, signInWithLink).',
        },
        staffSession: {
          type: 'apiKey',
          in: 'cookie',
          name: 'staff_session',
          description: 'The back-office session cookie set by POST /api/staff/session and its second factor.',
        },
        staffCsrf: {
          type: 'apiKey',
          in: 'header',
          name: 'x-csrf-token',
          description: 'The synchronizer token of the staff session (csrfToken of GET /api/staff/me); required on every changing request.',
        },
      },
    },
  };
}
