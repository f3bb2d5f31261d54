// Operator command line (`npm run ops -- <command>`): catalogue import and statistics, search reindex,
// and the trade life cycle (DESIGN.md §7: list, show, receive, inspect, clarification answers, pay,
// cancel, return, clarifications), the newsletter export, the contact messages (list, show) and the mail
// outbox (list, retry). It uses the same configuration as the server (DATABASE_URL or the embedded
// database in DATA_DIR). Failures print one line and exit 1; wrong arguments exit 2 with the usage.

import { readFile, writeFile } from 'node:fs/promises';
import { parseArgs, type ParseArgsConfig } from 'node:util';
import { eq } from 'drizzle-orm';
import { countryConfig } from '../src/config/countries';
import { isLocale } from '../src/config/locales';
import { TRADE_NUMBER, TradeStatusSchema, type TradeStatus } from '../src/contracts/trades';
import type { CatalogueQuestion } from './catalogue/model';
import { importCatalogue, loadCatalogue } from './catalogue/repository';
import { RemoteSearch } from './catalogue/search-remote';
import { loadSeedCatalogue } from './catalogue/seed';
import { CatalogueStore } from './catalogue/store';
import { importPriceSchedule, parsePriceCsv, pendingPrices, PriceImportError } from './catalogue/price-schedule';
import { readConfig } from './config';
import { listContactMessages, showContactMessage } from './contact/service';
import { backupEmbedded, restoreEmbedded } from './db/backup';
import { openDatabase, type Database } from './db/client';
import { databaseTarget } from './runtime';
import { exportSubscribers } from './newsletter/export';
import { REVIEW_STATUSES, type ReviewStatus } from '../src/contracts/reviews';
import { sendReviewRequestMail } from './reviews/mail';
import { listReviews, moderateReview } from './reviews/service';
import { sendClarificationMail } from './clarifications/mail';
import { claimReminders, expireClarifications, listClarifications, deadlineOf } from './clarifications/service';
import { clarifications as clarificationsTable } from './db/schema/clarifications';
import { trades as tradesTable } from './db/schema/trades';
import { createShippingServices, type ShippingServices } from './mail/services';
import { MailOutbox, type MailStatus } from './mail/outbox';
import { revokeLabel } from './labels/repository';
import { answerClarification, recordInspection, type ItemInspection } from './trades/inspection';
import { formatCents, listTrades, payTrade, showTrade, transition, type TradeDetails } from './trades/lifecycle';
import { payoutReport, payoutReportText } from './trades/payout-report';
import { checkPhoto, MAX_PHOTOS_PER_ITEM, type InspectionPhoto } from './trades/photos';
import { CLIENT_ID_PATTERN } from '../src/contracts/tracking';
import { searchReportTable, topSearches } from './catalogue/search-log';
import { clientEventCounts, consentLogOf, eraseClient, funnel, pruneControlling, RETENTION_DAYS } from './tracking/controlling';
import { funnelCsv, funnelTable, parseReportTime } from './tracking/funnel-report';

interface Command {
  readonly usage: string;
  readonly help: string;
  run(args: string[]): Promise<void>;
}

/** Wrong arguments: printed with the command's usage, exit 2. */
class UsageError extends Error {}

const MAIL_STATUSES: readonly MailStatus[] = ['pending', 'sending', 'sent', 'dead'];

const config = readConfig({ ...process.env, NODE_ENV: process.env.NODE_ENV ?? 'production' });

let shippingServices: Promise<ShippingServices> | undefined;
/** Mail and links as the server sends them (same DATA_DIR, PUBLIC_ORIGINS, PORT and LABEL_SECRET). */
const shipping = () => (shippingServices ??= createShippingServices(config));

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
async function withMail<T>(db: Database, work: (services: ShippingServices) => Promise<T>): Promise<T> {
  const services = await createShippingServices(config, { db, log: opsLog });
  try {
    return await work(services);
  } finally {
    await services.mailer.close?.();
  }
}

async function withDatabase<T>(work: (db: Database) => Promise<T>): Promise<T> {
  const handle = await openDatabase(databaseTarget(config));
  try {
    return await work(handle.db);
  } finally {
    await handle.close();
  }
}

/** The embedded database's directory; PostgreSQL has its own backup tools. */
function embeddedDataDir(what: string): string {
  const target = databaseTarget(config);
  if (target.kind === 'postgres') {
    throw new Error(
      `${what} is for the embedded database. On PostgreSQL use its tools: pg_dump --format=custom --file=<file> "$DATABASE_URL" ` +
        'and pg_restore --clean --if-exists --dbname="$DATABASE_URL" <file> (README, "Backups").',
    );
  }
  return target.dataDir!;
}

async function moderate(args: string[], status: 'approved' | 'rejected'): Promise<void> {
  const [id] = parse(args, {}, 1).positionals;
  if (!/^[0-9a-f-]{8,36}$/i.test(id!)) throw new UsageError('<id> is at least the first 8 characters of a review id (reviews list).');
  const done = await withDatabase((db) => moderateReview(db, id!, status));
  if (!done) throw new UsageError(`There is no review ${id}.`);
  console.log(`review ${done.id.slice(0, 8)} ${done.status}`);
}

