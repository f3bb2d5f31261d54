// Shared helpers for the benchmarks (measures nothing itself): build paths and budgets, spawning and
// always killing the production server on a loopback port, HTTP requests with a Host header,
// statistics, table output and result files.

import { Buffer } from 'node:buffer';
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import { join, resolve } from 'node:path';
import { clearTimeout, setTimeout } from 'node:timers';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { brotliDecompressSync, gunzipSync, inflateSync } from 'node:zlib';

export const ROOT = fileURLToPath(new URL('..', import.meta.url));
export const CLIENT_DIR = join(ROOT, 'dist/client');
export const SERVER_ENTRY = join(ROOT, 'dist/server/main.js');
export const RESULTS_DIR = join(ROOT, 'bench/results');

/** Only loopback: the server is bound here and every request goes here. */
export const LOOPBACK = '127.0.0.1';
/** Home pages measured: the default shop and the five country shops. */
export const LOCALE_HOSTS = ['localhost', 'de.localhost', 'at.localhost', 'es.localhost', 'fr.localhost', 'it.localhost'];
/** Budgets from the issue; the benchmarks report against them and never fail on them. */
export const BUDGETS = { initialJsBrotliKB: 110, htmlCompressedKB: 14, startupMs: 2000 };

const FIRST_PORT = 3300;
const PORT_ATTEMPTS = 200;

/** A figure that could not be measured (the only reason a benchmark exits non-zero). */
export class MeasureError extends Error {
  constructor(message) {
    super(message);
    this.name = 'MeasureError';
  }
}

export function requireBuild() {
  if (!existsSync(SERVER_ENTRY) || !existsSync(CLIENT_DIR)) {
    console.error('run npm run build first');
    process.exit(1);
  }
}

function newestMtime(path) {
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const name of readdirSync(path)) newest = Math.max(newest, newestMtime(join(path, name)));
  return newest;
}

/** Same inputs as scripts/start.mjs: true when sources changed after the build (figures describe the old build). */
export function buildIsStale() {
  const built = statSync(SERVER_ENTRY).mtimeMs;
  return ['src', 'server', 'public', 'data', 'package-lock.json', 'vite.config.ts', 'lingui.config.ts']
    .map((p) => join(ROOT, p))
    .filter(existsSync)
    .some((p) => newestMtime(p) > built);
}

export function buildInfo() {
  return { serverEntry: 'dist/server/main.js', builtAt: new Date(statSync(SERVER_ENTRY).mtimeMs).toISOString(), stale: buildIsStale() };
}

// ---------------------------------------------------------------------------------------------
// Server processes

const live = new Set();
let exitHooksInstalled = false;

function installExitHooks() {
  if (exitHooksInstalled) return;
  exitHooksInstalled = true;
  // Last resort: no server outlives the benchmark, whatever way it ends.
  process.on('exit', () => {
    for (const child of live) child.kill('SIGKILL');
  });
  for (const signal of ['SIGINT', 'SIGTERM']) {
    process.once(signal, () => {
      for (const child of live) child.kill('SIGKILL');
      process.exit(130);
    });
  }
}

function portIsFree(port) {
  return new Promise((done) => {
    const probe = net.createServer();
    probe.once('error', () => done(false));
    probe.listen({ port, host: LOOPBACK, exclusive: true }, () => probe.close(() => done(true)));
  });
}

/** First free loopback port from 3300 (or BENCH_PORT), bounded search. */
export async function findFreePort(start = Number(process.env.BENCH_PORT) || FIRST_PORT) {
  if (!Number.isInteger(start) || start < 1024 || start > 65535 - PORT_ATTEMPTS) throw new MeasureError(`BENCH_PORT must be 1024–${65535 - PORT_ATTEMPTS}`);
  for (let port = start; port < start + PORT_ATTEMPTS; port++) {
    if (await portIsFree(port)) return port;
  }
  throw new MeasureError(`no free port in ${start}–${start + PORT_ATTEMPTS - 1}`);
}

/**
 * Spawns `node dist/server/main.js` (NODE_ENV=production, HOST=127.0.0.1, the given PORT). Other
 * environment variables pass through, so settings added later (e.g. a database URL) keep working.
 * Returns at once; `spawnedAt` is the performance.now() just before the spawn.
 */
