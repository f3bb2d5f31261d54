// Shared helpers for the benchmarks (measures nothing itself): build paths and budgets, spawning and
// always killing the production server on a loopback port, HTTP requests with a Host header,
// statistics, table output and result files.
//
// Isolation: every benchmark server gets its own data directory, BENCH_DATA_DIR or <repo>/var/bench
// (never the developer's ./var nor the e2e tests' one), and always the embedded PGlite in it
// (DATABASE_URL is not passed on; BENCH_DATABASE_URL opts into a PostgreSQL of its own). PGlite must
// never be opened by two processes, so servers run strictly one at a time: spawnServer refuses a
// second live server, and a lock file in the data directory keeps two benchmark processes apart.

import { Buffer } from 'node:buffer';
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, readdirSync, statSync, unlinkSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import { isAbsolute, join, relative, resolve } from 'node:path';
import { clearTimeout, setTimeout } from 'node:timers';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { brotliDecompressSync, gunzipSync, inflateSync } from 'node:zlib';

export const ROOT = fileURLToPath(new URL('..', import.meta.url));
export const CLIENT_DIR = join(ROOT, 'dist/client');
export const SERVER_ENTRY = join(ROOT, 'dist/server/main.js');
export const RESULTS_DIR = join(ROOT, 'bench/results');
/** The benchmark servers' DATA_DIR: BENCH_DATA_DIR (relative to the working directory) or <repo>/var/bench. */
export const BENCH_DATA_DIR = process.env.BENCH_DATA_DIR ? resolve(process.env.BENCH_DATA_DIR) : join(ROOT, 'var/bench');
/** The embedded database inside it (server/runtime.ts: DATA_DIR/db). */
export const BENCH_DB_DIR = join(BENCH_DATA_DIR, 'db');
/** How the data directory is shown in output: relative to the repository when inside it. */
export const benchDataDirLabel = () => {
  const rel = relative(ROOT, BENCH_DATA_DIR);
  return rel && !rel.startsWith('..') && !isAbsolute(rel) ? rel : BENCH_DATA_DIR;
};

/** Only loopback: the server is bound here and every request goes here. */
export const LOOPBACK = '127.0.0.1';
/** Home pages measured: the default shop and the five country shops. */
export const LOCALE_HOSTS = ['localhost', 'de.localhost', 'at.localhost', 'es.localhost', 'fr.localhost', 'it.localhost'];
/** Budgets from the issue; the benchmarks report against them and never fail on them. */
export const BUDGETS = { initialJsBrotliKB: 110, initialJsMarginKB: 105, htmlCompressedKB: 14, startupMs: 2000, offersP99Ms: 20 };

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

/**
 * The V8 flags `npm start` runs the server with (package.json, decision 100): benchmarks start their
 * servers, and run the search engine in-process, the same way.
 */
export const SERVER_NODE_FLAGS = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8'))
  .scripts.start.split(/\s+/)
  .filter((arg) => arg.startsWith('--'));

export function buildInfo() {
  return {
    serverEntry: 'dist/server/main.js',
    nodeFlags: SERVER_NODE_FLAGS,
    builtAt: new Date(statSync(SERVER_ENTRY).mtimeMs).toISOString(),
    stale: buildIsStale(),
  };
}

// ---------------------------------------------------------------------------------------------
// Server processes

const live = new Set();
let exitHooksInstalled = false;
let lockFile;

function installExitHooks() {
  if (exitHooksInstalled) return;
  exitHooksInstalled = true;
  // Last resort: no server outlives the benchmark, whatever way it ends.
  process.on('exit', () => {
    for (const child of live) child.kill('SIGKILL');
    releaseDataDirLock();
  });
  for (const signal of ['SIGINT', 'SIGTERM']) {
    process.once(signal, () => {
      for (const child of live) child.kill('SIGKILL');
      process.exit(130);
    });
  }
}

function pidIsAlive(pid) {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return error.code === 'EPERM';
  }
}

/**
 * Claims the benchmark data directory for this process (held until it exits), so that two benchmark
 * processes never run servers on one PGlite directory. A lock left by a dead process is taken over.
 */
