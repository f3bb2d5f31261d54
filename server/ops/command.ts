// What every operator command shares: the Command shape and UsageError, the server's configuration,
// the database and mail as the server opens them, argument parsing and the plain-text output helpers.

import { AsyncLocalStorage } from 'node:async_hooks';
import { format, parseArgs, type ParseArgsConfig } from 'node:util';
import { eq } from 'drizzle-orm';
import { brandOfTrade, type Brand } from '../../src/config/brands';
import { isLocale, type Locale } from '../../src/config/locales';
import { TRADE_NUMBER } from '../../src/contracts/trades';
import { readConfig } from '../platform/config';
import { describeOrigin, publicOriginSource } from '../platform/origins';
import { openDatabase, type Database } from '../db/client';
import { trades } from '../db/schema/trades';
import type { TradeStepMails } from '../trades/lifecycle';
import { tradeStepMails } from '../trades/step-mails';
import { createShippingServices, type ShippingServices } from '../shipping';
import { databaseTarget } from '../runtime';

export interface Command {
  readonly usage: string;
  readonly help: string;
  run(args: string[]): Promise<void>;
}

/** Wrong arguments: printed with the command's usage, exit 2. */
export class UsageError extends Error {}

/**
 * Where a command runs: on its own (the CLI: the database and mail opened from the configuration,
 * output on stdout and stderr) or inside a running server (the test-only endpoint of decision 091:
 * the server's database and mail services, output collected for the answer).
 */
export interface OpsHost {
  readonly db: Database;
  readonly shipping: ShippingServices;
  readonly stdout: (text: string) => void;
  readonly stderr: (text: string) => void;
}

const hosted = new AsyncLocalStorage<OpsHost>();

/** Runs `work` (one command) inside a server: see OpsHost. */
export const runHosted = <T>(host: OpsHost, work: () => Promise<T>): Promise<T> => hosted.run(host, work);

/** A line of the command's output (console.log's formatting). */
export function print(...parts: unknown[]): void {
  const host = hosted.getStore();
  if (host) host.stdout(`${format(...parts)}\n`);
  else console.log(...parts);
}

/** A line of the command's problems (console.error's formatting). */
export function printError(...parts: unknown[]): void {
  const host = hosted.getStore();
  if (host) host.stderr(`${format(...parts)}\n`);
  else console.error(...parts);
}

/** Output as it is, without a line end (a CSV or a payout file). */
export function write(text: string): void {
  const host = hosted.getStore();
  if (host) host.stdout(text);
  else process.stdout.write(text);
}

/**
 * The configuration from the environment as a command runs: read at each use, not when this module
 * is first imported, so commands run in one process with different environments (the unit tests share
 * their imports, decision 088) each see their own.
 */
export const opsConfig = () => readConfig({ ...process.env, NODE_ENV: process.env.NODE_ENV ?? 'production' });

const shippingServices = new Map<string, Promise<ShippingServices>>();
/** Mail and links as the server sends them (same DATA_DIR, PUBLIC_ORIGINS, PORT and LABEL_SECRET). */
export const shipping = () => {
  const host = hosted.getStore();
  if (host) return Promise.resolve(host.shipping);
  const config = opsConfig();
  const key = JSON.stringify(config);
  let services = shippingServices.get(key);
  if (!services) shippingServices.set(key, (services = createShippingServices(config)));
  return services;
};

/** Mail problems on stderr: the outbox keeps the mail, and `mail list` shows it. */
const opsLog = {
  info: () => undefined,
  warn: (fields: object, message?: string) => printError(`${message ?? ''} ${JSON.stringify(fields)}`),
  error: (fields: object, message?: string) => printError(`${message ?? ''} ${JSON.stringify(fields)}`),
};

/**
 * Mail as the server writes it: into the outbox table of `db` (decision 054). What is due is sent
 * before the command ends (the embedded shop does not run meanwhile); with MAIL_WORKER=off the
 * worker process sends it.
 */
export async function withMail<T>(db: Database, work: (services: ShippingServices) => Promise<T>): Promise<T> {
  // Inside a server, its own outbox worker sends the mail.
  const host = hosted.getStore();
  if (host) return work(host.shipping);
  const services = await createShippingServices(opsConfig(), { db, log: opsLog });
  try {
    return await work(services);
  } finally {
    await services.mailer.close?.();
  }
}

/**
 * The seller's step mails of the trade moves (server/trades/step-mails.tsx): hand them to transition,
 * payTrade and recordInspection, which write each mail in the move's transaction (decision 068).
 */
export function withTradeMails<T>(db: Database, work: (mails: TradeStepMails, services: ShippingServices) => Promise<T>): Promise<T> {
  return withMail(db, (services) => work(tradeStepMails(services), services));
}

/** The origins announced by the command running (a fresh set for each run: see runCommand). */
const announcements = new AsyncLocalStorage<Set<string>>();

/**
 * Runs one command with its own record of announced origins, so that every run (a CLI process, a
 * request to the test endpoint, a unit test's call) says which origin its links use.
 */
export const runCommand = (command: Command, args: string[]): Promise<void> => announcements.run(new Set(), () => command.run(args));