export function spawnServer({ port, logLevel = 'warn' }) {
  installExitHooks();
  const env = { ...process.env, NODE_ENV: 'production', PORT: String(port), HOST: LOOPBACK, LOG_LEVEL: logLevel };
  const spawnedAt = performance.now();
  const child = spawn(process.execPath, [SERVER_ENTRY], { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
  live.add(child);
  let output = '';
  const keep = (chunk) => {
    output = (output + chunk.toString()).slice(-4000);
  };
  child.stdout.on('data', keep);
  child.stderr.on('data', keep);
  const exited = new Promise((done) => {
    child.once('exit', (code, signal) => {
      live.delete(child);
      done({ code, signal });
    });
    child.once('error', (error) => {
      live.delete(child);
      keep(String(error));
      done({ code: -1, signal: null });
    });
  });
  return {
    port,
    spawnedAt,
    child,
    exited,
    output: () => output.trim(),
    hasExited: () => child.exitCode !== null || child.signalCode !== null || !live.has(child),
    stop: () => stopServer(child, exited),
  };
}

async function stopServer(child, exited) {
  if (!live.has(child)) return exited;
  child.kill('SIGTERM');
  let timer;
  const forced = new Promise((done) => {
    timer = setTimeout(() => {
      child.kill('SIGKILL');
      done();
    }, 5000);
  });
  await Promise.race([exited, forced]);
  clearTimeout(timer);
  return exited;
}

/**
 * Polls GET `path` (Host `host`) until it answers 200; bounded by `timeoutMs`. Returns the
 * performance.now() at which the 200 response had been read completely.
 */
export async function waitFor200(server, { path, host, timeoutMs = 30000, intervalMs = 5 }) {
  const deadline = performance.now() + timeoutMs;
  let last = 'no answer';
  while (performance.now() < deadline) {
    if (server.hasExited()) {
      const { code, signal } = await server.exited;
      throw new MeasureError(`server exited (code ${code}, signal ${signal}) before ${path} answered 200\n${server.output()}`);
    }
    try {
      const res = await request({ port: server.port, host, path, timeoutMs: Math.max(1, deadline - performance.now()) });
      if (res.status === 200) return performance.now();
      last = `status ${res.status}`;
    } catch (error) {
      last = error.code ?? error.message;
    }
    await sleep(intervalMs);
  }
  throw new MeasureError(`GET ${path} (Host ${host}) gave no 200 within ${timeoutMs} ms (last: ${last})\n${server.output()}`);
}

/** Starts a production server on a free port and waits for /healthz; the caller must `stop()` it. */
export async function startServer() {
  const server = spawnServer({ port: await findFreePort() });
  try {
    await waitFor200(server, { path: '/healthz', host: 'localhost' });
    return server;
  } catch (error) {
    await server.stop();
    throw error;
  }
}

// ---------------------------------------------------------------------------------------------
// HTTP

export function sleep(ms) {
  return new Promise((done) => setTimeout(done, ms));
}

/**
 * GET over loopback with `Host: <host>:<port>` (Node cannot resolve *.localhost). `wire` is the
 * body exactly as sent (still content-encoded); `text()` decodes it.
 */
export function request({ port, host, path = '/', headers = {}, agent = false, timeoutMs = 10000 }) {
  return new Promise((done, fail) => {
    const req = http.request(
      { host: LOOPBACK, port, path, method: 'GET', agent, headers: { Host: `${host}:${port}`, ...headers } },
      (res) => {
        const chunks = [];
        res.on('data', (chunk) => chunks.push(chunk));
        res.on('error', fail);
        res.on('end', () => {
          const wire = Buffer.concat(chunks);
          const encoding = res.headers['content-encoding'] ?? 'identity';
          done({ status: res.statusCode, headers: res.headers, encoding, wire, text: () => decode(wire, encoding).toString('utf8') });
        });
      },
    );
    req.setTimeout(timeoutMs, () => req.destroy(new Error(`GET ${path} (Host ${host}) timed out after ${Math.round(timeoutMs)} ms`)));
    req.on('error', fail);
    req.end();
  });
}

function decode(body, encoding) {
  if (encoding === 'br') return brotliDecompressSync(body);
  if (encoding === 'gzip') return gunzipSync(body);
  if (encoding === 'deflate') return inflateSync(body);
  return body;
}

// ---------------------------------------------------------------------------------------------
// Figures and output

export function stats(values) {
  const sorted = [...values].sort((a, b) => a - b);
  const n = sorted.length;
  if (n === 0) throw new MeasureError('no samples');
  const mid = Math.floor(n / 2);
  return {
    n,
    min: sorted[0],
    median: n % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2,
    p95: sorted[Math.ceil(0.95 * n) - 1],
    max: sorted[n - 1],
    mean: sorted.reduce((s, v) => s + v, 0) / n,
  };
}

export const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;
export const ms = (value, digits = 0) => `${value.toFixed(digits)} ms`;
export const round = (value, digits = 2) => Math.round(value * 10 ** digits) / 10 ** digits;
export const verdict = (within) => (within ? 'within budget' : 'OVER budget');

/** Prints an aligned text table; numbers-looking cells are right-aligned. */
export function printTable(title, header, rows) {
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => String(r[i] ?? '').length)));
  const numeric = header.map((_, i) => rows.length > 0 && rows.every((r) => /^[\d.,≤ ]+(KB|ms|B|req\/s)?$/.test(String(r[i] ?? ''))));
  const line = (cells) =>
    cells
      .map((c, i) => (numeric[i] ? String(c ?? '').padStart(widths[i]) : String(c ?? '').padEnd(widths[i])))
      .join('  ')
      .trimEnd();
  console.log(`\n${title}`);
  console.log(line(header));
  console.log(widths.map((w) => '-'.repeat(w)).join('  '));
  for (const row of rows) console.log(line(row));
}

export function writeResult(name, data) {
  mkdirSync(RESULTS_DIR, { recursive: true });
  const file = join(RESULTS_DIR, name);
  writeFileSync(file, `${JSON.stringify(data, null, 2)}\n`);
  return file;
}

/** True when the module at `metaUrl` is the script node was started with. */
export function isMain(metaUrl) {
  return Boolean(process.argv[1]) && metaUrl === pathToFileURL(resolve(process.argv[1])).href;
}

/**
 * Runs one benchmark on its own: checks the build, runs `body`, exits 1 only when it could not
 * measure. Servers are killed by the bodies (finally) and, as a last resort, by the exit hook.
 */
export async function runStandalone(body) {
  requireBuild();
  try {
    if (buildIsStale()) console.log('note: sources changed after the last build; these figures describe the existing build.');
    await body();
  } catch (error) {
    console.error(`\ncannot measure: ${error instanceof MeasureError ? error.message : (error?.stack ?? error)}`);
    process.exitCode = 1;
  }
}
