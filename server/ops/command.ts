// What every operator command shares: the Command shape and UsageError, the server's configuration,
// the database and mail as the server opens them, argument parsing and the plain-text output helpers.

import { parseArgs, type ParseArgsConfig } from 'node:util';
import { TRADE_NUMBER } from '../../src/contracts/trades';
import { readConfig } from '../platform/config';
import { openDatabase, type Database } from '../db/client';
import { createShippingServices, type ShippingServices } from '../shipping';
import { databaseTarget } from '../runtime';

export interface Command {
  readonly usage: string;
  readonly help: string;
  run(args: string[]): Promise<void>;
}

/** Wrong arguments: printed with the command's usage, exit 2. */
export class UsageError extends Error {}

export const config = readConfig({ ...process.env, NODE_ENV: process.env.NODE_ENV ?? 'production' });

let shippingServices: Promise<ShippingServices> | undefined;
/** Mail and links as the server sends them (same DATA_DIR, PUBLIC_ORIGINS, PORT and LABEL_SECRET). */
export const shipping = () => (shippingServices ??= createShippingServices(config));

/** Mail problems on stderr: the outbox keeps the mail, and `mail list` shows it. */
const opsLog = {
  info: () => undefined,
  warn: (fields: object, message?: string) => console.error(`${message ?? ''} ${JSON.stringify(fields)}`),
  error: (fields: object, message?: string) => console.error(`${message ?? ''} ${JSON.stringify(fields)}`),
};

/**
 * Mail as the server writes it: into the outbox table of `db` (decision 054). What is due is sent
 * before the command ends (the embedded shop does not run meanwhile); with MAIL_WORKER=off the
 * worker process sends it.
 */
export async function withMail<T>(db: Database, work: (services: ShippingServices) => Promise<T>): Promise<T> {
  const services = await createShippingServices(config, { db, log: opsLog });
  try {
    return await work(services);
  } finally {
    await services.mailer.close?.();
  }
}

export async function withDatabase<T>(work: (db: Database) => Promise<T>): Promise<T> {
  const handle = await openDatabase(databaseTarget(config));
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

/** The shop's public origin for links (PUBLIC_ORIGINS, else the local host and PORT). */
export async function shippingOrigin(locale: string): Promise<string> {
  return (await shipping()).publicOrigin(locale as Parameters<ShippingServices['publicOrigin']>[0]).replace(/\/+$/, '');
}

export const when = (date: Date) => `${date.toISOString().slice(0, 19).replace('T', ' ')} UTC`;