const COMMANDS: Record<string, Command> = {
  'db backup': {
    usage: 'db backup <file>',
    help: 'Writes a backup of the embedded database (DATA_DIR/db) to <file> (a gzip tarball). Stop the shop first: the database has one user at a time.',
    run: async (args) => {
      const [file] = parse(args, {}, 1).positionals;
      const result = await backupEmbedded(embeddedDataDir('db backup'), file!);
      console.log(`backed up ${result.trades} trade(s) to ${result.file} (${Math.ceil(result.bytes / 1024)} KB)`);
    },
  },
  'db restore': {
    usage: 'db restore <file>',
    help: 'Replaces the embedded database by the backup <file>; the replaced one is kept beside it (db.replaced-<time>). Stop the shop first.',
    run: async (args) => {
      const [file] = parse(args, {}, 1).positionals;
      const result = await restoreEmbedded(file!, embeddedDataDir('db restore'));
      console.log(
        `restored ${result.trades} trade(s) from ${file}` +
          (result.replacedKeptIn ? `; the replaced database is kept in ${result.replacedKeptIn}` : ''),
      );
    },
  },
  'mail list': {
    usage: 'mail list [--status pending|sending|sent|dead] [--limit 50]',
    help: 'Lists the mail outbox, newest first: status, attempts, next attempt, recipient, subject and the last error.',
    run: async (args) => {
      const { values } = parse(args, { status: { type: 'string' }, limit: { type: 'string' } }, 0);
      const status = values.status as string | undefined;
      if (status !== undefined && !MAIL_STATUSES.includes(status as MailStatus)) {
        throw new UsageError(`--status is one of ${MAIL_STATUSES.join(', ')}.`);
      }
      const limit = values.limit === undefined ? 50 : Number(values.limit);
      if (!Number.isInteger(limit) || limit < 1 || limit > 1000) throw new UsageError('--limit is a number from 1 to 1000.');
      const { rows, depth } = await withDatabase(async (db) => {
        const outbox = new MailOutbox(db);
        return { rows: await outbox.list({ ...(status && { status: status as MailStatus }), limit }), depth: await outbox.depth() };
      });
      console.log(`pending ${depth.pending} · sending ${depth.sending} · dead ${depth.dead}`);
      if (rows.length === 0) return console.log('no mail');
      console.log(
        table(
          ['ID', 'CREATED', 'STATUS', '>TRIES', 'NEXT', 'TO', 'SUBJECT', 'LAST ERROR'],
          rows.map((r) => [
            r.id,
            r.createdAt.toISOString().slice(0, 19),
            r.status,
            String(r.attempts),
            r.status === 'pending' ? r.nextAttemptAt.toISOString().slice(0, 19) : '',
            r.recipient,
            r.subject.length > 50 ? `${r.subject.slice(0, 49)}…` : r.subject,
            r.lastError ?? '',
          ]),
        ),
      );
    },
  },
  'mail retry': {
    usage: 'mail retry (--dead | <id> …)',
    help: 'Gives dead mails (all with --dead, or the ids listed by `mail list`) fresh attempts and sends what is due.',
    run: async (args) => {
      const { values, positionals } = parse(args, { dead: { type: 'boolean' } }, 0, Infinity);
      if (Boolean(values.dead) === positionals.length > 0)
        throw new UsageError('Name the mails to retry (ids from `mail list`) or give --dead.');
      const bad = positionals.find((id) => !/^[0-9a-f-]{36}$/i.test(id));
      if (bad) throw new UsageError(`${bad} is not a mail id (see \`mail list\`).`);
      const retried = await withDatabase((db) =>
        withMail(db, (services) => services.mailQueue!.outbox.retry(values.dead ? undefined : positionals)),
      );
      console.log(retried === 0 ? 'no dead mail to retry' : `${retried} mail(s) queued again`);
    },
  },
  'catalogue import': {
    usage: 'catalogue import [--force]',
    help: 'Loads data/catalogue into the database (skipped when unchanged unless --force). A running server picks it up on restart.',
    run: async (args) => {
      const result = await withDatabase((db) => importCatalogue(db, loadSeedCatalogue(), { force: args.includes('--force') }));
      console.log(
        result.imported
          ? `imported ${result.devices} devices (${result.checksum.slice(0, 12)})`
          : `catalogue unchanged (${result.devices} devices)`,
      );
    },
  },
  'catalogue prices import': {
    usage: 'catalogue prices import <file.csv> --effective <YYYY-MM-DD>',
    help:
      'Loads future base prices (CSV header device,locale,basePrice — device id or slug, shop, EUR) for a day after today. ' +
      "A running server switches them on that day in the shop's time zone (prices and search, no restart) and warns the sellers " +
      'who saved or shared an offer of a device whose price drops (or hold it in a cart with a known e-mail), PRICE_WARNING_DAYS days before. All rows or none.',
    run: async (args) => {
      const { positionals, values } = parse(args, { effective: { type: 'string' } }, 1);
      if (!values.effective) throw new UsageError('--effective <YYYY-MM-DD> is required.');
      const text = await readFile(positionals[0]!, 'utf8').catch(() => {
        throw new UsageError(`Cannot read ${positionals[0]}.`);
      });
      const count = await withDatabase(async (db) => {
        const store = await CatalogueStore.load(db);
        try {
          return await importPriceSchedule(db, parsePriceCsv(text, store), values.effective!, new Date());
        } catch (error) {
          if (error instanceof PriceImportError) throw new UsageError(error.message);
          throw error;
        }
      });
      console.log(`scheduled ${count} base price(s) for ${values.effective}`);
    },
  },
  'catalogue prices list': {
    usage: 'catalogue prices list',
    help: 'Lists the scheduled base prices not switched yet (day, shop, device, new base price).',
    run: async () => {
      const rows = await withDatabase((db) => pendingPrices(db));
      if (rows.length === 0) return console.log('No scheduled prices.');
      console.log(
        table(
          ['DAY', 'SHOP', '>DEVICE', '>BASE PRICE'],
          rows.map((r) => [r.effectiveOn, r.locale, String(r.deviceId), formatCents(r.basePriceCents)]),
        ),
      );
    },
  },
  'catalogue stats': {
    usage: 'catalogue stats',
    help: 'Prints the number of active devices per category.',
    run: async () => {
      const catalogue = await withDatabase((db) => loadCatalogue(db));
      for (const category of catalogue.categories) {
        const count = catalogue.devices.filter((d) => d.categoryId === category.id).length;
        console.log(`${category.texts.default.name.padEnd(16)} ${String(count).padStart(6)}`);
      }
      console.log(`${'total'.padEnd(16)} ${String(catalogue.devices.length).padStart(6)}`);
    },
  },
  'search reindex': {
    usage: 'search reindex',
    help: 'Recreates the Elasticsearch indexes at SEARCH_URL from the database catalogue.',
    run: async () => {
      if (!config.SEARCH_URL) throw new Error('SEARCH_URL is not set: the embedded search indexes itself on start.');
      const catalogue = await withDatabase((db) => loadCatalogue(db));
      for (const done of await new RemoteSearch(config.SEARCH_URL).reindex(catalogue))
        console.log(`${done.index}: ${done.documents} documents`);
    },
  },
  'newsletter export': {
    usage: 'newsletter export --country <de|es|fr|it> [--out <file>]',
    help: 'Writes the confirmed newsletter subscribers of a shop as CSV (to the file, else to stdout).',
    run: async (args) => {
      const { values } = parse(args, { country: { type: 'string' }, out: { type: 'string' } }, 0);
      const locale = values.country?.toLowerCase();
      if (!locale || !isLocale(locale)) throw new UsageError('--country takes a shop: default, de, at, es, fr or it.');
      if (!countryConfig(locale).features.hasNewsletter) throw new Error(`the ${locale} shop has no newsletter.`);
      const { csv, count } = await withDatabase((db) => exportSubscribers(db, locale));
      if (values.out) {
        await writeFile(values.out, csv, { mode: 0o600 });
        console.error(`${count} confirmed subscribers of ${locale} written to ${values.out}`);
      } else {
        process.stdout.write(csv);
      }
    },
  },
  'report funnel': {
    usage: 'report funnel --from <date> --to <date> [--country <shop>] [--client-id <id>] [--csv]',
    help: "Per shop: page views → device views → offers → add to cart → trades from the stored controlling\nevents, with each step's conversion. Dates are YYYY-MM-DD (--to includes that day) or ISO times.",
    run: async (args) => {
      const { values } = parse(
        args,
        {
          from: { type: 'string' },
          to: { type: 'string' },
          country: { type: 'string' },
          'client-id': { type: 'string' },
          csv: { type: 'boolean' },
        },
        0,
      );
      const from = values.from ? parseReportTime(values.from, false) : null;
      const to = values.to ? parseReportTime(values.to, true) : null;
      if (!from || !to) throw new UsageError('--from and --to take a date (2026-11-24) or an ISO time.');
      if (to <= from) throw new UsageError('--to must be after --from.');
      const locale = values.country?.toLowerCase();
      if (locale !== undefined && !isLocale(locale)) throw new UsageError('--country takes a shop: default, de, at, es, fr or it.');
      const clientId = values['client-id']?.toLowerCase();
      if (clientId !== undefined && !CLIENT_ID_PATTERN.test(clientId))
        throw new UsageError('--client-id takes the 64 hex digits of the client id cookie.');
      const rows = await withDatabase((db) => funnel(db, { from, to, ...(locale ? { locale } : {}), ...(clientId ? { clientId } : {}) }));
      if (values.csv) process.stdout.write(funnelCsv(rows));
      else console.log(funnelTable(rows, { from, to }));
    },
  },
  'report payouts': {
    usage: 'report payouts [--from <date>] [--to <date>] [--country <shop>]',
    help:
      'The payout promise (issue 18, decision 043): payouts per shop, how many were paid by their due day (on-time rate), ' +
      'the late-payout bonuses paid, and each late payout. Dates are YYYY-MM-DD (--to includes that day) or ISO times; default: everything.',
    run: async (args) => {
      const { values } = parse(args, { from: { type: 'string' }, to: { type: 'string' }, country: { type: 'string' } }, 0);
      const from = values.from ? parseReportTime(values.from, false) : null;
      const to = values.to ? parseReportTime(values.to, true) : null;
      if ((values.from && !from) || (values.to && !to)) throw new UsageError('--from and --to take a date (2026-11-24) or an ISO time.');
      const locale = values.country?.toLowerCase();
      if (locale !== undefined && !isLocale(locale)) throw new UsageError('--country takes a shop: default, de, at, es, fr or it.');
      const report = await withDatabase((db) => payoutReport(db, { from, to, ...(locale ? { locale } : {}) }));
      console.log(payoutReportText(report));
    },
  },
  'report searches': {
    usage: 'report searches [--zero-results] [--days <n>] [--country <shop>] [--limit <n>]',
    help: 'Per shop, the most frequent searches submitted on the results page in the last days (default 30),\nwith --zero-results only those that found nothing, most frequent first (default 20 per shop).',
    run: async (args) => {
      const { values } = parse(
        args,
        { 'zero-results': { type: 'boolean' }, days: { type: 'string' }, country: { type: 'string' }, limit: { type: 'string' } },
        0,
      );
      const days = values.days === undefined ? 30 : Number(values.days);
      if (!Number.isInteger(days) || days < 1 || days > 3660) throw new UsageError('--days takes a whole number of days (1 or more).');
      const limit = values.limit === undefined ? 20 : Number(values.limit);
      if (!Number.isInteger(limit) || limit < 1 || limit > 1000) throw new UsageError('--limit takes a whole number from 1 to 1000.');
      const locale = values.country?.toLowerCase();
      if (locale !== undefined && !isLocale(locale)) throw new UsageError('--country takes a shop: default, de, at, es, fr or it.');
      const zeroOnly = values['zero-results'] === true;
      const rows = await withDatabase((db) => topSearches(db, { days, zeroOnly, limit, ...(locale ? { locale } : {}) }));
      console.log(searchReportTable(rows, { days, zeroOnly }));
    },
  },
  'privacy erase': {
    usage: 'privacy erase --client-id <id>',
    help: "Removes every controlling row of a client id (a visitor's request to erase their data).",
    run: async (args) => {
      const { values } = parse(args, { 'client-id': { type: 'string' } }, 0);
      const clientId = values['client-id']?.toLowerCase();
      if (!clientId || !CLIENT_ID_PATTERN.test(clientId))
        throw new UsageError('--client-id takes the 64 hex digits of the client id cookie.');
      const erased = await withDatabase((db) => eraseClient(db, clientId));
      console.log(`erased ${erased.events} controlling rows and ${erased.consents} consent log entries of ${clientId}`);
    },
  },
  'privacy show': {
    usage: 'privacy show --client-id <id>',
    help: 'Shows what is stored about a client id: its consent log and its controlling events per name.',
    run: async (args) => {
      const { values } = parse(args, { 'client-id': { type: 'string' } }, 0);
      const clientId = values['client-id']?.toLowerCase();
      if (!clientId || !CLIENT_ID_PATTERN.test(clientId))
        throw new UsageError('--client-id takes the 64 hex digits of the client id cookie.');
      const [log, counts] = await withDatabase(
        async (db) => [await consentLogOf(db, clientId), await clientEventCounts(db, clientId)] as const,
      );
      console.log(`client ${clientId}`);
      console.log('consent log:');
      for (const entry of log)
        console.log(`  ${when(entry.at)}  ${entry.decision.padEnd(9)}  banner v${entry.bannerVersion}  shop ${entry.locale}`);
      if (log.length === 0) console.log('  (none)');
      console.log('controlling events:');
      for (const [name, n] of Object.entries(counts)) console.log(`  ${name.padEnd(20)} ${String(n).padStart(5)}`);
      if (Object.keys(counts).length === 0) console.log('  (none)');
    },
  },
  'tracking prune': {
    usage: 'tracking prune',
    help: `Deletes controlling rows older than the retention period (${RETENTION_DAYS} days). Run it daily.`,
    run: async (args) => {
      parse(args, {}, 0);
      const pruned = await withDatabase((db) => pruneControlling(db, new Date()));
      console.log(`deleted ${pruned} controlling rows older than ${RETENTION_DAYS} days`);
    },
  },
  'trades list': {
    usage: 'trades list [--status <status>] [--limit <n>]',
    help: `Lists trades, newest first (default limit 50).\nStatuses: ${TradeStatusSchema.options.join(', ')}.`,
    run: async (args) => {
      const { values } = parse(args, { status: { type: 'string' }, limit: { type: 'string' } }, 0);
      const status = values.status === undefined ? undefined : tradeStatus(values.status);
      const limit = values.limit === undefined ? 50 : positiveInt(values.limit, '--limit');
      const rows = await withDatabase((db) => listTrades(db, { status, limit }));
      if (rows.length === 0) return console.log(status ? `no trades with status ${status}` : 'no trades');
      console.log(
        table(
          ['TRADE', 'STATUS', 'SHOP', 'ITEMS', '>TOTAL', 'CREATED', 'LAST MOVE'],
          rows.map((t) => [
            t.tradeNumber,
            t.status,
            t.locale,
            String(t.items),
            formatCents(t.totalCents),
            when(t.createdAt),
            when(t.updatedAt),
          ]),
        ),
      );
    },
  },
  'trades show': {
    usage: 'trades show <TR-…>',
    help: 'Shows a trade: items (offered and found), clarifications with their links, payouts, every transition, and the return label of declined devices.',
    run: async (args) => {
      const ref = tradeRef(parse(args, {}, 1).positionals);
      const details = await withDatabase((db) => showTrade(db, ref));
      console.log(formatTrade(details));
      // The warehouse prints the label of the devices that go back (decision 025).
      if (details.clarifications.some((c) => c.status === 'declined' && c.declineMode !== 'recycle')) {
        const origin = await shippingOrigin(details.trade.locale);
        console.log(`\nReturn label (warehouse → seller): ${origin}${(await shipping()).labels.returnPath(details.trade.tradeId)}`);
      }
    },
  },
  'trades receive': moveCommand('receive', 'received', 'Records that the parcel arrived (from created).'),
  'trades inspect': {
    usage: 'trades inspect <TR-…> --item <offerId|#> [--answer <question>=<answer>]… [--note <text>] [--photo <file>]… [--item …]',
    help: [
      'Records what the inspection found (from received), for EVERY item of the trade: --item names an',
      'item by its offer id (or a unique start of it) or by its number (#) in `trades show`; the --answer',
      'options after it give the found answers as ids (2=23) or codes (DISPLAY=CRACKED); questions not',
      'given are as offered. Items worse than offered and below their offer price get a clarification',
      'with a new offer; otherwise the trade is inspected and ready to pay. --note after an item is the',
      "inspector's note the seller reads with the clarification; --photo <file> after an item attaches an evidence",
      'photo the seller sees with it (JPEG, PNG or WebP, at most 5 MB, 6 per item; repeatable). Opening clarifications mails the seller',
      `the links (deadline: CLARIFICATION_DAYS, now ${config.CLARIFICATION_DAYS} days).`,
      'Example: trades inspect TR-2026-000003 --item 1 --item 2 --answer DISPLAY=CRACKED --answer POWER=YES',
    ].join('\n'),
    run: async (args) => {
      const { positionals, tokens } = parse(
        args,
        {
          item: { type: 'string', multiple: true },
          answer: { type: 'string', multiple: true },
          note: { type: 'string', multiple: true },
          photo: { type: 'string', multiple: true },
        },
        1,
      );
      const ref = tradeRef(positionals);
      const groups = inspectionGroups(tokens);
      // The files are read and checked before the database is opened: a wrong file changes nothing.
      const photos = await Promise.all(groups.map((group) => Promise.all(group.photos.map(readPhoto))));
      const { store, inspected } = await withDatabase(async (db) => {
        const trade = await showTrade(db, ref);
        const catalogue = await CatalogueStore.load(db);
        const inspections = groups.map((group, i) => ({ ...resolveItem(trade, catalogue, group), photos: photos[i]! }));
        const inspected = await recordInspection(db, catalogue, ref, inspections, { deadlineDays: config.CLARIFICATION_DAYS });
        if (inspected.status === 'clarification') {
          await withMail(db, (services) => sendClarificationMail(services, db, inspected.tradeId, 'opened'));
        }
        return { store: catalogue, inspected };
      });
      console.log(`${inspected.tradeNumber} received → inspected${inspected.status === 'clarification' ? ' → clarification' : ''}`);
      console.log(
        table(
          ['#', 'DEVICE', '>OFFERED', 'FOUND', '>FOUND PRICE', '>AGREED'],
          inspected.items.map((item, i) => [
            String(i + 1),
            item.deviceName,
            formatCents(item.offeredPriceCents),
            `${item.foundKind === 'purchase' ? '' : `${item.foundKind}: `}${codesOf(store, item.foundAnswers)}`,
            formatCents(item.foundPriceCents),
            item.agreedPriceCents === null ? 'asks seller' : formatCents(item.agreedPriceCents),
          ]),
        ),
      );
      for (const item of inspected.items.filter((i) => i.clarification)) {
        const c = item.clarification!;
        console.log(`\nClarification ${c.id} (${c.kind}) for ${item.deviceName}: new offer ${formatCents(c.newPriceCents)}`);
        console.log(`  ${c.reason}`);
        console.log(`  link: ${c.linkPath}`);
      }
      const attached = photos.reduce((sum, list) => sum + list.length, 0);
      if (attached > 0) console.log(`\n${attached} evidence photo(s) attached; the seller sees them with the clarification.`);
      if (inspected.status === 'clarification') console.log('\nThe seller was mailed the links (see `clarifications show`).');
    },
  },
  'trades clarification answer': {
    usage: 'trades clarification answer <TR-…> <clarificationId> accept|decline',
    help: "Records the seller's answer to a clarification (trade in clarification). After the last answer\nthe trade is accepted, or declined if any clarification was declined.",
    run: async (args) => {
      const { positionals } = parse(args, {}, 3);
      const [ref, id, answer] = positionals as [string, string, string];
      if (answer !== 'accept' && answer !== 'decline') throw new UsageError(`The answer is accept or decline, not "${answer}".`);
      const result = await withDatabase((db) => answerClarification(db, ref, id, answer));
      console.log(`clarification ${result.clarificationId} ${result.status}`);
      console.log(
        result.tradeStatus === 'clarification'
          ? `${ref.toUpperCase()} stays in clarification: other clarifications are still open`
          : `${ref.toUpperCase()} clarification → ${result.tradeStatus}`,
      );
    },
  },
  'contact list': {
    usage: 'contact list [--limit <n>]',
    help: 'Lists messages of the contact form and the help widget, newest first (default limit 50).',
    run: async (args) => {
      const { values } = parse(args, { limit: { type: 'string' } }, 0);
      const limit = values.limit === undefined ? 50 : positiveInt(values.limit, '--limit');
      const rows = await withDatabase((db) => listContactMessages(db, { limit }));
      if (rows.length === 0) return console.log('no contact messages');
      console.log(
        table(
          ['REFERENCE', 'SHOP', 'SUBJECT', 'FROM', 'TRADE', 'TO', 'STATUS', 'RECEIVED'],
          rows.map((m) => [m.reference, m.locale, m.subject, m.email, m.tradeNumber ?? '', m.recipient, m.status, when(m.createdAt)]),
        ),
      );
    },
  },
  'contact show': {
    usage: 'contact show <KM-…>',
    help: 'Shows one contact message: sender, subject, trade number, recipient, attachments and the text.',
    run: async (args) => {
      const [ref] = parse(args, {}, 1).positionals as [string];
      if (!/^KM-\d{4}-[0-9A-F]{8}$/i.test(ref)) throw new UsageError(`"${ref}" is not a contact reference (KM-2026-1A2B3C4D).`);
      const details = await withDatabase((db) => showContactMessage(db, ref));
      if (!details) throw new Error(`There is no contact message ${ref.toUpperCase()}.`);
      const { message: m, attachments } = details;
      console.log(
        [
          `Contact message ${m.reference}   status: ${m.status}`,
          `  shop ${m.locale} · ${m.source === 'widget' ? 'help widget' : 'contact page'} · received ${when(m.createdAt)}${m.mailedAt ? ` · mailed ${when(m.mailedAt)}` : ''}`,
          `  from ${m.name} <${m.email}>`,
          `  to ${m.recipient}${m.business ? ' (business)' : ''}`,
          `  subject ${m.subject}${m.tradeNumber ? ` · trade ${m.tradeNumber}` : ''}`,
          '',
          'Attachments',
          attachments.length
            ? table(
                ['#', 'NAME', 'TYPE', '>BYTES'],
                attachments.map((a, i) => [String(i + 1), a.filename, a.contentType, String(a.size)]),
              )
            : '  none',
          '',
          'Message',
          ...m.message.split('\n').map((line) => `  ${line}`),
        ].join('\n'),
      );
    },
  },
  'clarifications list': {
    usage: 'clarifications list [--status open|accepted|declined]',
    help: 'Lists clarifications (open first): trade, kind, status, deadline, reminder and answer times.',
    run: async (args) => {
      const { values } = parse(args, { status: { type: 'string' } }, 0);
      const status = values.status as string | undefined;
      if (status !== undefined && !['open', 'accepted', 'declined'].includes(status))
        throw new UsageError(`--status is open, accepted or declined, not "${status}".`);
      const rows = await withDatabase((db) => listClarifications(db, status ? { status: status as 'open' } : {}));
      if (rows.length === 0) return console.log('no clarifications');
      console.log(
        table(
          ['ID', 'TRADE', 'KIND', 'STATUS', 'DEADLINE', 'REMINDED', 'ANSWERED'],
          rows.map((r) => [
            r.id,
            r.tradeNumber,
            r.kind,
            r.status + (r.declineMode ? ` (${r.declineMode})` : ''),
            when(r.deadline),
            r.remindedAt ? when(r.remindedAt) : '—',
            r.answeredAt ? when(r.answeredAt) : '—',
          ]),
        ),
      );
    },
  },
  'clarifications show': {
    usage: 'clarifications show <clarificationId>',
    help: "Shows a clarification: its trade, the items' state, and the seller's links (with their tokens).",
    run: async (args) => {
      const [id] = parse(args, {}, 1).positionals as [string];
      const links = (await shipping()).clarifications;
      const origin = (locale: string) => shippingOrigin(locale);
      await withDatabase(async (db) => {
        const clean = id.trim().toLowerCase();
        if (!/^[0-9a-f-]{36}$/.test(clean)) throw new Error(`There is no clarification ${id}.`);
        const [row] = await db
          .select({ clarification: clarificationsTable, trade: tradesTable })
          .from(clarificationsTable)
          .innerJoin(tradesTable, eq(tradesTable.id, clarificationsTable.tradeId))
          .where(eq(clarificationsTable.id, clean));
        if (!row) throw new Error(`There is no clarification ${id}.`);
        const { clarification: c, trade } = row;
        const deadline = deadlineOf(c);
        const base = await origin(trade.locale);
        console.log(
          `clarification ${c.id} · ${trade.tradeNumber} (${trade.status}) · ${c.kind} · ${c.status}${c.declineMode ? ` (${c.declineMode})` : ''}`,
        );
        console.log(
          `  deadline ${when(deadline)}${c.remindedAt ? ` · reminded ${when(c.remindedAt)}` : ''}${c.answeredAt ? ` · answered ${when(c.answeredAt)}` : ''}`,
        );
        console.log(`  ${c.reason}`);
        console.log(`  link:         ${base}${links.path(c.id, trade.tradeNumber, deadline)}`);
        console.log(`  quick answer: ${base}${links.path(c.id, trade.tradeNumber, deadline, c.newOfferId)}`);
      });
    },
  },
  'clarifications remind': {
    usage: 'clarifications remind [--days 3]',
    help: 'Mails a reminder for every trade whose open clarifications end within --days (default 3), once per clarification.\nRun it daily (or from any scheduler); running it twice sends nothing new.',
    run: async (args) => {
      const { values } = parse(args, { days: { type: 'string' } }, 0);
      const days = values.days === undefined ? 3 : Number(values.days);
      if (!Number.isFinite(days) || days <= 0 || days > 30) throw new UsageError('--days is a number of days from 1 to 30.');
      const sent = await withDatabase((db) =>
        withMail(db, async (services) => {
          const due = await claimReminders(db, { days });
          for (const t of due) await sendClarificationMail(services, db, t.tradeId, 'reminder');
          return due;
        }),
      );
      console.log(sent.length === 0 ? 'no reminders due' : sent.map((t) => `reminded ${t.tradeNumber}`).join('\n'));
    },
  },
  'clarifications expire': {
    usage: 'clarifications expire [--trade <TR-…>]',
    help: 'Applies the default (decision 022: a new price is accepted, recycling-only devices go back) to open\nclarifications past their deadline, moves the trades and mails the sellers.',
    run: async (args) => {
      const { values } = parse(args, { trade: { type: 'string' } }, 0);
      const done = await withDatabase((db) =>
        withMail(db, async (services) => {
          const expired = await expireClarifications(db, values.trade ? { tradeRef: values.trade as string } : {});
          for (const t of expired) await sendClarificationMail(services, db, t.tradeId, 'expired');
          return expired;
        }),
      );
      if (done.length === 0) return console.log('no clarifications past their deadline');
      for (const t of done) {
        console.log(
          `${t.tradeNumber} clarification → ${t.tradeStatus}: ${t.applied.map((a) => `${a.clarificationId.slice(0, 8)} ${a.decision}`).join(', ')}`,
        );
      }
    },
  },
  'trades pay': {
    usage: 'trades pay <TR-…> [--note <text>] [--at <time>]',
    help:
      'Records a payout and prints the amount. Inspected or accepted: the whole rest (→ paid). In clarification, declined or ' +
      'returned: the devices settled so far (no clarification, or accepted), without waiting for the others (split payout, decision 025). ' +
      "--at: when the transfer was made (ISO time; default now). Paid after the payout promise's due day, the late-payout bonus is added (decision 043).",
    run: async (args) => {
      const { positionals, values } = parse(args, { note: { type: 'string' }, at: { type: 'string' } }, 1);
      const ref = tradeRef(positionals);
      const at = atOption(values.at);
      const { paid, reviewRequested } = await withDatabase(async (db) => {
        const paid = await payTrade(db, ref, values.note, at);
        // Paid in full: the seller is asked for a review (once; a trade is paid in full only once).
        const reviewRequested =
          paid.to === 'paid' &&
          paid.from !== 'paid' &&
          (await withMail(db, (services) => sendReviewRequestMail(services, db, paid.tradeId)));
        return { paid, reviewRequested };
      });
      const move = paid.from === paid.to ? `${paid.from} (split payout)` : `${paid.from} → ${paid.to}`;
      console.log(
        `${paid.tradeNumber} ${move} at ${when(paid.at)}: paid ${formatCents(paid.amountCents)} for ${paid.items} device(s), ` +
          `${formatCents(paid.totalPaidCents)} in all${paid.note ? ` (${paid.note})` : ''}`,
      );
      // The payout promise (issue 18): due day, and the bonus added when paid after it.
      if (paid.dueBy === null) console.log('payout promise: none (the devices were never received)');
      else if (paid.bonusCents > 0)
        console.log(`payout promise: due by ${paid.dueBy}, paid late: late-payout bonus ${formatCents(paid.bonusCents)} included`);
      else console.log(`payout promise: due by ${paid.dueBy}, paid on time`);
      if (reviewRequested) console.log('review request mailed to the seller');
    },
  },
  'reviews list': {
    usage: 'reviews list [--status pending|approved|rejected]',
    help: "Lists the sellers' reviews, newest first (default: all), with the id to approve or reject them by.",
    run: async (args) => {
      const { values } = parse(args, { status: { type: 'string' } }, 0);
      const status = values.status as string | undefined;
      if (status !== undefined && !(REVIEW_STATUSES as readonly string[]).includes(status))
        throw new UsageError(`--status is one of ${REVIEW_STATUSES.join(', ')}.`);
      const list = await withDatabase((db) => listReviews(db, status as ReviewStatus | undefined));
      if (list.length === 0) return console.log('no reviews');
      for (const r of list) {
        console.log(
          `${r.id.slice(0, 8)}  ${r.status.padEnd(8)} ${'★'.repeat(r.stars).padEnd(5)} ${r.tradeNumber} ${r.locale} ${when(r.createdAt)} ${r.author}`,
        );
        console.log(`          ${r.text.replace(/\s+/g, ' ')}`);
      }
    },
  },
  'reviews approve': {
    usage: 'reviews approve <id>',
    help: 'Publishes a review (the seal and slider count it). <id>: the first 8 or more characters shown by reviews list.',
    run: async (args) => moderate(args, 'approved'),
  },
  'reviews reject': {
    usage: 'reviews reject <id>',
    help: 'Keeps a review from the seal and slider (e.g. personal data or abuse in the text).',
    run: async (args) => moderate(args, 'rejected'),
  },
  'trades revoke-label': {
    usage: 'trades revoke-label <TR-…>',
    help:
      'Voids every shipping label link of the trade given out so far (checkout answer, confirmation mail, account); ' +
      'prints the new link. A customer finds it in the account while the parcel is awaited.',
    run: async (args) => {
      const { positionals } = parse(args, {}, 1);
      const ref = tradeRef(positionals);
      const revoked = await withDatabase((db) => revokeLabel(db, ref));
      if (!revoked) throw new UsageError(`There is no trade ${ref}.`);
      console.log(`${revoked.tradeNumber}: label links revoked (version ${revoked.version})`);
      console.log(`new link: ${(await shipping()).labels.path(revoked.tradeId, revoked.version)}`);
    },
  },
  'trades cancel': moveCommand('cancel', 'cancelled', 'Cancels a trade before its parcel arrived (from created only).'),
  'trades return': moveCommand('return', 'returned', 'Records that the devices of a declined trade were sent back.'),
};

