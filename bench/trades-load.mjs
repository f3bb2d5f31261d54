// Checkout API under load (issue 16: "POST /api/trades p99 unchanged ±20% with the outbox"): first
// TRADES offers are made for the device the offer benchmark uses, then autocannon sends TRADES guest
// checkouts (Host de.localhost), CONNECTIONS at a time, each with its own offer and Idempotency-Key,
// so every request creates a trade, its items, its key and (with the outbox) its confirmation mail
// row. Reports requests/s, latency p50/p90/p99/max, 2xx and non-2xx. Every request writes to the
// benchmark's own database (lib.mjs). Run alone: `node bench/trades-load.mjs`.

import { randomUUID } from 'node:crypto';
import autocannon from 'autocannon';
import { offerBody } from './offers-load.mjs';
import {
  LOOPBACK,
  MeasureError,
  buildInfo,
  isMain,
  ms,
  postJson,
  printTable,
  round,
  runStandalone,
  startServer,
  writeResult,
} from './lib.mjs';

const HOST = 'de.localhost';
export const TRADES = 600;
export const CONNECTIONS = 10;

const tradeBody = (offerId) => ({
  offerIds: [offerId],
  identity: { kind: 'guest', email: `bench-${randomUUID()}@example.com` },
  address: { firstName: 'Erika', lastName: 'Mustermann', street: 'Heidestraße', houseNumber: '17', postalCode: '51147', city: 'Köln' },
  payout: { method: 'sepa', accountHolder: 'Erika Mustermann', iban: 'DE89 3704 0044 0532 0130 00', bic: 'COBADEFFXXX' },
  termsAccepted: true,
});

async function makeOffers(port, body, n) {
  const ids = [];
  while (ids.length < n) {
    const batch = await Promise.all(
      Array.from({ length: Math.min(50, n - ids.length) }, () => postJson({ port, host: HOST, path: '/api/offers', value: body })),
    );
    for (const res of batch) {
      if (res.status !== 201) throw new MeasureError(`POST /api/offers answered ${res.status}: ${res.text().slice(0, 200)}`);
      ids.push(res.json().offerId);
    }
  }
  return ids;
}

export async function measureTradesLoad({ port }) {
  const { body } = await offerBody(port);
  const offers = await makeOffers(port, body, TRADES + 1);
  const probe = await postJson({
    port,
    host: HOST,
    path: '/api/trades',
    value: tradeBody(offers.pop()),
    headers: { 'idempotency-key': randomUUID() },
  });
  if (probe.status !== 201) throw new MeasureError(`a checkout answered ${probe.status}: ${probe.text().slice(0, 300)}`);
  let next = 0;
  const r = await autocannon({
    url: `http://${LOOPBACK}:${port}/api/trades`,
    connections: CONNECTIONS,
    amount: TRADES,
    requests: [
      {
        method: 'POST',
        setupRequest: (request) => ({
          ...request,
          headers: { host: `${HOST}:${port}`, 'content-type': 'application/json', 'idempotency-key': randomUUID() },
          body: JSON.stringify(tradeBody(offers[next++ % offers.length])),
        }),
      },
    ],
  });
  return {
    host: HOST,
    connections: CONNECTIONS,
    trades: TRADES,
    requestsPerSecond: round(r.requests.average, 1),
    latency: { p50Ms: r.latency.p50, p90Ms: r.latency.p90, p99Ms: r.latency.p99, maxMs: r.latency.max },
    responses2xx: r['2xx'],
    non2xx: r.non2xx,
    errors: r.errors,
    valid: r.non2xx === 0 && r.errors === 0 && r['2xx'] === TRADES,
  };
}

export function printTradesLoad(r) {
  printTable(
    `Checkout API load: POST /api/trades on ${r.host}, ${r.trades} guest checkouts, ${r.connections} connections, one offer and key each`,
    ['metric', 'value'],
    [
      ['throughput', `${r.requestsPerSecond} req/s`],
      ['latency p50', ms(r.latency.p50Ms)],
      ['latency p90', ms(r.latency.p90Ms)],
      ['latency p99', ms(r.latency.p99Ms)],
      ['latency max', ms(r.latency.maxMs)],
      ['2xx / non-2xx / errors', `${r.responses2xx} / ${r.non2xx} / ${r.errors}${r.valid ? '' : '  NOT VALID'}`],
    ],
  );
}

if (isMain(import.meta.url)) {
  await runStandalone(async () => {
    const server = await startServer();
    try {
      const result = await measureTradesLoad({ port: server.port });
      printTradesLoad(result);
      const file = writeResult('trades-load.json', { generatedAt: new Date().toISOString(), build: buildInfo(), trades: result });
      console.log(`\nwritten ${file}`);
    } finally {
      await server.stop();
    }
  });
}
