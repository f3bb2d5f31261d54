// Prometheus metrics at /metrics (issue 16 part 10), with prom-client: requests per route and status
// with their latency, offers and trades made per shop, the mail queue's depth, the database pool and
// the process's own figures. Routes are labelled by their pattern (/api/offers/:id), never by the
// URL, so the label set stays small. In production /metrics answers only with METRICS_TOKEN as a
// bearer token (404 without the setting); in development it is open. The API calls server rendering
// makes in process (server/ssr/plugin.ts) are not client requests and are not counted. The exposition
// passes `promtool check metrics` (a unit test applies its lint rules).

import { randomBytes, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import { resolveShop } from '../../src/config/hosts';

export interface PoolStats {
  readonly total: number;
  readonly idle: number;
  readonly waiting: number;
}

export interface MetricsSources {
  /** Mails not sent yet per status (server/mail/outbox.ts). */
  readonly mailDepth?: () => Promise<Readonly<Record<'pending' | 'sending' | 'dead', number>>>;
  /** PostgreSQL's connection pool; absent on the embedded database (one connection in process). */
  readonly pool?: () => PoolStats;
  /** The search backend: searches Elasticsearch failed since the start, and whether search is degraded now. */
  readonly search?: () => { readonly failures: number; readonly state: 'ok' | 'degraded' };
}

export interface MetricsAccess {
  /** Open without a token (development). */
  readonly open: boolean;
  /** The bearer token that opens /metrics (METRICS_TOKEN). */
  readonly token?: string;
}

/**
 * The header server rendering puts on its in-process API calls, valued with a random mark of this
 * process: no client can send it, so a client's request is always counted.
 */
export const IN_PROCESS_HEADER = 'x-tradein-in-process';
export const IN_PROCESS_MARK = randomBytes(16).toString('hex');

/**
 * prom-client's default gauges that end in `_total` (promtool: "non-counter metrics should not have
 * _total suffix"); each is the sum of the labelled gauge of the same name without it, which stays.
 */
const MISNAMED_DEFAULTS = ['nodejs_active_resources_total', 'nodejs_active_handles_total', 'nodejs_active_requests_total'];

const sameSecret = (a: string, b: string) => a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));

function allowed(request: FastifyRequest, access: MetricsAccess): boolean {
  if (access.token) {
    const header = request.headers.authorization ?? '';
    return header.startsWith('Bearer ') && sameSecret(header.slice('Bearer '.length), access.token);
  }
  return access.open;
}

export function registerMetrics(app: FastifyInstance, access: MetricsAccess, sources: MetricsSources = {}): Registry {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  for (const name of MISNAMED_DEFAULTS) registry.removeSingleMetric(name);

  const duration = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'Time to answer a request, by method, route pattern and status code.',
    labelNames: ['method', 'route', 'status_code'] as const,
    buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
    registers: [registry],
  });
  const offers = new Counter({
    name: 'tradein_offers_created_total',
    help: 'Offers made (POST /api/offers answered 201), by shop.',
    labelNames: ['shop'] as const,
    registers: [registry],
  });
  const trades = new Counter({
    name: 'tradein_trades_created_total',
    help: 'Trades created (POST /api/trades answered 201, replays not counted), by shop.',
    labelNames: ['shop'] as const,
    registers: [registry],
  });
  if (sources.mailDepth) {
    const mailDepth = sources.mailDepth;
    new Gauge({
      name: 'tradein_mail_queue',
      help: 'Mails in the outbox not sent yet, by status (pending, sending, dead).',
      labelNames: ['status'] as const,
      registers: [registry],
      async collect() {
        const depth = await mailDepth();
        for (const [status, n] of Object.entries(depth)) this.set({ status }, n);
      },
    });
  }
  if (sources.pool) {
    const pool = sources.pool;
    new Gauge({
      name: 'tradein_db_pool_connections',
      help: 'PostgreSQL pool connections: total, idle, and requests waiting for one.',
      labelNames: ['state'] as const,
      registers: [registry],
      collect() {
        const stats = pool();
        this.set({ state: 'total' }, stats.total);
        this.set({ state: 'idle' }, stats.idle);
        this.set({ state: 'waiting' }, stats.waiting);
      },
    });
  }

  if (sources.search) {
    const search = sources.search;
    let counted = 0;
    new Counter({
      name: 'tradein_search_backend_failures_total',
      help: 'Searches Elasticsearch failed (the embedded engine answered them instead).',
      registers: [registry],
      collect() {
        const { failures } = search();
        if (failures > counted) this.inc(failures - counted);
        counted = Math.max(counted, failures);
      },
    });
    new Gauge({
      name: 'tradein_search_degraded',
      help: '1 while Elasticsearch is failing and the embedded engine answers searches, else 0.',
      registers: [registry],
      collect() {
        this.set(search().state === 'degraded' ? 1 : 0);
      },
    });
  }

  app.addHook('onResponse', async (request, reply) => {
    const route = request.routeOptions.url ?? 'unmatched';
    if (route === '/metrics' || request.headers[IN_PROCESS_HEADER] === IN_PROCESS_MARK) return;
    const status = reply.statusCode;
    duration.observe({ method: request.method, route, status_code: String(status) }, reply.elapsedTime / 1000);
    if (request.method !== 'POST' || status !== 201) return;
    if (route === '/api/offers') offers.inc({ shop: resolveShop(request.hostname, request.headers.cookie).locale });
    if (route === '/api/trades' && reply.getHeader('idempotent-replayed') === undefined) {
      trades.inc({ shop: resolveShop(request.hostname, request.headers.cookie).locale });
    }
  });

  app.get('/metrics', async (request, reply) => {
    if (!allowed(request, access)) {
      return reply.status(404).send({ statusCode: 404, error: 'Not Found', message: 'No endpoint GET /metrics' });
    }
    reply.header('Cache-Control', 'no-store');
    return reply.type(registry.contentType).send(await registry.metrics());
  });
  return registry;
}