/** receive, pay, cancel, return: one transition with an optional note. */
/** `--at <ISO time>`: when it happened (the parcel scan, the bank transfer); now without it. */
function atOption(value: string | undefined): Date {
  if (value === undefined) return new Date();
  const at = new Date(value);
  if (!/^\d{4}-\d\d-\d\d/.test(value) || Number.isNaN(at.getTime()))
    throw new UsageError('--at takes an ISO time, e.g. 2026-11-24T09:30:00Z.');
  return at;
}

function moveCommand(verb: string, to: TradeStatus, help: string): Command {
  return {
    usage: `trades ${verb} <TR-…> [--note <text>] [--at <time>]`,
    help: `${help} --at: when it happened (ISO time; default now).`,
    run: async (args) => {
      const { positionals, values } = parse(args, { note: { type: 'string' }, at: { type: 'string' } }, 1);
      const ref = tradeRef(positionals);
      const at = atOption(values.at);
      const moved = await withDatabase((db) => transition(db, ref, to, values.note, at));
      console.log(`${moved.tradeNumber} ${moved.from} → ${moved.to} at ${when(moved.at)}${moved.note ? ` (${moved.note})` : ''}`);
    },
  };
}

type Tokens = NonNullable<ReturnType<typeof parseArgs>['tokens']>;