function claimDataDir() {
  if (lockFile) return;
  mkdirSync(BENCH_DATA_DIR, { recursive: true });
  const file = join(BENCH_DATA_DIR, 'bench.lock');
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      writeFileSync(file, `${process.pid}\n`, { flag: 'wx' });
      lockFile = file;
      return;
    } catch (error) {
      if (error.code !== 'EEXIST') throw error;
      const owner = Number.parseInt(readFileSync(file, 'utf8'), 10);
      if (Number.isInteger(owner) && owner !== process.pid && pidIsAlive(owner)) {
        throw new MeasureError(`another benchmark (pid ${owner}) is using ${BENCH_DATA_DIR}; run one at a time or set BENCH_DATA_DIR`);
      }
      unlinkSync(file);
    }
  }
  throw new MeasureError(`cannot lock ${BENCH_DATA_DIR}`);
}

function releaseDataDirLock() {
  if (!lockFile) return;
  try {
    unlinkSync(lockFile);
  } catch {
    // already gone
  }
  lockFile = undefined;
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
  if (!Number.isInteger(start) || start < 1024 || start > 65535 - PORT_ATTEMPTS)
    throw new MeasureError(`BENCH_PORT must be 1024–${65535 - PORT_ATTEMPTS}`);
  for (let port = start; port < start + PORT_ATTEMPTS; port++) {
    if (await portIsFree(port)) return port;
  }
  throw new MeasureError(`no free port in ${start}–${start + PORT_ATTEMPTS - 1}`);
}

/**
 * Spawns `node dist/server/main.js` (NODE_ENV=production, HOST=127.0.0.1, the given PORT,
 * DATA_DIR=BENCH_DATA_DIR, no DATABASE_URL unless BENCH_DATABASE_URL). Other environment variables
 * pass through. Only one benchmark server runs at a time (PGlite allows one process per directory).
 * Returns at once; `spawnedAt` is the performance.now() just before the spawn.
 */
export function spawnServer({ port, logLevel = 'warn' }) {
  installExitHooks();
  if (live.size > 0)
    throw new MeasureError('a benchmark server is still running; servers run one at a time (one PGlite process per data directory)');
  claimDataDir();
  const env = { ...process.env, NODE_ENV: 'production', PORT: String(port), HOST: LOOPBACK, LOG_LEVEL: logLevel, DATA_DIR: BENCH_DATA_DIR };
  delete env.DATABASE_URL;
  if (process.env.BENCH_DATABASE_URL) env.DATABASE_URL = process.env.BENCH_DATABASE_URL;
  const spawnedAt = performance.now();
  const child = spawn(process.execPath, [...SERVER_NODE_FLAGS, SERVER_ENTRY], { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
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

/** Time allowed for a start that creates the data directory and imports the seed catalogue. */
export const FIRST_START_TIMEOUT_MS = 180000;

/**
 * Starts a production server on a free port and waits for /healthz (allowing for a first start that
 * creates the data directory); the caller must `stop()` it.
 */
export async function startServer({ timeoutMs = FIRST_START_TIMEOUT_MS } = {}) {
  const server = spawnServer({ port: await findFreePort() });
  try {
    await waitFor200(server, { path: '/healthz', host: 'localhost', timeoutMs });
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
 * A request over loopback with `Host: <host>:<port>` (Node cannot resolve *.localhost); GET unless
 * `method` says otherwise, `body` sent as is. `wire` is the body exactly as received (still
 * content-encoded); `text()` decodes it.
 */
export function request({ port, host, path = '/', method = 'GET', body, headers = {}, agent = false, timeoutMs = 10000 }) {
  return new Promise((done, fail) => {
    const req = http.request({ host: LOOPBACK, port, path, method, agent, headers: { Host: `${host}:${port}`, ...headers } }, (res) => {
      const chunks = [];
      res.on('data', (chunk) => chunks.push(chunk));
      res.on('error', fail);
      res.on('end', () => {
        const wire = Buffer.concat(chunks);
        const encoding = res.headers['content-encoding'] ?? 'identity';
        done({ status: res.statusCode, headers: res.headers, encoding, wire, text: () => decode(wire, encoding).toString('utf8') });
      });
    });
    req.setTimeout(timeoutMs, () => req.destroy(new Error(`${method} ${path} (Host ${host}) timed out after ${Math.round(timeoutMs)} ms`)));
    req.on('error', fail);
    req.end(body);
  });
}

/** POST `value` as JSON; resolves to the response plus `json()` (parses the decoded body). */
export async function postJson({ port, host, path, value, headers = {}, timeoutMs }) {
  const body = JSON.stringify(value);
  const res = await request({
    port,
    host,
    path,
    method: 'POST',
    body,
    timeoutMs,
    headers: { 'Content-Type': 'application/json', 'Content-Length': String(Buffer.byteLength(body)), ...headers },
  });
  return { ...res, json: () => JSON.parse(res.text()) };
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