/**
 * Prints, once per origin and run, which origin the command's links use and where it comes from, e.g.
 * `links use https://www.tradein.de (PUBLIC_ORIGINS)`: a mail with links to localhost is then no surprise.
 * The origin is decided where the server decides it (publicOriginSource, server/platform/origins.ts).
 */
export function announceLinks(locale: Locale, brand?: Brand): void {
  const config = opsConfig();
  const resolved = publicOriginSource(config.PUBLIC_ORIGINS ?? {}, config.PORT)(locale, brand);
  const line = `links use ${describeOrigin(resolved, config.PORT)}`;
  const announced = announcements.getStore();
  if (announced?.has(line)) return;
  announced?.add(line);
  print(line);
}

/** A trade's shop and brand (its shop mode, decision 033): what its links' origin depends on. */
export async function tradeShop(db: Database, tradeId: string): Promise<{ locale: Locale; brand: Brand }> {
  const [trade] = await db.select({ locale: trades.locale, shopMode: trades.shopMode }).from(trades).where(eq(trades.id, tradeId));
  return { locale: trade && isLocale(trade.locale) ? trade.locale : 'default', brand: brandOfTrade(trade?.shopMode ?? 'default') };
}

/** announceLinks for a trade's shop and brand. */
export async function announceTradeLinks(db: Database, tradeId: string): Promise<void> {
  const { locale, brand } = await tradeShop(db, tradeId);
  announceLinks(locale, brand);
}

export async function withDatabase<T>(work: (db: Database) => Promise<T>): Promise<T> {
  const host = hosted.getStore();
  if (host) return work(host.db);
  const handle = await openDatabase(databaseTarget(opsConfig()));
  try {
    return await work(handle.db);
  } finally {
    await handle.close();
  }
}

export type Tokens = NonNullable<ReturnType<typeof parseArgs>['tokens']>;

/** Parses `args`: exactly `positionals` positionals, or from `positionals` to `most`. */
export function parse<const O extends NonNullable<ParseArgsConfig['options']>>(
  args: string[],
  options: O,
  positionals: number,
  most = positionals,
) {
  let parsed;
  try {
    parsed = parseArgs({ args, options, allowPositionals: true, strict: true, tokens: true } as const);
  } catch (error) {
    // node's messages add advice about `--`; the first sentence is the point.
    throw new UsageError(error instanceof Error ? (error.message.split(/\.\s/)[0] ?? error.message).replace(/\.?$/, '.') : String(error));
  }
  if (parsed.positionals.length < positionals) throw new UsageError('Some arguments are missing.');
  if (parsed.positionals.length > most) throw new UsageError(`Unexpected argument: ${parsed.positionals.slice(most).join(' ')}.`);
  return parsed;
}

export function tradeRef(positionals: string[]): string {
  const ref = positionals[0]!;
  if (!TRADE_NUMBER.test(ref.toUpperCase()) && !/^[0-9a-f-]{36}$/i.test(ref))
    throw new UsageError(`"${ref}" is not a trade number (TR-2026-000123, TB-2026-000123) or trade id.`);
  return ref;
}

export function positiveInt(value: string, flag: string): number {
  if (!/^\d+$/.test(value) || Number(value) < 1 || Number(value) > 10_000) throw new UsageError(`${flag} takes a number from 1 to 10000.`);
  return Number(value);
}

/** A plain-text table; a header starting with > right-aligns its column. */
export function table(headers: string[], rows: string[][]): string {
  const right = headers.map((h) => h.startsWith('>'));
  const names = headers.map((h) => h.replace(/^>/, ''));
  const widths = names.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? '').length)));
  const line = (cells: string[]) =>
    cells
      .map((cell, i) => (right[i] ? cell.padStart(widths[i]!) : cell.padEnd(widths[i]!)))
      .join('  ')
      .trimEnd();
  return [line(names), ...rows.map(line)].map((l) => `  ${l}`).join('\n');
}

/** The shop's public origin for links (PUBLIC_ORIGINS, else the local host and PORT), announced once per run. */
export async function shippingOrigin(locale: string, brand?: Brand): Promise<string> {
  const shop = isLocale(locale) ? locale : 'default';
  announceLinks(shop, brand);
  return (await shipping()).publicOrigin(shop, brand).replace(/\/+$/, '');
}

/** Two machines' clocks differ a little; a time further ahead than this is a typo. */
const CLOCK_SKEW_MS = 60_000;

/**
 * `--at <ISO time>`: when it happened (the parcel scan, the inspection, the bank transfer); now without
 * it. Never in the future: a payout dated after today would book a late-payout bonus nobody was owed.
 */
export function atOption(value: string | undefined, now = new Date()): Date {
  if (value === undefined) return now;
  const at = new Date(value);
  if (!/^\d{4}-\d\d-\d\d/.test(value) || Number.isNaN(at.getTime()))
    throw new UsageError('--at takes an ISO time, e.g. 2026-11-24T09:30:00Z.');
  if (at.getTime() > now.getTime() + CLOCK_SKEW_MS)
    throw new UsageError(
      `--at ${value} is in the future: a payout dated after today would book a late-payout bonus nobody was owed. Give the time it happened, or leave --at out for now.`,
    );
  return at;
}

export const when = (date: Date) => `${date.toISOString().slice(0, 19).replace('T', ' ')} UTC`;
