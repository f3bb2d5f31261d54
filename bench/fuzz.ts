// Fuzzes every write route of the API (issue 16 part 2: "0 answers ≥ 500"), in process on an
// in-memory PGlite with the fixture catalogue, accounts and the contact form: the routes and their
// body schemas come from the generated OpenAPI document, and every property of every body (nested
// too) is replaced in turn by each hostile value below (NUL, lone surrogates, control characters, a
// 100,000-character string, wrong types, a body nested 10,000 deep), besides whole bodies that are
// not JSON objects. Each request is sent without a bearer token, with a wrong one and with a real
// customer's. Prints how many requests
// were sent and how many answered ≥ 500 (with the first few of those). Run: `npx tsx bench/fuzz.ts`.

import { randomUUID } from 'node:crypto';
import { MemoryRateLimiter } from '../server/http/rate-limit';
import { openDatabase } from '../server/db/client';
import { bearer, login, registerAndActivate, testAccountServices } from '../server/test-support/accounts';
import { fixtureServices, testApp } from '../server/test-support/app';

type Schema = { type?: string | string[]; properties?: Record<string, Schema>; items?: Schema; anyOf?: Schema[]; oneOf?: Schema[] };

const nested = (depth: number): string => '{"a":'.repeat(depth) + '1' + '}'.repeat(depth);
const HOSTILE: readonly unknown[] = [
  'a\u0000b',
  'x\ud800',
  '\udc00y',
  'bell\u0007',
  '\u0085next',
  '\u202e\u200b',
  'x'.repeat(100_000),
  '',
  ' ',
  -1,
  1e308,
  3.5,
  true,
  null,
  [],
  {},
  ['a\u0000'],
  { $gt: '' },
  '0000-00-00',
  '../../etc/passwd',
  "' or 1=1 --",
];
const WHOLE_BODIES: readonly string[] = [
  '',
  'null',
  '[]',
  '"text"',
  '{',
  '{"a":1,"a":2}',
  nested(10_000),
  `{"k":"${'\\u0000'.repeat(50)}"}`,
];

/** A plausible value for a schema (the base the mutations start from). */
function sample(schema: Schema | undefined): unknown {
  if (!schema) return 'x';
  const alt = schema.anyOf?.[0] ?? schema.oneOf?.[0];
  if (alt) return sample(alt);
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  if (type === 'object' || schema.properties) {
    return Object.fromEntries(Object.entries(schema.properties ?? {}).map(([key, child]) => [key, sample(child)]));
  }
  if (type === 'array') return [sample(schema.items)];
  if (type === 'integer' || type === 'number') return 1;
  if (type === 'boolean') return true;
  return 'x';
}

/** Every path to a property of `value`. */
function paths(value: unknown, prefix: string[] = []): string[][] {
  if (value === null || typeof value !== 'object') return prefix.length ? [prefix] : [];
  const entries = Array.isArray(value) ? value.map((v, i) => [String(i), v] as const) : Object.entries(value);
  return [...(prefix.length ? [prefix] : []), ...entries.flatMap(([key, child]) => paths(child, [...prefix, key]))];
}

function replaced(value: unknown, path: string[], by: unknown): unknown {
  if (path.length === 0) return by;
  const copy = structuredClone(value) as Record<string, unknown>;
  let node = copy;
  for (const key of path.slice(0, -1)) node = node[key] as Record<string, unknown>;
  node[path.at(-1)!] = by;
  return copy;
}

const handle = await openDatabase({ kind: 'pglite', dataDir: null });
const now = () => Date.now();
const accounts = testAccountServices();
const app = await testApp(
  {
    ...(await fixtureServices(handle.db)),
    accounts,
    contact: {
      mailer: { send: async () => undefined },
      limiter: new MemoryRateLimiter(now),
      ticketSecret: 'bench-contact-secret-bench-contact-secret',
      now,
      rateLimits: { contactSend: { limit: 1_000_000, windowSeconds: 600 } },
    },
  },
  { apiDocs: true },
);
// A real customer session, so the customer routes read their bodies instead of answering 401.
const SELLER = { email: 'fuzz@example.com', password: 'Fuzz-Password-2026!' };
await registerAndActivate(app, accounts, SELLER);
const session = bearer(await login(app, SELLER)).authorization;
const doc = (await app.inject({ method: 'GET', url: '/api/openapi.json' })).json() as {
  paths: Record<string, Record<string, { requestBody?: { content: Record<string, { schema: Schema }> } }>>;
};

let sent = 0;
const failures: string[] = [];
const statuses = new Map<number, number>();
const started = performance.now();
for (const [path, operations] of Object.entries(doc.paths)) {
  for (const [method, operation] of Object.entries(operations)) {
    if (!['post', 'put', 'patch', 'delete'].includes(method)) continue;
    const url = path.replace(/\{[^}]+\}/g, 'x');
    const schema = Object.values(operation.requestBody?.content ?? {})[0]?.schema;
    const base = sample(schema ?? { type: 'object' });
    const bodies: (string | unknown)[] = [...WHOLE_BODIES];
    for (const at of paths(base)) for (const value of HOSTILE) bodies.push(replaced(base, at, value));
    for (const value of HOSTILE) bodies.push(replaced(base, ['unknownField'], value));
    for (const body of bodies) {
      for (const authorization of [undefined, 'Bearer x', session]) {
        const res = await app.inject({
          method: method.toUpperCase() as 'POST',
          url,
          payload: typeof body === 'string' ? body : JSON.stringify(body),
          headers: {
            host: 'de.localhost',
            'content-type': 'application/json',
            'idempotency-key': randomUUID(),
            ...(authorization && { authorization }),
          },
        });
        sent++;
        statuses.set(res.statusCode, (statuses.get(res.statusCode) ?? 0) + 1);
        if (res.statusCode >= 500) failures.push(`${method.toUpperCase()} ${path} → ${res.statusCode}: ${res.body.slice(0, 160)}`);
      }
    }
  }
}
await app.close();
await handle.close();
console.log(
  `fuzz: ${sent} requests to ${Object.values(doc.paths).flatMap((ops) => Object.keys(ops).filter((m) => m !== 'get')).length} write routes in ${((performance.now() - started) / 1000).toFixed(1)} s; answers ≥ 500: ${failures.length}`,
);
console.log(
  `  answers by status: ${[...statuses]
    .sort(([a], [b]) => a - b)
    .map(([status, n]) => `${status} × ${n}`)
    .join(', ')}`,
);
for (const failure of failures.slice(0, 20)) console.log(`  ${failure}`);
process.exit(failures.length > 0 ? 1 : 0);