/** Parses `args`: exactly `positionals` positionals, or from `positionals` to `most`. */
function parse<const O extends NonNullable<ParseArgsConfig['options']>>(
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

function tradeRef(positionals: string[]): string {
  const ref = positionals[0]!;
  if (!TRADE_NUMBER.test(ref.toUpperCase()) && !/^[0-9a-f-]{36}$/i.test(ref))
    throw new UsageError(`"${ref}" is not a trade number (TR-2026-000123, TB-2026-000123) or trade id.`);
  return ref;
}

function tradeStatus(value: string): TradeStatus {
  const parsed = TradeStatusSchema.safeParse(value.toLowerCase());
  if (!parsed.success) throw new UsageError(`Unknown status "${value}"; one of ${TradeStatusSchema.options.join(', ')}.`);
  return parsed.data;
}

function positiveInt(value: string, flag: string): number {
  if (!/^\d+$/.test(value) || Number(value) < 1 || Number(value) > 10_000) throw new UsageError(`${flag} takes a number from 1 to 10000.`);
  return Number(value);
}

interface ItemGroup {
  readonly item: string;
  readonly answers: { question: string; answer: string }[];
  note?: string;
  readonly photos: string[];
}

/** An evidence photo file, checked (type from its bytes, size) before anything is written. */
async function readPhoto(file: string): Promise<InspectionPhoto> {
  let content: Buffer;
  try {
    content = await readFile(file);
  } catch (error) {
    throw new Error(`Cannot read the photo ${file}: ${(error as NodeJS.ErrnoException).code ?? 'unreadable'}.`, { cause: error });
  }
  return checkPhoto(`The photo ${file}`, new Uint8Array(content));
}

/** --item opens a group; the --answer options after it belong to that item. */
function inspectionGroups(tokens: Tokens): ItemGroup[] {
  const groups: ItemGroup[] = [];
  for (const token of tokens) {
    if (token.kind !== 'option') continue;
    if (token.name === 'item') groups.push({ item: token.value ?? '', answers: [], photos: [] });
    else if (token.name === 'photo') {
      const group = groups.at(-1);
      if (!group) throw new UsageError('--photo belongs to the --item before it; start with --item.');
      if (group.photos.length >= MAX_PHOTOS_PER_ITEM)
        throw new UsageError(`Item ${group.item} has more than ${MAX_PHOTOS_PER_ITEM} photos.`);
      group.photos.push(token.value ?? '');
    } else if (token.name === 'answer') {
      const group = groups.at(-1);
      if (!group) throw new UsageError('--answer belongs to the --item before it; start with --item.');
      const match = /^\s*([^=\s]+)\s*=\s*([^=\s]+)\s*$/.exec(token.value ?? '');
      if (!match) throw new UsageError(`--answer takes <question>=<answer>, e.g. 2=23 or DISPLAY=CRACKED, not "${token.value}".`);
      group.answers.push({ question: match[1]!, answer: match[2]! });
    } else if (token.name === 'note') {
      const group = groups.at(-1);
      if (!group) throw new UsageError('--note belongs to the --item before it; start with --item.');
      if (group.note !== undefined) throw new UsageError(`Item ${group.item} has two --note options.`);
      const note = (token.value ?? '').trim();
      if (note === '' || note.length > 1000) throw new UsageError('--note takes a text of 1 to 1000 characters.');
      group.note = note;
    }
  }
  if (groups.length === 0) throw new UsageError('Name every item of the trade with --item.');
  return groups;
}

/** Finds the item (offer id, its start, or # in `trades show`) and turns answer codes into ids. */
function resolveItem(trade: TradeDetails, store: CatalogueStore, group: ItemGroup): ItemInspection {
  const ref = group.item.trim().toLowerCase();
  const matches = /^\d+$/.test(ref)
    ? trade.items.filter((i) => i.position + 1 === Number(ref))
    : trade.items.filter((i) => i.offerId.startsWith(ref));
  if (matches.length !== 1) {
    const known = trade.items.map((i) => `${i.position + 1} = ${i.offerId}`).join(', ');
    throw new Error(
      `${matches.length ? 'Several items start with' : 'There is no item'} "${group.item}" in ${trade.trade.tradeNumber} (items: ${known}).`,
    );
  }
  const item = matches[0]!;
  const device = store.device(item.deviceId);
  const questions = device ? store.questionsFor(device) : [];
  const answers: Record<string, number> = {};
  for (const { question, answer } of group.answers) {
    const q = questions.find((c) => String(c.id) === question || c.code.toLowerCase() === question.toLowerCase());
    if (!q) {
      if (/^\d+$/.test(question) && /^\d+$/.test(answer))
        answers[question] = Number(answer); // recordInspection reports it
      else throw new Error(`${item.deviceName} has no question "${question}" (questions: ${questions.map((c) => c.code).join(', ')}).`);
      continue;
    }
    const a = q.answers.find((c) => String(c.id) === answer || c.code.toLowerCase() === answer.toLowerCase());
    if (!a)
      throw new Error(`Question ${q.code} has no answer "${answer}" (answers: ${q.answers.map((c) => `${c.id}=${c.code}`).join(', ')}).`);
    if (String(q.id) in answers) throw new Error(`Question ${q.code} is answered twice for item ${item.position + 1}.`);
    answers[String(q.id)] = a.id;
  }
  return { offerId: item.offerId, answers, ...(group.note ? { note: group.note } : {}) };
}

/** The answers as QUESTION=ANSWER codes. */
function codesOf(store: CatalogueStore, answers: Record<string, number>): string {
  const questions: CatalogueQuestion[] = store.catalogue.questionSets.flatMap((s) => s.questions);
  return questions
    .filter((q) => String(q.id) in answers)
    .map((q) => `${q.code}=${q.answers.find((a) => a.id === answers[String(q.id)])?.code ?? answers[String(q.id)]}`)
    .join(' ');
}

function formatTrade(details: TradeDetails): string {
  const { trade, items, clarifications, transitions } = details;
  const lines = [
    `Trade ${trade.tradeNumber}   status: ${trade.status}`,
    `  id ${trade.tradeId} · transaction ${trade.transactionId} · shop ${trade.locale}${trade.b2b ? ' · business' : ''} · created ${when(trade.createdAt)}`,
    `  seller ${trade.guestEmail ?? '(customer account)'} · payout ${trade.payout.method === 'sepa' ? 'SEPA' : 'PayPal'} ${trade.payout.masked}`,
    `  offered ${formatCents(trade.totalCents)}` +
      (trade.voucher
        ? ` (items ${formatCents(trade.subtotalCents)} + voucher ${trade.voucher.code} ${formatCents(trade.voucher.cents)})`
        : '') +
      payoutSummary(trade.status, trade.payoutCents, trade.paidCents),
    '',
    'Items',
    table(
      ['#', 'OFFER', 'DEVICE', '>OFFERED', 'OFFERED AS', 'FOUND', '>AGREED', 'PAID'],
      items.map((item) => {
        const differs = item.inspection?.foundCodes.filter((code) => !item.offeredCodes.includes(code)) ?? [];
        return [
          String(item.position + 1),
          item.offerId,
          item.deviceName,
          formatCents(item.priceCents),
          `${item.kind === 'recycling' ? 'recycling ' : ''}${item.offeredCodes.join(' ')}`,
          !item.inspection ? 'not inspected' : differs.length ? differs.join(' ') : 'as offered',
          !item.inspection ? '' : item.inspection.agreedPriceCents === null ? '—' : formatCents(item.inspection.agreedPriceCents),
          item.payoutId ? 'paid' : '',
        ];
      }),
    ),
  ];
  if (clarifications.length > 0) {
    const position = new Map(items.map((i) => [i.offerId, i.position + 1]));
    lines.push(
      '',
      'Clarifications',
      table(
        ['ID', 'ITEM', 'KIND', '>NEW OFFER', 'VALID UNTIL', 'STATUS', 'LINK'],
        clarifications.map((c) => [
          c.id,
          String(position.get(c.itemOfferId) ?? '?'),
          c.kind,
          formatCents(c.newPriceCents),
          when(c.validUntil),
          c.status,
          c.linkPath,
        ]),
      ),
      ...clarifications.map((c) => `  ${c.id.slice(0, 8)}: ${c.reason}`),
    );
  }
  const photos = items.flatMap((item) => item.photos.map((photo) => ({ ...photo, position: item.position })));
  if (photos.length > 0) {
    lines.push(
      '',
      'Evidence photos (the seller sees them with the clarification)',
      table(
        ['ITEM', 'PHOTO', 'TYPE', '>SIZE'],
        photos.map((p) => [String(p.position + 1), p.id, p.contentType, `${Math.max(1, Math.round(p.size / 1024))} KB`]),
      ),
    );
  }
  if (details.payouts.length > 0) {
    lines.push(
      '',
      'Payouts',
      table(
        ['AT', '>AMOUNT', 'DEVICES', 'VOUCHER', 'DUE BY', 'LATE BONUS'],
        details.payouts.map((p) => [
          when(p.paidAt),
          formatCents(p.amountCents),
          String(p.items),
          p.voucherCents ? formatCents(p.voucherCents) : '',
          p.dueBy ?? '',
          p.bonusCents ? formatCents(p.bonusCents) : '',
        ]),
      ),
    );
  }
  lines.push(
    '',
    'Transitions',
    table(
      ['AT', 'FROM', 'TO', 'NOTE'],
      transitions.map((t) => [when(t.at), t.from ?? '—', t.to, t.note ?? '']),
    ),
  );
  return lines.join('\n');
}

function payoutSummary(status: TradeStatus, cents: number, paid: number): string {
  const sofar = paid > 0 ? `, paid so far ${formatCents(paid)}` : '';
  switch (status) {
    case 'inspected':
    case 'accepted':
      return ` · to pay ${formatCents(cents - paid)}${sofar}`;
    case 'paid':
      return ` · paid ${formatCents(paid > 0 ? paid : cents)}`;
    case 'clarification':
      return ` · agreed so far ${formatCents(cents)}${sofar}, open clarifications pending`;
    case 'declined':
    case 'returned':
      return ` · agreed ${formatCents(cents)}${sofar}; declined devices are not paid`;
    default:
      return '';
  }
}

/** A plain-text table; a header starting with > right-aligns its column. */
function table(headers: string[], rows: string[][]): string {
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
async function shippingOrigin(locale: string): Promise<string> {
  return (await shipping()).publicOrigin(locale as Parameters<ShippingServices['publicOrigin']>[0]).replace(/\/+$/, '');
}

const when = (date: Date) => `${date.toISOString().slice(0, 19).replace('T', ' ')} UTC`;

function usage(): string {
  const entries = Object.values(COMMANDS).flatMap((c) => {
    const help = c.help.split('\n');
    return c.usage.length > 34
      ? [`  ${c.usage}`, ...help.map((l) => `  ${''.padEnd(34)} ${l}`)]
      : [`  ${c.usage.padEnd(34)} ${help[0]}`, ...help.slice(1).map((l) => `  ${''.padEnd(34)} ${l}`)];
  });
  return ['Usage: npm run ops -- <command>', '', ...entries].join('\n');
}

const args = process.argv.slice(2);
const name = Object.keys(COMMANDS).find((key) => key.split(' ').every((word, i) => args[i] === word));
if (!name) {
  const asked = args.length === 0 || ['help', '--help', '-h'].includes(args[0] ?? '');
  if (!asked) console.error(`Unknown command: ${args.join(' ')}\n`);
  console.error(usage());
  process.exit(asked ? 0 : 2);
}
try {
  await COMMANDS[name]!.run(args.slice(name.split(' ').length));
} catch (error) {
  console.error(`ops: ${error instanceof Error ? error.message : String(error)}`);
  if (error instanceof UsageError) {
    console.error(`Usage: npm run ops -- ${COMMANDS[name]!.usage}`);
    process.exit(2);
  }
  process.exit(1);
}
